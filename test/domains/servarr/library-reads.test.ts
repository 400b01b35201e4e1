// Reads on a large library: a read about one title by id asks the manager for that title only (counted per
// route on the simulators), title text is matched on the cached library list (one whole-list fetch shared by
// every read until a write or the TTL), the title itself is then read fresh by id, and /health shows the cache.
import t from 'tap'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { createSonarrSimulator } from '../../../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../../../simulators/servarr/radarr.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'
import { managersConfig } from '../../helpers/servarr-sims.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const KEYS = { sonarr: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', radarr: 'b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7' }
const ALL_SERIES = 'GET /api/v3/series'
const ALL_MOVIES = 'GET /api/v3/movie'
const wholeList = (q: Record<string, unknown>) => q.tvdbId === undefined && q.tmdbId === undefined

async function stack (t: { teardown: (fn: () => unknown) => void }) {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const sim = { disk: { media: roots.media, downloads: roots.downloads } }
  const sonarr = await createSonarrSimulator({ apiKey: KEYS.sonarr, ...sim })
  const radarr = await createRadarrSimulator({ apiKey: KEYS.radarr, ...sim })
  t.teardown(() => Promise.allSettled([sonarr.close(), radarr.close()]))
  const { app } = await buildTestApp(t, {
    roots,
    config: managersConfig(roots, { sonarr, radarr }, KEYS)
  })
  const call = async (tool: string, args: Record<string, unknown>) => {
    const r = await app.tools.call(tool, args, ctx)
    if (r.isError) throw new Error(text(r))
    return data(r)
  }
  return { app, sonarr, radarr, call }
}

t.test('a read about one title by id never asks for the whole library', async t => {
  const s = await stack(t)
  for (const view of ['series', 'season', 'missing', 'queue', 'history', 'calendar']) {
    await s.call('series_status', { view, id: 1, ...(view === 'season' ? { seasonNumber: 1 } : {}) })
  }
  for (const view of ['movie', 'missing', 'queue', 'history', 'calendar']) await s.call('movie_status', { view, id: 1 })
  t.equal(s.sonarr.requests.count(ALL_SERIES, wholeList), 0, 'no GET /series without tvdbId')
  t.equal(s.radarr.requests.count(ALL_MOVIES, wholeList), 0, 'no GET /movie without tmdbId')
  t.ok(s.sonarr.requests.count('GET /api/v3/series/:id') > 0, 'the series was read by its id')
  t.ok(s.radarr.requests.count('GET /api/v3/movie/:id') > 0, 'the movie was read by its id')
})

t.test('title text: one whole-list fetch serves every read until a write; the title is read fresh by id', async t => {
  const s = await stack(t)
  const first = await s.call('series_status', { view: 'series', term: 'Harbor Lights' })
  t.equal(first.series.title, 'Harbor Lights')
  t.ok(first.items.length > 0, 'seasons come from the title read by id (the cached list holds no seasons)')
  await s.call('series_status', { view: 'library', term: 'harbor' })
  await s.call('series_status', { view: 'missing', term: 'Harbor Lights' })
  await s.call('get_library_state', { title: 'Harbor Lights', kind: 'series' })
  await Promise.all([1, 2, 3].map(() => s.call('series_status', { view: 'library' })))
  t.equal(s.sonarr.requests.count(ALL_SERIES, wholeList), 1, 'one whole-list fetch for seven reads')
  t.equal(s.sonarr.requests.count('GET /api/v3/series/:id'), 2, 'each view about one title read that title by id')

  // A change made through this server shows at once: the write drops the cached list.
  const before = first.series.monitored
  const series = (await s.app.backends.sonarr.getSeries(1))!
  await s.app.backends.sonarr.updateSeries({ ...series, monitored: !before })
  const lib = await s.call('series_status', { view: 'library', term: 'Harbor Lights' })
  t.equal(lib.items[0].monitored, !before)
  t.equal(s.sonarr.requests.count(ALL_SERIES, wholeList), 2, 'fetched again after the write')
})

t.test('concurrent library reads share one fetch; the movie list is projected and ordered by sort title', async t => {
  const s = await stack(t)
  const pages = await Promise.all([0, 25, 50, 75].map(offset => s.call('movie_status', { view: 'library', offset })))
  t.equal(s.radarr.requests.count(ALL_MOVIES, wholeList), 1)
  const titles = pages.flatMap(p => p.items.map((r: { title: string }) => r.title))
  t.equal(titles.length, 100)
  const list = await s.app.backends.radarr.listMovies()
  t.ok(Object.isFrozen(list) && Object.isFrozen(list[0]), 'the shared list cannot be changed by one caller')
  t.notOk('images' in list[0] || 'alternateTitles' in list[0] || 'ratings' in list[0], 'fields no view reads are not kept')
  const withFile = list.find(m => m.movieFile)
  t.match(withFile?.movieFile, { path: String, size: Number, quality: { quality: { name: String } } })
  t.same([...s.sonarr.violations, ...s.radarr.violations], [], 'every request matches the managers\' contracts (excludeLocalCovers too)')
})

t.test('/health shows each instance\'s cache: entries, age and size', async t => {
  const s = await stack(t)
  await s.call('series_status', { view: 'library' })
  const body = (await s.app.inject('/health')).json()
  const sonarr = body.caches.find((c: { instance: string }) => c.instance === 'Sonarr')
  t.match(sonarr, { entries: 1, misses: 1, ttlSeconds: 30, items: [{ key: 'series', ageSeconds: 0, bytes: Number }] })
  t.ok(sonarr.bytes > 1000 && sonarr.bytes <= sonarr.maxBytes)
  t.match(body.caches.find((c: { instance: string }) => c.instance === 'Radarr'), { entries: 0 })
})
