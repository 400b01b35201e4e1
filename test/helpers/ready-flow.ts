// The "it's ready" flow on the simulators, for the notice tests of the web chat and the bot: Northern Line is
// added, a release for S01E02 is picked (the chat's model then grabs it), the download finishes, the episode
// is imported through series_import (Sonarr records downloadFolderImported), and the media server lists it
// after a library scan (the simulator does not read the disk, so the imported file is handed to its scan,
// as test/scenario/users-day.test.ts does).
import { statSync } from 'node:fs'
import type { SeedSeries } from '../../simulators/fixtures/library.js'
import { type ServarrStack } from './servarr-sims.js'
import { ok } from './results.js'
import { until } from './until.js'

export const SHOW = { title: 'Northern Line', tvdbId: 400001 }

/** Adds the show and returns the series_grab arguments for S01E02 (what the model will call). */
export async function prepareGrab (s: ServarrStack): Promise<Record<string, unknown>> {
  const added = ok(await s.call('series_search', { addTvdbId: SHOW.tvdbId, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' })).added
  const pick = ok(await s.call('series_releases', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2 })).items[0]
  return { id: added.seriesId, seasonNumber: 1, episodeNumber: 2, guid: pick.guid, indexerId: pick.indexerId }
}

/** Northern Line as the media server's next scan finds it: S01E02 "Undertow" at `file` (the server's path). */
export function northernLineSeed (file: string, sizeBytes: number): SeedSeries {
  return {
    key: 'northern-line-2024',
    title: SHOW.title,
    year: 2024,
    tvdbId: SHOW.tvdbId,
    tmdbId: 0,
    imdbId: '',
    seriesType: 'standard',
    status: 'continuing',
    network: 'Channel 4',
    genres: ['Drama'],
    overview: '',
    root: '/data/tv',
    path: '/data/tv/Northern Line (2024)',
    inLibrary: true,
    seasons: [{ seasonNumber: 1, episodes: [{ episodeNumber: 2, title: 'Undertow', airDate: '2025-01-01', runtimeMinutes: 45, file, sizeBytes }] }]
  }
}

/** Waits for the grabbed download to finish, imports it and lets the media server's scan list it. */
export async function importAndList (s: ServarrStack, seriesId: number): Promise<void> {
  // The minute is a deadline for a hang, not the expected wait (the manager's download and scan run on its timers).
  let deadline = Date.now() + 60_000
  let item: any
  await until(async () => {
    item = ok(await s.call('series_status', { view: 'queue', id: seriesId })).items[0]
    if (item?.state === 'importBlocked') return true
    if (Date.now() > deadline) throw new Error(`the download did not finish: ${JSON.stringify(item)}`)
    return false
  }, 50)
  const file = ok(await s.call('series_import', { path: item.outputPath, importMode: 'copy' })).imported[0].destinationPath as string
  const staged = northernLineSeed(file.replace(s.roots.media, '/data'), statSync(file).size)
  s.jellyfin!.state.staged.push({ series: staged })
  ok(await s.call('manage_library', { action: 'scan' }))
  deadline = Date.now() + 60_000
  await until(async () => {
    if (ok(await s.call('search_media', { query: SHOW.title, types: ['Series'] })).items.length > 0) return true
    if (Date.now() > deadline) throw new Error('the media server did not list the show')
    return false
  }, 25)
}
