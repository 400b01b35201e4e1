// Jellyfin simulator behaviour the contract does not carry (auth parsing, scans picking up staged
// items), and proof that the contract validator catches drift in both directions.
import t from 'tap'
import { request } from 'undici'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { generateLibrary } from '../../simulators/fixtures/library.js'
import { until } from '../helpers/until.js'

const KEY = 'f00dfeedf00dfeedf00dfeedf00dfeed'

async function get (url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers })
  const text = await res.body.text()
  return { status: res.statusCode, text }
}

t.test('auth like Jellyfin 10.11 with legacy forms off', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY, legacyAuth: false })
  t.teardown(() => sim.close())
  const mb = (token: string) => ({ authorization: `MediaBrowser Client="x", Device="y", DeviceId="z", Version="1", Token="${token}"` })
  t.equal((await get(`${sim.url}/System/Info/Public`)).status, 200, 'public info is anonymous')
  t.equal((await get(`${sim.url}/System/Info`)).status, 401, 'no token')
  t.equal((await get(`${sim.url}/System/Info`, mb('wrong'))).status, 401, 'wrong token')
  t.equal((await get(`${sim.url}/System/Info`, mb(KEY))).status, 200, 'MediaBrowser header')
  t.equal((await get(`${sim.url}/System/Info`, { authorization: `MediaBrowser Token=${KEY}` })).status, 200, 'unquoted value')
  const before = sim.violations.length
  t.equal((await get(`${sim.url}/System/Info?ApiKey=${KEY}`)).status, 200, 'ApiKey query')
  for (const v of sim.violations.splice(before)) t.match(v, /\/query must NOT have additional properties/)
  t.equal((await get(`${sim.url}/System/Info`, { 'x-emby-token': KEY })).status, 401, 'legacy header refused (as in Jellyfin 12)')
  t.equal((await get(`${sim.url}/System/Info`, { authorization: `Emby Token="${KEY}"` })).status, 401, 'legacy scheme refused')
  t.same(sim.violations, [])
})

t.test('legacy auth is on by default, as 10.11 ships it (EnableLegacyAuthorization = true)', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  t.equal((await get(`${sim.url}/Users`, { 'x-emby-token': KEY })).status, 200, 'X-Emby-Token')
  t.equal((await get(`${sim.url}/Users?api_key=${KEY}`)).status, 200, 'api_key query')
})

t.test('query names are bound without regard to case, as ASP.NET Core binds them', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const auth = { authorization: `MediaBrowser Token="${KEY}"` }
  const exact = JSON.parse((await get(`${sim.url}/Items?recursive=true&includeItemTypes=Series&searchTerm=a`, auth)).text)
  const lower = JSON.parse((await get(`${sim.url}/Items?RECURSIVE=true&includeitemtypes=Series&searchterm=a`, auth)).text)
  t.ok(exact.TotalRecordCount > 0)
  t.same(lower, exact, 'the same answer whatever the case of the names')
  t.same(sim.violations, [], 'and the contract check sees the documented names')
})

t.test('the validator bites on a drifting response and on a bad request', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const auth = { authorization: `MediaBrowser Token="${KEY}"` }
  sim.state.libraries[0].collectionType = 'cartoons'
  t.equal((await get(`${sim.url}/Library/VirtualFolders`, auth)).status, 200)
  t.ok(sim.violations.length >= 1, 'recorded')
  for (const v of sim.violations) t.match(v, /jellyfin: response GET \/Library\/VirtualFolders: \/0\/CollectionType/)
  sim.violations.length = 0
  const bad = await get(`${sim.url}/Items?includeItemTypes=Spaceship&limit=1`, auth)
  t.equal(bad.status, 200, 'an unknown item kind is dropped by the list binder, like the real server (no 400)')
  t.match(sim.violations[0], /request GET \/Items: \/query\/includeItemTypes/)
})

// jellyfin/jellyfin v10.11.11: UserLibraryController.GetItem, RequestHelpers.GetUserId, UserManager.GetUserById,
// ExceptionMiddleware (issue 12260).
t.test('GET /Items/{id} needs a user: an API key without userId gets 400 text/plain, as on the real server', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const key = { authorization: `MediaBrowser Token="${KEY}"` }
  const item = [...sim.state.items.values()].find(i => i.kind === 'Series')!
  const [admin, family] = sim.state.users
  const noUser = await request(`${sim.url}/Items/${item.id}`, { headers: key })
  t.equal(noUser.statusCode, 400)
  t.match(noUser.headers['content-type'], /^text\/plain/)
  t.equal(await noUser.body.text(), 'Error processing request.')
  const withUser = await get(`${sim.url}/Items/${item.id}?userId=${family.id}`, key)
  t.equal(withUser.status, 200, 'an API key may name any user')
  t.equal(JSON.parse(withUser.text).Id, item.id)
  t.equal((await get(`${sim.url}/Items/${item.id}?userId=0123456789abcdef0123456789abcdef`, key)).status, 404, 'an unknown user is NotFound()')

  const signIn = async (name: string, pw: string) => {
    const res = await request(`${sim.url}/Users/AuthenticateByName`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'MediaBrowser Client="t", Device="t", DeviceId="t", Version="1"' }, body: JSON.stringify({ Username: name, Pw: pw }) })
    return { authorization: `MediaBrowser Token="${(await res.body.json() as { AccessToken: string }).AccessToken}"` }
  }
  const familySession = await signIn(family.name, 'family-password')
  t.equal((await get(`${sim.url}/Items/${item.id}`, familySession)).status, 200, 'a session falls back to its own user')
  t.equal((await get(`${sim.url}/Items/${item.id}?userId=${admin.id}`, familySession)).status, 403, 'another user\'s id needs an administrator')
  t.equal((await get(`${sim.url}/Items/${item.id}?userId=${family.id}`, await signIn(admin.name, 'admin-password'))).status, 200)
  t.equal((await get(`${sim.url}/Items?ids=${item.id}`, key)).status, 200, 'GET /Items serves an API key without a user')
  t.same(sim.violations, [])
})

