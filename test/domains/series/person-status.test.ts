// series_status and movie_status for a person other than the owner: titles their own Jellyfin user may not see are
// left out of the library and of every row view, and a hidden title asked for by id or term answers as if it were
// not in the library. A title the media server does not have yet is judged by its certification. The owner sees all.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { errorText, ok } from '../../helpers/results.js'
import { KID_PEOPLE, KID_URLS, personPrincipal, restrictKiddo } from '../../helpers/kiddo.js'
import type { SimItem } from '../../../simulators/jellyfin/state.js'

interface Rows { items: Array<Record<string, unknown>> }

/** The manager's title and the Jellyfin item that is it: the item is given the title's tmdb/tvdb id (the seeds differ). */
function same<T extends { tmdbId?: number, tvdbId?: number }> (title: T, item: SimItem): { m: T, item: SimItem } {
  item.providerIds = title.tmdbId !== undefined && item.kind === 'Movie' ? { Tmdb: String(title.tmdbId) } : { Tvdb: String(title.tvdbId) }
  return { m: title, item }
}

t.test('a restricted person sees only the managers\' titles their Jellyfin user may see', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, radarr: true, sonarr: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const jf = restrictKiddo(sims.jellyfin)
  const movies = [...sims.radarr.state.library.movies.values()].filter(m => m.movieFileId > 0)
  const series = [...sims.sonarr.state.library.series.values()]
  const rated = same(movies[0]!, jf.rated) // R
  const tagged = same(movies[1]!, jf.tagged) // PG, tagged horror
  const fine = same(movies[2]!, jf.fine) // PG
  const mature = same(series[0]!, jf.mature) // TV-MA
  const family = same(series[1]!, jf.family) // TV-PG
  const kid = ctx({ principal: personPrincipal('kid') })
  const owner = ctx({ principal: personPrincipal('parent', true) })
  const call = async (tool: string, args: Record<string, unknown>, c: typeof kid) => ok(await app.tools.call(tool, { limit: 100, ...args }, c)) as Rows
  const lists = async (tool: string, c: typeof kid, name: string) => (await call(tool, { term: name }, c)).items.some(i => i.title === name)

  // A movie not in Jellyfin yet is judged by its catalogue certification, in every view (here: missing); set
  // before anything lists the library (the manager's list is cached for 30 s).
  const missing = async (c: typeof kid) => (await call('movie_status', { view: 'missing' }, c)).items.map(i => i.movieId)
  const [adult, kids] = (await missing(owner)).map(id => sims.radarr.state.library.movies.get(id as number)! as { id: number, details?: Record<string, unknown> })
  adult!.details = { certification: 'R' }
  kids!.details = { certification: 'G' }
  t.ok((await missing(owner)).includes(adult!.id), 'the owner\'s missing view lists a wanted R movie')
  t.notOk((await missing(kid)).includes(adult!.id), 'the kid\'s does not')
  t.ok((await missing(kid)).includes(kids!.id), 'but lists a wanted G movie')

  for (const x of [rated, tagged]) {
    t.ok(await lists('movie_status', owner, x.m.title), `the owner's movie library lists ${x.m.title}`)
    t.notOk(await lists('movie_status', kid, x.m.title), `the kid's does not list ${x.m.title}`)
  }
  t.ok(await lists('movie_status', kid, fine.m.title), 'a PG movie is listed for the kid')
  t.ok(await lists('series_status', owner, mature.m.title), 'the owner\'s series library lists a TV-MA series')
  t.notOk(await lists('series_status', kid, mature.m.title), 'the kid\'s does not')
  t.ok(await lists('series_status', kid, family.m.title), 'a TV-PG series is listed for the kid')

  const seriesId = mature.m.id
  t.match(errorText(await app.tools.call('series_status', { id: seriesId, idType: 'seriesId', view: 'series' }, kid)), new RegExp(`No series with seriesId ${seriesId} in the library`), 'a hidden series by id: as if it were not there')
  t.match(errorText(await app.tools.call('series_status', { term: mature.m.title, view: 'history' }, kid)), /No series/, 'nor found by its title')
  t.notOk((await app.tools.call('series_status', { id: seriesId, idType: 'seriesId', view: 'series' }, owner)).isError, 'the owner opens it')
  t.same(sims.jellyfin.violations, [])
})
