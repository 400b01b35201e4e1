// The Jellyfin client against the contract-validated simulator: every method, then the failure modes.
import t from 'tap'
import { createJellyfinClient } from '../../clients/jellyfin/client.js'
import { authorizationHeader } from '../../clients/jellyfin/requests.js'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { tokenFromAuthorization } from '../../simulators/jellyfin/index.js'
import { BackendError } from '../../core/errors.js'
import { createPathMap } from '../../core/path-map.js'
import { until } from '../helpers/until.js'

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

t.test('the MediaBrowser header carries the token in the form Jellyfin parses', async t => {
  const header = authorizationHeader(KEY, '1.2.3')
  t.match(header, /^MediaBrowser Client="mediastack-mcp", Device="server", DeviceId="mediastack-mcp", Version="1.2.3", Token="a1b2/)
  t.equal(tokenFromAuthorization(header), KEY)
  t.equal(tokenFromAuthorization(authorizationHeader('k"e y,=', '1')), 'k"e y,=', 'odd characters survive URL-encoding')
})

t.test('every client method against the simulator, contract-clean', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY, scanMs: 5 })
  t.teardown(() => sim.close())
  const jf = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY })
  t.teardown(() => jf.close())

  const pub = await jf.publicInfo()
  t.equal(pub.version, '10.11.11')
  t.equal((await jf.systemInfo()).serverName, 'mediastack-sim')

  const libs = await jf.libraries()
  t.same(libs.map(l => l.name), ['Movies', 'Shows', 'Anime', 'Music'])
  const movies = libs[0]
  const movieCount = await jf.countItems(movies.itemId, ['Movie'])
  t.ok(movieCount > 200, `hundreds of movies (${movieCount})`)

  const page1 = await jf.items({ types: ['Series'], limit: 10 })
  t.equal(page1.items.length, 10)
  t.ok(page1.total > 100)
  const page2 = await jf.items({ types: ['Series'], limit: 10, startIndex: 10 })
  t.equal(page2.startIndex, 10)
  t.notOk(page2.items.some(i => page1.items.find(j => j.id === i.id)), 'pages do not overlap')
  const series = page1.items.find(i => (i.childCount ?? 0) > 0)!
  t.ok(series.providerIds.tvdb, 'provider ids come back')
  t.match(series.path, /^\/data\/(tv|anime)\//)

  const search = await jf.items({ searchTerm: series.name.split(' ')[0], types: ['Series', 'Movie'] })
  t.ok(search.items.some(i => i.id === series.id), 'search finds the series by a word of its name')
  const inLib = await jf.items({ parentId: movies.itemId, types: ['Movie', 'Series'], limit: 5 })
  t.ok(inLib.items.every(i => i.type === 'Movie'), 'parentId limits to one library')

  const one = await jf.item(series.id)
  t.equal(one?.name, series.name)
  t.equal(await jf.item('0123456789abcdef0123456789abcdef'), undefined, 'unknown id is undefined, not an error')

  const seasons = await jf.seasons(series.id)
  t.ok(seasons && seasons.length > 0)
  const eps = await jf.episodes(series.id, { seasonId: seasons![0].id, limit: 3 })
  t.ok(eps && eps.items.length > 0 && eps.items.length <= 3)
  t.ok(eps!.items.every(e => e.seasonId === seasons![0].id && e.seriesId === series.id))
  t.ok(eps!.total >= eps!.items.length)
  t.equal(await jf.seasons('0123456789abcdef0123456789abcdef'), undefined)
  t.equal(await jf.episodes('0123456789abcdef0123456789abcdef', {}), undefined)

  const sessions = await jf.sessions()
  const playing = sessions.find(s => s.nowPlaying)!
  t.ok(playing, 'someone is watching something')
  await jf.sendMessage(playing.id, 'Server restarts in 5 minutes', 'Maintenance')
  t.same(sim.state.messages, [{ sessionId: playing.id, text: 'Server restarts in 5 minutes', header: 'Maintenance' }])
  await jf.stopPlayback(playing.id)
  t.notOk((await jf.sessions()).find(s => s.id === playing.id)?.nowPlaying, 'stop ends playback')

  const users = await jf.users()
  t.ok(users.some(u => u.isAdmin))
  t.ok(users.some(u => u.isDisabled))

  const log = await jf.activity({ limit: 5 })
  t.equal(log.items.length, 5)
  t.ok(log.items[0].date >= log.items[4].date, 'newest first')
  const recent = await jf.activity({ minDate: log.items[2].date, limit: 100 })
  t.ok(recent.items.every(e => e.date >= log.items[2].date))

  const scansBefore = sim.state.scans
  await jf.refreshLibraries()
  await until(() => sim.state.scans > scansBefore)
  t.equal(sim.state.scans, scansBefore + 1, 'the scan completes')
  t.equal((await jf.activity({ limit: 1 })).items[0].name, 'Scan Media Library completed', 'and is logged')

  t.equal(await jf.refreshItem(series.id), true)
  t.equal(sim.state.items.get(series.id)?.refreshCount, 1)
  t.equal(await jf.refreshItem('0123456789abcdef0123456789abcdef'), false)

  await jf.createLibrary({ name: 'Documentaries', collectionType: 'movies', paths: ['/data/docs'] })
  t.same((await jf.libraries()).find(l => l.name === 'Documentaries')?.locations, ['/data/docs'])
  await jf.createLibrary({ name: 'Documentaries', collectionType: 'movies', paths: ['/data/docs2'] })
  t.same((await jf.libraries()).find(l => l.name === 'Documentaries2')?.locations, ['/data/docs2'], 'a taken name is not refused: Jellyfin numbers it')

  const episode = eps!.items[0]
  t.equal(await jf.deleteItem(episode.id), true)
  t.equal(await jf.item(episode.id), undefined)
  t.equal(await jf.deleteItem(episode.id), false)

  const probe = await jf.probe()
  t.match(probe, { service: 'Jellyfin', configured: true, reachable: true, version: '10.11.11' })
  t.type(probe.latencyMs, 'number')

  t.same(sim.violations, [], 'no contract violations')
})