// Jellyfin.Api/ModelBinders/CommaDelimitedCollectionModelBinder.cs (v10.11.11).
t.test('list parameters are read like CommaDelimitedCollectionModelBinder reads them', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
  t.teardown(() => sim.close())
  const auth = { authorization: `MediaBrowser Token="${KEY}"` }
  const post = async (query: string, body?: unknown) => {
    const res = await request(`${sim.url}/Library/VirtualFolders?${query}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })
    return { status: res.statusCode, text: await res.body.text() }
  }
  const locations = async (name: string) => JSON.parse((await get(`${sim.url}/Library/VirtualFolders`, auth)).text).find((l: { Name: string }) => l.Name === name)?.Locations
  t.equal((await post(`name=One&collectionType=music&paths=${encodeURIComponent('/m/A, B')}`)).status, 204)
  t.same(await locations('One'), ['/m/A', 'B'], 'a single value is split on commas and trimmed: "A, B" becomes two paths')
  await post(`name=Two&collectionType=music&paths=${encodeURIComponent('/m/A, B')}&paths=/m/C`)
  t.same(await locations('Two'), ['/m/A, B', '/m/C'], 'repeated values are taken whole')
  await post('name=Three&collectionType=music', { LibraryOptions: { PathInfos: [{ Path: '/m/A, B' }] } })
  t.same(await locations('Three'), ['/m/A, B'], 'the body\'s PathInfos are taken whole')
  await post('name=Four&collectionType=music&paths=/m/Q', { LibraryOptions: { PathInfos: [{ Path: '/m/P' }] } })
  t.same(await locations('Four'), ['/m/Q'], 'a non-empty paths query replaces PathInfos')
  await post('name=One&collectionType=music&paths=/m/D')
  t.same(await locations('One2'), ['/m/D'], 'a taken name gets a number, not an error')
  t.match(await post('name=%20&paths=/m/E'), { status: 400, text: 'Error processing request.' }, 'a blank name is an ArgumentException')

  const ids = [...sim.state.items.values()].filter(i => i.kind === 'Movie').slice(0, 2).map(i => i.id)
  const count = async (q: string) => JSON.parse((await get(`${sim.url}/Items?${q}&limit=0`, auth)).text).TotalRecordCount
  t.equal(await count(`ids=${ids.join(',')}`), 2)
  t.equal(await count(`ids=${ids[0]}&ids=${ids[1]}`), 2)
  t.equal(await count(`ids=${ids[0]},nonsense`), 1, 'a malformed id is dropped')
  t.ok(await count('ids=nonsense&recursive=true') > 2, 'a list of only malformed ids filters nothing')
})

t.test('a scan picks up staged items and logs its completion', async t => {
  const other = generateLibrary({ seed: 99, movies: 1, series: 1, anime: 0, albums: 0 })
  const movie = { ...other.movies[0], inLibrary: true, file: `${other.movies[0].path}/film.mkv` }
  const sim = await createJellyfinSimulator({ apiKey: KEY, scanMs: 5 })
  t.teardown(() => sim.close())
  const auth = { authorization: `MediaBrowser Token="${KEY}"` }
  const find = async () => JSON.parse((await get(`${sim.url}/Items?searchTerm=${encodeURIComponent(movie.title)}&includeItemTypes=Movie&recursive=true`, auth)).text).Items as unknown[]
  sim.state.staged.push({ movie })
  t.same(await find(), [], 'not visible before the scan')
  const res = await request(`${sim.url}/Library/Refresh`, { method: 'POST', headers: auth })
  t.equal(res.statusCode, 204)
  await res.body.dump()
  await until(async () => (await find()).length > 0)
  t.equal((await find()).length, 1, 'visible after the scan')
  t.same(sim.violations, [])
})

t.test('the seed library is realistic and deterministic', async t => {
  const a = generateLibrary({ seed: 7 })
  const b = generateLibrary({ seed: 7 })
  t.same(a, b)
  t.ok(a.movies.length >= 300 && a.series.length >= 150)
  t.ok(a.series.some(s => s.root === '/data/anime'))
  t.equal(new Set(a.series.map(s => s.tvdbId)).size, a.series.length, 'unique tvdb ids')
  t.equal(new Set(a.movies.map(m => m.tmdbId)).size, a.movies.length, 'unique tmdb ids')
  t.ok(a.series.every(s => s.path.startsWith(s.root + '/')))
  t.ok(a.movies.every(m => m.file === null || m.file.startsWith(m.path + '/')))
  t.ok(a.series.some(s => !s.inLibrary) && a.movies.some(m => !m.inLibrary), 'catalogue-only titles exist')
  t.notSame(generateLibrary({ seed: 8 }).movies[0].title, undefined)
})
