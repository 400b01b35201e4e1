// The free-space check of a grab uses the chosen instance's library folder: the anime series manager keeps its
// library on another filesystem (a tmpfs here) that is nearly full, so the same release that fits for the
// default instance is refused for the anime one, naming the anime library disk.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { createSonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { extraManagers, nearlyFullDisk } from '../../helpers/instance-stack.js'
import { errorText, ok } from '../../helpers/results.js'

/** The anime library's disk is nearly full (1 GiB); every other disk has room. */
const disk = nearlyFullDisk('anime-media-')
if (!disk) t.plan(0, 'needs a second filesystem (/dev/shm) for the anime library')
else {
  const GiB = 1024 ** 3
  const animeMedia = disk.dir
  t.teardown(disk.cleanup)
  const key = 'b1c2d3e4f5a60718293a4b5c6d7e8f90'
  const anime = await createSonarrSimulator({ apiKey: key, paths: { media: '/anime' }, disk: { media: animeMedia }, downloadMs: 60_000 })
  t.teardown(() => anime.close())
  const s = await startServarrStack(t, {
    sim: { downloadMs: 60_000 },
    build: { plugins: { disk: { figures: disk.figures } } },
    config: roots => ({
      PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads},/anime=${animeMedia}`,
      ...extraManagers({ anime: [anime, key] })
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
