// The shared Servarr client against the simulators: auth and its errors, probes, PATH_MAP both ways,
// validation failures, the grab cache rule, and fault modes.
import t from 'tap'
import { BackendError, ToolError } from '../../core/errors.js'
import { createPathMap } from '../../core/path-map.js'
import { createSonarrClient } from '../../clients/servarr/sonarr.js'
import { createRadarrClient } from '../../clients/servarr/radarr.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'

const KEY = 'feedfacefeedfacefeedfacefeedface'

async function sonarr (tt: { teardown: (fn: () => unknown) => void }, apiKey = KEY, deadlineMs?: number) {
  const sim = await createSonarrSimulator({ apiKey: KEY })
  const client = createSonarrClient({ baseUrl: sim.url, apiKey, urlVar: 'SERIES_MANAGER_URL', keyVar: 'SERIES_MANAGER_API_KEY', pathMap: createPathMap('/data=/srv/media'), deadlineMs })
  tt.teardown(async () => { await client.close(); await sim.close() })
  return { sim, client }
}

t.test('probe reports version and latency; a wrong key names the variable to fix', async t => {
  const { client } = await sonarr(t)
  const p = await client.probe()
  t.match(p, { service: 'Sonarr', configured: true, reachable: true, version: /^4\./ })
  const bad = await sonarr(t, 'wrong')
  const err = await bad.client.systemStatus().catch(e => e)
  t.ok(err instanceof BackendError)
  t.equal(err.code, 'unauthorized')
  t.match(err.message, 'SERIES_MANAGER_API_KEY')
  t.match(await bad.client.probe(), { reachable: true, configured: true, error: /SERIES_MANAGER_API_KEY/ })
})

t.test('an empty key fails at once with a hint, without calling the service', async t => {
  const { client, sim } = await sonarr(t, '')
  const err = await client.listSeries().catch(e => e)
  t.equal(err.code, 'not_configured')
  t.match(err.message, 'set SERIES_MANAGER_API_KEY')
  t.equal(sim.faults.hits, 0)
})

t.test('PATH_MAP: manager paths come back as ours, and ours go out as the manager\'s', async t => {
  const { client, sim } = await sonarr(t)
  const s = await client.getSeries(1)
  t.match(s?.path, /^\/srv\/media\/tv\//)
  t.same((await client.rootFolders()).map(r => r.path), ['/srv/media/tv', '/srv/media/anime'])
  const found = (await client.lookup('tvdb:400001'))[0]
  const added = await client.addSeries({ title: found.title, tvdbId: 400001, year: found.year, qualityProfileId: 4, rootFolderPath: '/srv/media/tv', addOptions: { monitor: 'all' } })
  t.equal(added.path, '/srv/media/tv/Northern Line (2024)')
  t.equal(sim.state.library.series.get(added.id)?.path, '/data/tv/Northern Line (2024)', 'the manager got its own path')
  t.same(sim.violations, [])
})

t.test('validation failures become a ToolError listing the failures, not the raw body', async t => {
  const { client } = await sonarr(t)
  const err = await client.addSeries({ title: 'Harbor Lights', tvdbId: 300001, qualityProfileId: 99, rootFolderPath: '/srv/media/tv' }).catch(e => e)
  t.ok(err instanceof ToolError)
  t.notOk(err instanceof BackendError)
  t.match(err.message, /QualityProfileExistsValidator.*SeriesExistsValidator/)
  t.same(err.details.codes, ['QualityProfileExistsValidator', 'SeriesExistsValidator'])
})

t.test('grab returns false when the release is not in the cache, true after a search', async t => {
  const { client, sim } = await sonarr(t)
  t.equal(await client.grab('missing', 1), false)
  const [r] = await client.releases({ episodeId: 2 })
  t.equal(await client.grab(String(r.guid), r.indexerId), true)
  t.equal((await client.queue({ page: 1, pageSize: 10 })).totalRecords, 1)
  t.same(sim.violations, [])
})

t.test('commands: started, then waited for until they finish', async t => {
  const { client } = await sonarr(t)
  const cmd = await client.command({ name: 'RescanSeries', seriesId: 1 })
  t.equal(cmd.status, 'queued')
  t.equal((await client.waitForCommand(cmd.id, { intervalMs: 20 })).status, 'completed')
})

t.test('fault modes: down, 5xx, invalid JSON, slow', async t => {
  const { client, sim } = await sonarr(t, KEY, 400)
  sim.faults.set('down')
  t.match(await client.systemStatus().catch(e => e), { code: 'unavailable', message: /SERIES_MANAGER_URL/ })
  sim.faults.set('5xx', { status: 500 })
  t.match(await client.command({ name: 'RssSync' }).catch(e => e), { code: 'unavailable', message: /HTTP 500/ })
  sim.faults.set('invalid-json')
  t.match(await client.systemStatus().catch(e => e), { code: 'bad_response' })
  sim.faults.set('slow', { delayMs: 2_000 })
  t.match(await client.command({ name: 'RssSync' }).catch(e => e), { code: 'timeout' })
  sim.faults.set('none')
})

t.test('Radarr client: movie lookup, add with our paths, files', async t => {
  const sim = await createRadarrSimulator({ apiKey: KEY })
  const client = createRadarrClient({ baseUrl: sim.url, apiKey: KEY, urlVar: 'MOVIE_MANAGER_URL', keyVar: 'MOVIE_MANAGER_API_KEY', pathMap: createPathMap('/data=/srv/media') })
  t.teardown(async () => { await client.close(); await sim.close() })
  t.equal((await client.movieByTmdbId(500001))?.movieFile?.path?.startsWith('/srv/media/movies/'), true)
  t.equal((await client.movieFiles(1)).length, 1)
  const added = await client.addMovie({ title: 'Paper Moons', tmdbId: 600001, year: 2023, qualityProfileId: 4, rootFolderPath: '/srv/media/movies' })
  t.equal(added.path, '/srv/media/movies/Paper Moons (2023)')
  t.equal(await client.getMovie(99999), undefined)
  const err = await createRadarrClient({ baseUrl: sim.url, apiKey: 'x', urlVar: 'MOVIE_MANAGER_URL', keyVar: 'MOVIE_MANAGER_API_KEY' }).listMovies().catch(e => e)
  t.match(err.message, 'MOVIE_MANAGER_API_KEY')
  t.same(sim.violations, [])
})
