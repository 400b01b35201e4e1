// The free-space check of a grab uses the chosen instance's library folder: the anime series manager keeps its
// library on another filesystem (a tmpfs here) that is nearly full, so the same release that fits for the
// default instance is refused for the anime one, naming the anime library disk.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { errorText, ok, startServarrStack } from '../../helpers/servarr-sims.js'
import { createSonarrSimulator } from '../../../simulators/servarr/sonarr.js'

const SHM = '/dev/shm'
const otherFs = (() => { try { return statSync(SHM).dev !== statSync(process.cwd()).dev } catch { return false } })()
if (!otherFs) t.plan(0, 'needs a second filesystem (/dev/shm) for the anime library')
else {
  const GiB = 1024 ** 3
  const animeMedia = mkdtempSync(join(SHM, 'anime-media-'))
  t.teardown(() => rmSync(animeMedia, { recursive: true, force: true }))
  /** The anime library's disk is nearly full; every other disk has room. */
  const figures = async (path: string) => {
    const free = path.startsWith(animeMedia) ? 1 * GiB : 100 * GiB
    return { totalBytes: 500 * GiB, usedBytes: 500 * GiB - free, freeBytes: free, usedPercent: 50 }
  }
  const key = 'b1c2d3e4f5a60718293a4b5c6d7e8f90'
  const anime = await createSonarrSimulator({ apiKey: key, paths: { media: '/anime' }, disk: { media: animeMedia }, downloadMs: 60_000 })
  t.teardown(() => anime.close())
  const s = await startServarrStack(t, {
    sim: { downloadMs: 60_000 },
    build: { plugins: { disk: { figures } } },
    config: roots => ({
      PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads},/anime=${animeMedia}`,
      SERIES_MANAGER_INSTANCES: 'anime',
      SERIES_MANAGER_ANIME_URL: anime.url,
      SERIES_MANAGER_ANIME_API_KEY: key
    })
  })
  const NORTHERN_LINES = 400002

  t.test('the same release fits the default library and not the anime one', async t => {
    for (const instance of ['default', 'anime']) {
      ok(await s.call('series_search', { addTvdbId: NORTHERN_LINES, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all', instance }))
    }
    const target = { id: NORTHERN_LINES, seasonNumber: 1, episodeNumber: 1 }
    const pick = async (instance: string) => {
      const items = ok(await s.call('series_releases', { ...target, includeRejected: true, instance })).items as Array<{ guid: string, indexerId: number, sizeBytes: number }>
      return items.find(r => r.sizeBytes > 1.5 * GiB && r.sizeBytes < 50 * GiB)!
    }
    const onAnime = await pick('anime')
    const refused = errorText(await s.call('series_grab', { ...target, guid: onAnime.guid, indexerId: onAnime.indexerId, instance: 'anime' }))
    t.match(refused, new RegExp(`^Not enough free space for this release .*: the library disk \\(${animeMedia}/tv/.+\\) has 1\\.0 GiB free`))
    t.equal(anime.state.queue.length, 0, 'nothing was grabbed on the anime instance')

    const onDefault = await pick('default')
    const grabbed = ok(await s.call('series_grab', { ...target, guid: onDefault.guid, indexerId: onDefault.indexerId, instance: 'default' }))
    t.equal(grabbed.instance, 'default')
    t.equal(s.sonarr.state.queue.length, 1, 'the default instance grabbed it')
  })
}
