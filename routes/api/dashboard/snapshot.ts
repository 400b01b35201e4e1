// Assembles the dashboard snapshot. Backend-fed sections are cached briefly and concurrent reads share
// one load, so any number of open dashboards (and their live streams) cost the backends the same few
// calls per interval. Services come from the background probe and jobs from memory: never a backend call.
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type { LibrarySection, ServicesSection, SnapshotT } from './schemas.js'
import { disksOf } from './disk.js'
import { withFilling } from './disk-filling.js'
import { loadDownloads } from './downloads.js'
import { jobsSection } from './jobs-view.js'
import type { Principal } from '../../../core/principal.js'
import { sourceDeadlineMs } from '../../../core/deadline.js'
import { loadActivity, loadLibraryCounts, loadNowPlaying } from './media.js'

export interface SnapshotOptions {
  /** Longest wait for one backend-fed section (default the source deadline, as every source is waited for). */
  deadlineMs?: number
  /** How long downloads, now playing and activity are reused (default 2 s). */
  ttlMs?: number
  /** How long library counts are reused when the media server answered (default 60 s: they change slowly and cost a call per library). */
  libraryTtlMs?: number
}

interface Cached<T> { get: () => Promise<T>, invalidate: () => void }

function cached<T> (ttlFor: (value: T) => number, load: () => Promise<T>): Cached<T> {
  let value: T | undefined
  let expiresAt = 0
  let pending: Promise<T> | undefined
  let generation = 0
  return {
    get () {
      if (value !== undefined && Date.now() < expiresAt) return Promise.resolve(value)
      if (pending) return pending
      const started = generation
      pending = load().then(v => {
        if (started === generation) { value = v; expiresAt = Date.now() + ttlFor(v) }
        return v
      }).finally(() => { pending = undefined })
      return pending
    },
    invalidate () { generation++; value = undefined; expiresAt = 0 }
  }
}

export function createSnapshotSource (app: FastifyInstance, opts: SnapshotOptions = {}) {
  const deadlineMs = opts.deadlineMs ?? sourceDeadlineMs()
  const ttlMs = opts.ttlMs ?? 2_000
  const libraryTtlMs = opts.libraryTtlMs ?? 60_000
  const short = () => ttlMs
  const downloads = cached(short, () => loadDownloads(app, deadlineMs))
  const nowPlaying = cached(short, () => loadNowPlaying(app, deadlineMs))
  const activity = cached(short, () => loadActivity(app, deadlineMs))
  // A failed count is retried soon; a good one is kept for a minute, except while the library is settling: a
  // tool call or job that changes it (a scan, a cleanup, an import, a delete) drops the counts at once, and for
  // the next libraryTtlMs they are read as often as the rest, since a scan or a delete ends on the media server
  // after the call that started it.
  let settlingUntil = 0
  const counts = cached(v => v.available && Date.now() >= settlingUntil ? libraryTtlMs : ttlMs, () => loadLibraryCounts(app, deadlineMs))
  if (app.hasDecorator('libraryChanges')) {
    const stop = app.libraryChanges.subscribe(() => { settlingUntil = Date.now() + libraryTtlMs; counts.invalidate() })
    app.addHook('onClose', async () => { stop() })
  }

  function services (): Static<typeof ServicesSection> {
    return {
      items: app.backendStatus().map(s => ({
        name: s.service,
        configured: s.configured,
        reachable: s.reachable,
        ...(s.version !== undefined ? { version: s.version } : {}),
        ...(s.latencyMs !== undefined ? { latencyMs: s.latencyMs } : {}),
        checkedAt: s.checkedAt,
        ...(s.error !== undefined ? { error: s.error } : {})
      })).sort((a, b) => a.name.localeCompare(b.name))
    }
  }

  // The disks' forecast reads a month of the managers' history: kept as long as the counts.
  const filling = cached(() => libraryTtlMs, () => withFilling(app, deadlineMs))
  async function library (): Promise<Static<typeof LibrarySection>> {
    const [c, disks, fill] = await Promise.all([counts.get(), disksOf(app.config.MEDIA_ROOT, app.config.DOWNLOADS_ROOT), filling.get()])
    return { ...c, disks: disks.map(fill) }
  }

  async function snapshot (principal: Principal): Promise<SnapshotT> {
    const [d, n, l, a] = await Promise.all([downloads.get(), nowPlaying.get(), library(), activity.get()])
    return {
      generatedAt: new Date().toISOString(),
      services: services(),
      downloads: d,
      nowPlaying: n,
      library: l,
      jobs: jobsSection(app, principal),
      activity: a
    }
  }

  return {
    services,
    downloads: () => downloads.get(),
    nowPlaying: () => nowPlaying.get(),
    activity: () => activity.get(),
    library,
    jobs: (principal: Principal) => jobsSection(app, principal),
    snapshot,
    /** After an action (stop, message) the next read goes to the backend again. */
    invalidatePlayback: () => { nowPlaying.invalidate(); activity.invalidate() }
  }
}

export type SnapshotSource = ReturnType<typeof createSnapshotSource>
