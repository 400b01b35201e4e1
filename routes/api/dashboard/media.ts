// The media-server sections: now playing, library counts and recent activity, each read with a deadline
// and reported unavailable (with the reason) when the media server does not answer.
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import { topLevelKinds } from '../../../clients/media-server/types.js'
import type { ActivitySection, LibraryCount, NowPlayingSection } from './schemas.js'
import { didNotAnswer, withDeadline } from '../../../core/deadline.js'
import { publicReason } from './public-reason.js'

export const MAX_ACTIVITY = 20

type Unavailable = { available: false, reason: string }

async function guarded<T> (app: FastifyInstance, deadlineMs: number, load: (signal: AbortSignal) => Promise<T>): Promise<T | Unavailable> {
  const controller = new AbortController()
  try {
    return await withDeadline(load(controller.signal), deadlineMs, didNotAnswer(app.backends.mediaServer.service, deadlineMs))
  } catch (err) {
    return { available: false, reason: publicReason(err, app.backends.mediaServer.service, app.log) }
  } finally {
    controller.abort()
  }
}

const isUnavailable = (v: unknown): v is Unavailable => typeof v === 'object' && v !== null && (v as Unavailable).available === false

export async function loadNowPlaying (app: FastifyInstance, deadlineMs: number): Promise<Static<typeof NowPlayingSection>> {
  const sessions = await guarded(app, deadlineMs, signal => app.backends.mediaServer.sessions(960, { signal }))
  if (isUnavailable(sessions)) return { ...sessions, sessions: [] }
  return {
    available: true,
    sessions: sessions.filter(s => s.nowPlaying && s.id !== '').map(s => {
      const p = s.nowPlaying!
      const progress = p.positionSeconds !== undefined && p.runtimeSeconds ? Math.min(100, Math.round(1000 * p.positionSeconds / p.runtimeSeconds) / 10) : undefined
      return {
        sessionId: s.id,
        user: s.userName ?? 'unknown',
        client: s.client ?? 'unknown',
        device: s.deviceName ?? 'unknown',
        item: { name: p.name, type: p.type, ...(p.seriesName ? { seriesName: p.seriesName } : {}) },
        ...(progress !== undefined ? { progressPercent: progress } : {}),
        ...(p.positionSeconds !== undefined ? { positionSeconds: Math.max(0, p.positionSeconds) } : {}),
        ...(p.runtimeSeconds !== undefined ? { runtimeSeconds: Math.max(0, p.runtimeSeconds) } : {}),
        paused: p.isPaused,
        transcoding: p.playMethod === 'Transcode'
      }
    })
  }
}

export async function loadLibraryCounts (app: FastifyInstance, deadlineMs: number): Promise<{ available: boolean, reason?: string, libraries: Array<Static<typeof LibraryCount>> }> {
  const result = await guarded(app, deadlineMs, async signal => {
    const jf = app.backends.mediaServer
    const libs = await jf.libraries({ signal })
    return Promise.all(libs.map(async lib => {
      const [itemCount, episodeCount] = await Promise.all([
        jf.countItems(lib.itemId, topLevelKinds(lib.collectionType), { signal }),
        lib.collectionType === 'tvshows' ? jf.countItems(lib.itemId, ['Episode'], { signal }) : Promise.resolve(undefined)
      ])
      return { name: lib.name, collectionType: lib.collectionType, itemCount, ...(episodeCount !== undefined ? { episodeCount } : {}) }
    }))
  })
  if (isUnavailable(result)) return { ...result, libraries: [] }
  return { available: true, libraries: result.sort((a, b) => a.name.localeCompare(b.name)) }
}

export async function loadActivity (app: FastifyInstance, deadlineMs: number): Promise<Static<typeof ActivitySection>> {
  const page = await guarded(app, deadlineMs, signal => app.backends.mediaServer.activity({ limit: MAX_ACTIVITY }, { signal }))
  if (isUnavailable(page)) return { ...page, items: [] }
  return {
    available: true,
    items: page.items.slice(0, MAX_ACTIVITY).map(a => ({
      id: a.id, name: a.name, type: a.type, date: a.date, severity: a.severity, ...(a.overview ? { overview: a.overview } : {})
    }))
  }
}