t.test('item() works with an API key (no user), where GET /Items/{id} answers 400', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const jf = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY })
  t.teardown(() => jf.close())
  const series = (await jf.items({ types: ['Series'], limit: 1 })).items[0]
  // The route the client used to call: Jellyfin 10.11 needs a user there, and an API key has none.
  const direct = await jf.call<unknown>({ path: `/Items/${series.id}` }).catch(e => e)
  t.match(direct, { status: 400 }, 'GET /Items/{id} with a key and no userId is a 400, as on the real server')
  const one = await jf.item(series.id)
  t.match(one, { id: series.id, name: series.name, type: 'Series' })
  t.ok(one?.providerIds.tvdb, 'the fields the tools show come back')
  t.match(one?.path, /^\/data\//)
  t.equal((await jf.item(series.id.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')))?.id, series.id, 'the dashed form of an id works too')
  t.equal(await jf.item('not-a-guid'), undefined, 'a malformed id is no item (the server would drop it and list everything)')
  t.same(sim.violations, [])
})

t.test('a folder with a comma in its name stays one library folder', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const jf = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY })
  t.teardown(() => jf.close())
  await jf.createLibrary({ name: 'Concerts', collectionType: 'music', paths: ['/data/Live, Unplugged'] })
  t.same((await jf.libraries()).find(l => l.name === 'Concerts')?.locations, ['/data/Live, Unplugged'])
  t.same(sim.violations, [])
})

t.test('PATH_MAP: the server\'s paths come back as ours, ours go out as the server\'s', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const jf = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY }, { pathMap: createPathMap('/data=/srv/media') })
  const plain = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY })
  t.teardown(async () => { await jf.close(); await plain.close() })

  t.same((await jf.libraries()).find(l => l.name === 'Shows')?.locations, ['/srv/media/tv'], 'library folders')
  const series = (await jf.items({ types: ['Series'], limit: 5 })).items
  t.ok(series.length > 0 && series.every(i => i.path?.startsWith('/srv/media/')), 'item paths in a page')
  const one = series.find(i => (i.childCount ?? 0) > 0)!
  t.match((await jf.item(one.id))?.path, /^\/srv\/media\//, 'one item')
  const seasons = (await jf.seasons(one.id))!
  t.ok(seasons.every(s => s.path === undefined || s.path.startsWith('/srv/media/')), 'seasons')
  const episodes = (await jf.episodes(one.id, { seasonId: seasons[0].id }))!
  t.ok(episodes.items.length > 0 && episodes.items.every(e => e.path === undefined || e.path.startsWith('/srv/media/')), 'episodes')

  await jf.createLibrary({ name: 'Documentaries', collectionType: 'movies', paths: ['/srv/media/docs'] })
  t.same((await plain.libraries()).find(l => l.name === 'Documentaries')?.locations, ['/data/docs'], 'the server is sent its own path')
  t.same((await jf.libraries()).find(l => l.name === 'Documentaries')?.locations, ['/srv/media/docs'])
  t.equal(jf.serverPath('/srv/media/docs'), '/data/docs')
  t.same(sim.violations, [])
})

t.test('auth failures and faults become BackendErrors that say what to do', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())

  const wrong = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: 'wrong' })
  t.teardown(() => wrong.close())
  const err = await wrong.libraries().catch(e => e)
  t.ok(err instanceof BackendError)
  t.equal(err.code, 'unauthorized')
  t.match(err.message, /MEDIA_SERVER_API_KEY/)
  t.notMatch(err.message, /wrong/, 'the key itself is never echoed')
  t.equal((await wrong.probe()).reachable, true, 'the public probe needs no key')

  const none = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: '' })
  t.teardown(() => none.close())
  await t.rejects(none.items({}), { code: 'not_configured', message: /set MEDIA_SERVER_API_KEY/ })
  await t.rejects(none.item('0123456789abcdef0123456789abcdef'), { code: 'not_configured' })
  t.match(await none.probe(), { configured: false, reachable: true })

  // The deadline covers a call's retries: 1 s leaves room to retry a 503, and still cuts a 2 s delay short.
  const jf = createJellyfinClient({ MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: KEY }, { deadlineMs: 1_000 })
  t.teardown(() => jf.close())
  sim.faults.set('slow', { delayMs: 2_000, count: 3 })
  await t.rejects(jf.libraries(), { code: 'timeout', message: /did not answer in \d+ m?s\. .*then retry\.$/ })
  sim.faults.set('5xx', { count: 1 })
  t.ok((await jf.libraries()).length > 0, 'a single 503 on a GET is retried')
  sim.faults.set('invalid-json', { count: 3 })
  await t.rejects(jf.libraries(), { code: 'bad_response', message: /MEDIA_SERVER_URL/ })
  sim.faults.set('wrong-key', { count: 1 })
  await t.rejects(jf.users(), { code: 'unauthorized' })
  sim.faults.set('none')
  t.same(sim.violations, [])

  await sim.close()
  const down = await jf.probe()
  t.equal(down.reachable, false)
  t.match(down.error, /unreachable|could not be reached/)
})
