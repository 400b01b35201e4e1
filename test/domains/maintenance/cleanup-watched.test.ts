// cleanup_server's watched category on the demo stack (one world: the media server shows what the managers hold
// files for, and a scan drops what a manager deleted). Play data and favourites are set through the media
// server's own endpoints, the keep tag through the movie manager's; the leaving-soon window is passed by
// back-dating the marks file, as if the days had gone by.
import t from 'tap'
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { buildDemoApp } from '../../helpers/demo-app.js'
import { toolContext } from '../../helpers/sim-app.js'
import { data, text } from '../../helpers/results.js'
import { until } from '../../helpers/until.js'

const { app, roots, stack } = await buildDemoApp(t, { tree: true, stack: { validate: true } })

const s = stack.settings
async function backend (base: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  const text = await res.text()
  return text ? JSON.parse(text) : undefined
}
const jf = (method: string, path: string) => backend(s.MEDIA_SERVER_URL, { authorization: `MediaBrowser Token="${s.MEDIA_SERVER_API_KEY}"` }, method, path)
const radarr = (method: string, path: string, body?: unknown) => backend(s.MOVIE_MANAGER_URL, { 'x-api-key': s.MOVIE_MANAGER_API_KEY }, method, `/api/v3${path}`, body)
const sonarr = (method: string, path: string) => backend(s.SERIES_MANAGER_URL, { 'x-api-key': s.SERIES_MANAGER_API_KEY }, method, `/api/v3${path}`)

const call = (args: Record<string, unknown>) => app.tools.call('cleanup_server', args, toolContext())
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()
const marksFile = join(roots.state, 'leaving-soon.json')
const marks = () => JSON.parse(readFileSync(marksFile, 'utf8')) as Record<string, { title: string, markedAt: string }>

/**
 * The demo tree holds small samples where the managers track gigabytes: the folder check refuses such a folder
 * (this server would not see what the manager deletes). Puts each tracked file on disk at its size (sparse).
 */
async function asTracked (kind: 'movie' | 'series', id: number) {
  const files: Array<{ path: string, size: number }> = kind === 'movie' ? await radarr('GET', `/moviefile?movieId=${id}`) : await sonarr('GET', `/episodefile?seriesId=${id}`)
  for (const f of files) {
    const real = join(roots.media, f.path.slice('/data/'.length))
    mkdirSync(dirname(real), { recursive: true })
    const fd = openSync(real, 'w')
    ftruncateSync(fd, f.size)
    closeSync(fd)
  }
}

