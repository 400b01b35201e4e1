// Jellyfin simulator behaviour the contract does not carry (auth parsing, scans picking up staged
// items), and proof that the contract validator catches drift in both directions.
import t from 'tap'
import { request } from 'undici'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { generateLibrary } from '../../simulators/fixtures/library.js'

const KEY = 'f00dfeedf00dfeedf00dfeedf00dfeed'

async function get (url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers })
  const text = await res.body.text()
  return { status: res.statusCode, text }
}

t.test('auth like Jellyfin 10.11 with legacy forms off', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY })
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

t.test('legacy auth can be switched on like 10.11 defaults', async t => {
  const sim = await createJellyfinSimulator({ apiKey: KEY, legacyAuth: true })
  t.teardown(() => sim.close())
  t.equal((await get(`${sim.url}/Users`, { 'x-emby-token': KEY })).status, 200)
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
  const bad = await get(`${sim.url}/Items?includeItemTypes=Spaceship`, auth)
  t.equal(bad.status, 400, 'an unknown item kind is a 400, like the real server')
  t.match(sim.violations[0], /request GET \/Items: \/query\/includeItemTypes/)
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
  await new Promise(resolve => setTimeout(resolve, 30))
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
