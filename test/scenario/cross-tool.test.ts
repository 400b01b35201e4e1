// Answers agree across tools on the demo stack (simulators/stack.ts and the demo's settings, as `npm run demo`
// builds them): what a manager has queued is in download_status and the status views' queue, a title the
// manager holds files for has managerHasFiles and a queued title is "downloading" in get_library_state,
// and the counts of the managers' downloads agree between download_status and the queue views.
import t, { type Test } from 'tap'
import { buildDemoApp } from '../helpers/demo-app.js'
import { toolContext } from '../helpers/sim-app.js'
import { ok } from '../helpers/results.js'
import { recordNext } from '../helpers/next-recorder.js'

// Whole demo stacks on a shared 2-core machine: the file's limit is generous (a hang is still caught), never a speed test.
t.setTimeout(360_000)

// As the demo without qbittorrent-nox: the torrent client is unreachable; the managers' downloads are their own.
const { app, stack } = await buildDemoApp(t, { tree: true, stack: { validate: true } })
// Every call an answer suggests is followed after the file's own tests, on the same stack (issue 34 #8).
const suggested = recordNext(app)
const call = async (name: string, args: Record<string, unknown> = {}) => ok(await app.tools.call(name, args, toolContext()))

type Row = Record<string, any>
async function everything (tool: string, args: Record<string, unknown>): Promise<Row[]> {
  const out: Row[] = []
  for (let offset = 0; ; offset += 100) {
    const page = await call(tool, { ...args, offset, limit: 100 })
    out.push(...page.items)
    if (!page.hasMore) return out
  }
}

/** download_status and the queue views agree on the managers' downloads, one row per download. */
async function queuesAgree (t: Test) {
  const downloads = await everything('download_status', {})
  for (const [tool, source] of [['series_status', 'series'], ['movie_status', 'movies']] as const) {
    const queue = await everything(tool, { view: 'queue' })
    const listed = downloads.filter(d => d.source === source)
    t.equal(listed.length, queue.length, `${source}: download_status lists every download of ${tool} view queue`)
    t.same(listed.map(d => d.id).sort(), queue.map(q => q.downloadId.toLowerCase()).sort(), `${source}: the same downloads`)
  }
  return downloads
}

const uniqueTitle = (titles: Row[], x: Row) => titles.filter(o => String(o.title).toLowerCase().includes(String(x.title).toLowerCase())).length === 1

t.test('the demo as it starts: queues agree, titles with manager files show them', async t => {
  const downloads = await queuesAgree(t)
  const status = await app.tools.call('download_status', {}, toolContext())
  // The demo runs without a torrent client: "nothing" is said only of the sources that answered.
  if (downloads.length === 0) t.match(status.content[0].text, /^Nothing is downloading \(in [^)]+\)\. .*Unknown, did not answer: Torrent client \(/)
  const series = await everything('series_status', { view: 'library' })
  const movies = await everything('movie_status', { view: 'library' })
  for (const s of series.filter(x => x.episodeFileCount > 0 && uniqueTitle(series, x)).slice(0, 3)) {
    const state = await call('get_library_state', { title: s.title, kind: 'series' })
    t.equal(state.managerHasFiles, true, `${s.title}: ${s.episodeFileCount} files in the series manager`)
  }
  for (const m of movies.filter(x => x.hasFile && uniqueTitle(movies, x)).slice(0, 3)) {
    const state = await call('get_library_state', { title: m.title, kind: 'movie' })
    t.equal(state.managerHasFiles, true, `${m.title}: a file in the movie manager`)
  }
  const server = await call('server_status')
  t.ok(server.libraries.length > 0, 'server_status answers on the demo')
})

t.test('a grab shows in download_status, the queue view and get_library_state alike', async t => {
  const series = await everything('series_status', { view: 'library' })
  const show = series.find(x => x.episodeFileCount > 0 && uniqueTitle(series, x))!
  const releases = (await call('series_releases', { id: show.seriesId, idType: 'seriesId', seasonNumber: 1, episodeNumber: 1, includeRejected: true })).items
  const grab = await call('series_grab', { id: show.seriesId, idType: 'seriesId', seasonNumber: 1, episodeNumber: 1, guid: releases[0].guid, indexerId: releases[0].indexerId })
  t.ok(grab.queueItems.length > 0, 'the grab is in the manager\'s queue at once (the client asks for the refresh the 5 s debounce would delay)')
  const downloadId = String(grab.queueItems[0].downloadId).toLowerCase()

  const movies = await everything('movie_status', { view: 'library' })
  const film = movies.find(x => x.hasFile && uniqueTitle(movies, x))!
  const movieReleases = (await call('movie_releases', { id: film.movieId, idType: 'movieId', includeRejected: true })).items
  ok(await app.tools.call('movie_grab', { id: film.movieId, idType: 'movieId', guid: movieReleases[0].guid, indexerId: movieReleases[0].indexerId }, toolContext()))

  const downloads = await queuesAgree(t)
  const row = downloads.find(d => d.id === downloadId)
  t.match(row, { source: 'series', about: new RegExp(`^${show.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} S01E01$`) }, 'download_status says what the download is for')
  t.ok(downloads.some(d => d.source === 'movies' && d.about.startsWith(film.title)), 'the movie grab too')
  const status = await app.tools.call('download_status', {}, toolContext())
  t.notMatch(status.content[0].text, /Nothing is downloading/)

  const seriesState = await call('get_library_state', { title: show.title, kind: 'series' })
  t.match(seriesState, { managerHasFiles: true, downloading: true, seriesManager: { matches: [{ title: show.title, queued: 1 }] } })
  const movieState = await call('get_library_state', { title: film.title, kind: 'movie' })
  t.match(movieState, { managerHasFiles: true, downloading: true, movieManager: { matches: [{ title: film.title, queued: 1 }] } })
  t.same(stack.violations(), [], 'every call kept to the services\' API contracts')
})

// The demo's media server is seeded from what the managers hold (simulators/fixtures/managers-library.ts).
t.test('server_status counts what the managers hold files for', async t => {
  const server = await call('server_status')
  const count = (type: string) => server.libraries.filter((l: Row) => l.collectionType === type).reduce((n: number, l: Row) => n + l.itemCount, 0)
  const series = await everything('series_status', { view: 'library' })
  const movies = await everything('movie_status', { view: 'library' })
  t.equal(count('tvshows'), series.filter(s => s.episodeFileCount > 0).length, 'series')
  t.equal(count('movies'), movies.filter(m => m.hasFile).length, 'movies')
})

t.test('every call an answer suggested, followed', async t => {
  await suggested.followAll(t)
  t.same(stack.violations(), [], 'following kept to the services\' API contracts')
})