t.test('watched: marks first, deletes after the window through the manager; favourites, keep tags and partial watchers hold titles back', async t => {
  const users: Array<{ Id: string, Name: string, Policy: { IsDisabled: boolean } }> = await jf('GET', '/Users')
  const admin = users.find(u => u.Name === 'admin')!
  const family = users.find(u => u.Name === 'family')!
  t.ok(users.some(u => u.Policy.IsDisabled), 'a disabled user exists and does not hold titles back')
  const items = async (type: string) => (await jf('GET', `/Items?recursive=true&includeItemTypes=${type}&fields=ProviderIds&fields=Path`)).Items as Array<{ Id: string, Name: string, ProviderIds: Record<string, string> }>
  const managed = new Map((await radarr('GET', '/movie')).map((m: any) => [String(m.tmdbId), m]))
  const movies = (await items('Movie')).filter(m => (managed.get(m.ProviderIds.Tmdb) as any)?.statistics?.sizeOnDisk > 0)
  t.ok(movies.length >= 5, 'the demo library has movies with files')
  const [gone, favourite, tagged, half, recent] = movies
  const series = await items('Series')
  const [seriesGone, seriesPartly] = series
  const played = (user: { Id: string }, item: { Id: string }, days: number) => jf('POST', `/UserPlayedItems/${item.Id}?userId=${user.Id}&datePlayed=${encodeURIComponent(daysAgo(days))}`)

  for (const u of [admin, family]) {
    for (const m of [gone, favourite, tagged]) await played(u, m, 200)
    await played(u, recent, 10)
    await played(u, seriesGone, 150)
  }
  await played(admin, half, 200)
  // family watched one episode of the second series, admin all of it: Jellyfin's isPlayed filter on series would
  // keep it (any episode played), the series' own Played says family has not finished it.
  await played(admin, seriesPartly, 200)
  const episodes = (await jf('GET', `/Shows/${seriesPartly.Id}/Episodes`)).Items as Array<{ Id: string }>
  t.ok(episodes.length > 1, 'the partly watched series has several episodes')
  await played(family, episodes[0], 200)
  await jf('POST', `/UserFavoriteItems/${favourite.Id}?userId=${family.Id}`)
  const keep = await radarr('POST', '/tag', { label: 'Keep' })
  const taggedMovie = managed.get(tagged.ProviderIds.Tmdb) as any
  await radarr('PUT', `/movie/${taggedMovie.id}`, { ...taggedMovie, tags: [...taggedMovie.tags, keep.id] })

  const args = { categories: ['watched'], watchedDays: 90 }
  const first = await call(args)
  t.notOk(first.isError, text(first))
  t.same(data(first).removed, [], 'the first call deletes nothing')
  t.match(text(first), /marked leaving soon, deletable after 7 day\(s\)/)
  for (const x of [gone, seriesGone]) t.match(text(first), x.Name, `${x.Name} is marked`)
  for (const x of [favourite, tagged, half, recent, seriesPartly]) t.notMatch(text(first), `"${x.Name}"`, `${x.Name} is not marked`)
  t.match(text(first), /1 watched title\(s\) kept because a user made them a favourite/)
  t.match(text(first), /1 title\(s\) kept by their keep tag/)
  t.same(Object.values(marks()).map(m => m.title).sort(), [managed.get(gone.ProviderIds.Tmdb) as any].map(m => m.title).concat([seriesGone.Name]).sort(), 'exactly the two titles are marked in STATE_DIR')

  // Inside the window the marks are only reported; a favourite made meanwhile drops the mark, and when it is
  // no longer a favourite the title starts a new window.
  const second = await call(args)
  t.match(text(second), /leaving soon: /, 'inside the window the marks are only reported')
  t.notOk(data(second).confirmation, 'nothing to confirm yet')
  await jf('POST', `/UserFavoriteItems/${seriesGone.Id}?userId=${family.Id}`)
  t.match(text(await call(args)), new RegExp(`no longer leaving .*"${seriesGone.Name}"`), 'a favourite loses its mark')
  t.equal(Object.keys(marks()).length, 1)
  await jf('DELETE', `/UserFavoriteItems/${seriesGone.Id}?userId=${family.Id}`)
  t.match(text(await call(args)), new RegExp(`marked leaving soon.*"${seriesGone.Name}"`), 'marked again, with a new window')

  const passWindow = () => {
    const all = marks()
    for (const m of Object.values(all)) m.markedAt = daysAgo(8)
    writeFileSync(marksFile, JSON.stringify(all))
  }
  passWindow()
  const goneMovie = managed.get(gone.ProviderIds.Tmdb) as any
  const seriesEntry = (await sonarr('GET', '/series')).find((x: any) => x.title === seriesGone.Name)
  await asTracked('movie', goneMovie.id)
  await asTracked('series', seriesEntry.id)
  const preview = await call(args)
  t.notOk(preview.isError, text(preview))
  const targets = data(preview).confirmation.targets as Array<Record<string, any>>
  t.same(targets.map(x => x.name).sort(), [goneMovie.title, seriesGone.Name].sort(), 'both marked titles are proposed')
  const movieTarget = targets.find(x => x.name === goneMovie.title)!
  t.match(movieTarget, { category: 'watched', id: `movie:${goneMovie.id}`, service: 'Radarr', path: /^movies\//, reason: /watched by every user \(admin, family\)/ })
  t.ok(movieTarget.bytes >= goneMovie.statistics.sizeOnDisk, 'the bytes are what the folder holds on disk, tracked or not')
  t.match(text(preview), new RegExp(`"${goneMovie.title}" \\(\\d+ files? \\(.*\\) in "${movieTarget.path.replace(/[()]/g, '\\$&')}", deleted whole by Radarr\\)`), 'the preview shows the folder and what it holds')

  // Between the preview and the delete, admin watches the movie again: the handler (as the registry calls it
  // after redeeming the token) re-checks each title, skips the movie and deletes the series through Sonarr.
  await played(admin, gone, 0)
  const tool = app.tools.get('cleanup_server')!
  const raced = await tool.handler({ ...args, olderThanHours: 24 }, toolContext({ confirmed: { targets } }))
  t.same((raced.data.removed as any[]).map(x => x.name), [seriesGone.Name], 'only the series is deleted')
  t.match(raced.data.skipped, [{ name: goneMovie.title, reason: /admin watched it again on/ }])
  t.notOk(JSON.stringify(raced.data.removed).includes('"watched":'), 'the answer leaves out the internal binding')
  t.ok((await radarr('GET', '/movie')).some((m: any) => m.id === goneMovie.id), 'the re-watched movie stays')
  t.notOk((await sonarr('GET', '/series')).some((x: any) => x.title === seriesGone.Name), 'the series manager no longer has the series')
  t.ok((await sonarr('GET', '/importlistexclusion/paged?pageSize=1000')).records.some((e: any) => e.title === seriesGone.Name), 'the series is on the import-list exclusions')

  // The full flow for a title family finishes later: marked, window passed, preview, confirm with the token.
  await played(family, half, 120)
  const halfMovie = managed.get(half.ProviderIds.Tmdb) as any
  t.match(text(await call(args)), new RegExp(`marked leaving soon.*"${halfMovie.title}"`))
  passWindow()
  await asTracked('movie', halfMovie.id)
  const preview2 = await call(args)
  t.same(data(preview2).confirmation.targets.map((x: any) => x.name), [halfMovie.title], 'the re-watched movie lost its mark; the new one is due')
  const done = await call({ ...args, confirmToken: data(preview2).confirmation.confirmToken })
  t.notOk(done.isError, text(done))
  t.same(data(done).removed.map((x: any) => x.name), [halfMovie.title])
  t.equal(data(done).bytesFreed, data(preview2).confirmation.targets[0].bytes, 'the answer says what it freed')
  t.match(text(done), /rescanning/)
  t.notOk((await radarr('GET', '/movie')).some((m: any) => m.id === halfMovie.id), 'the movie manager no longer has it')
  t.ok((await radarr('GET', '/exclusions/paged?pageSize=1000')).records.some((e: any) => e.tmdbId === halfMovie.tmdbId), 'it is on the import-list exclusions, so it is not added again')
  // The media server's scan drops the deleted titles.
  await until(async () => !(await items('Movie')).some(m => m.Id === half.Id), 20)
  t.notOk((await items('Movie')).some(m => m.Id === half.Id), 'the media server no longer lists the movie')
  t.notOk((await items('Series')).some(x => x.Id === seriesGone.Id), 'nor the series')
  for (const x of [gone, favourite, tagged, recent]) t.ok((await items('Movie')).some(m => m.Id === x.Id), `${x.Name} is still there`)
  t.notOk(marks()[`Radarr:movie:${halfMovie.id}`], 'the deleted title\'s mark is gone')
  t.same(stack.violations(), [], 'the simulators saw only contract-conformant traffic')
})

t.test('watched is never part of the default categories, and bad input is refused before anything runs', async t => {
  const def = await call({})
  t.notMatch(text(def), /leaving soon/, 'a plain cleanup does not look at watch history')
  const bad = await call({ categories: ['watched'], watchedDays: -1 })
  t.ok(bad.isError)
  t.match(text(bad), /watchedDays/)
})
