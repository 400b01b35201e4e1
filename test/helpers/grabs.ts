// Grabs on the Sonarr/Radarr simulators, as several tests set them up: the first release of a show's first
// episode, or of any query, and the wait until the manager tracks the grab (its next queue refresh).
import type { FastifyInstance } from 'fastify'
import type { SonarrSimulator } from '../../simulators/servarr/sonarr.js'
import type { RadarrSimulator } from '../../simulators/servarr/radarr.js'
import type { ToolCallResult } from '../../core/tool-types.js'
import { ok } from './results.js'

type Managers = { app: FastifyInstance, sonarr: SonarrSimulator, radarr: RadarrSimulator }

/** Until every item is tracked by its manager (the 30 s bound is a deadline for a hang, not the expected wait). */
export async function untilTracked (items: Array<{ tracked?: boolean }>) {
  const deadline = Date.now() + 30_000
  while (!items.every(q => q.tracked)) {
    if (Date.now() > deadline) throw new Error('the manager did not track the grab within 30 s')
    await new Promise(resolve => setTimeout(resolve, 5))
  }
}

/** Grabs the first release the manager offers for `query` and waits until it tracks it; returns its queue items. */
export async function grabTracked (s: Managers, service: 'sonarr' | 'radarr', query: Record<string, number>) {
  const client = s.app.backends[service]
  const releases = await client.releases(query)
  const before = new Set(s[service].state.queue.map(q => q.downloadId))
  await client.grab(releases[0]!.guid!, releases[0]!.indexerId)
  const mine = s[service].state.queue.filter(q => !before.has(q.downloadId))
  await untilTracked(mine)
  return mine
}

/** Grabs the first release of the show's first episode (Harbor Lights unless named) and returns its queue row. */
export async function grabFirstEpisode (app: FastifyInstance, sonarr: SonarrSimulator, { title = 'Harbor Lights', tracked = false } = {}) {
  const show = [...sonarr.state.library.series.values()].find(x => x.title === title)!
  const [episode] = sonarr.state.library.bySeries.get(show.id)!
  const [release] = await app.backends.sonarr.releases({ episodeId: episode!.id })
  await app.backends.sonarr.grab(release!.guid!, release!.indexerId)
  const row = sonarr.state.queue.at(-1)!
  if (tracked) await untilTracked([row])
  return row
}

/** The series manager's show with a season pack among its releases (the simulators' lookup). */
const NORTHERN_LINE = 400001

/** Adds Northern Line through the tools and grabs its first season's pack (one queue row per episode). */
export async function grabSeasonPack (s: { call: (name: string, args?: Record<string, unknown>) => Promise<ToolCallResult> }) {
  ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' }))
  const pack = ok(await s.call('series_releases', { id: NORTHERN_LINE, seasonNumber: 1, includeRejected: false })).items.find((r: { fullSeason?: boolean }) => r.fullSeason)
  ok(await s.call('series_grab', { id: NORTHERN_LINE, seasonNumber: 1, guid: pack.guid, indexerId: pack.indexerId }))
}
