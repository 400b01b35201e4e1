// On Plex a person signed in as themselves sees the library as their own Plex user: the server reads plex.tv's
// share of this server with that user (through the URL guard; a loopback plex.tv simulator here, reached by an
// injected resolver and dispatcher) and reads the library with the user's own token, so Plex applies the share's
// restrictions (content ratings, labels, libraries). The owner still sees everything; a user plex.tv lists no share
// for, or a plex.tv that cannot be reached, is refused with the reason, never shown the owner's view.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { ok, errorText } from '../../helpers/results.js'
import { personSearch } from './person-search.js'
import { KID_PEOPLE, KID_URLS, personPrincipal } from '../../helpers/kiddo.js'
import { createPlexSimulator, type PlexSimulator } from '../../../simulators/plex/index.js'
import { createPlexTvSimulator } from '../../../simulators/plex/plex-tv.js'
import { idFor } from '../../../simulators/jellyfin/state.js'
import type { Dispatcher } from 'undici'
import { noticeLimits } from '../../../lib/people/notice-limits.js'

const TOKEN = 'plex-owner-token-0a1b2c3d'
const PAPER_MOONS = 600001
const PUBLIC_ADDRESS = '93.184.215.14'
const resolver = async (host: string) => {
  if (host === 'plex.tv') return [{ address: PUBLIC_ADDRESS, family: 4 }]
  throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' })
}

/** The Plex user "Kiddo": movies rated G or PG only, no "scary" label, TV-Y to TV-PG shows, Movies and Shows only. */
function shareWithKiddo (plex: PlexSimulator) {
  const items = [...plex.state.items.values()]
  const movies = items.filter(i => i.kind === 'Movie')
  const series = items.filter(i => i.kind === 'Series')
  const [rated, labelled, fine] = movies
  rated!.officialRating = 'R'
  labelled!.officialRating = 'PG'
  plex.world.labels.set(labelled!.id, ['Scary'])
  fine!.officialRating = 'PG'
  for (const m of movies.slice(3)) m.officialRating = 'G'
  const shows = series.filter(s => s.libraryId === idFor('library', 'Shows'))
  const anime = series.find(s => s.libraryId === idFor('library', 'Anime'))!
  const [mature, family] = shows
  for (const s of series) s.officialRating = 'TV-PG'
  mature!.officialRating = 'TV-MA'
  plex.state.users.push({ id: idFor('user', 'kiddo'), name: 'Kiddo', isAdmin: false, isDisabled: false, lastActivity: new Date().toISOString() })
  plex.shares.share('Kiddo', {
    filterMovies: { contentRating: ['G', 'PG'], 'label!': ['scary'] },
    filterTelevision: { contentRating: ['TV-Y', 'TV-G', 'TV-PG'] },
    libraries: [idFor('library', 'Movies'), idFor('library', 'Shows')]
  })
  return { rated: rated!, labelled: labelled!, fine: fine!, mature: mature!, family: family!, anime }
}

async function plexApp (t: Parameters<typeof buildTestApp>[0], managers = false) {
  const plex = await createPlexSimulator({ token: TOKEN, scanMs: 5 })
  t.teardown(() => plex.close())
  const tv = await createPlexTvSimulator({ plex, ownerToken: TOKEN })
  t.teardown(() => tv.close())
  const built = await buildTestApp(t, {
    sims: managers ? { radarr: true } : {},
    config: { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: plex.url, MEDIA_SERVER_TOKEN: TOKEN, NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS },
    build: { resolver, plugins: { backends: { plexTvDispatcher: tv.dispatcher as Dispatcher } } }
  })
  return { ...built, plex, tv }
}

t.test('a Plex managed user finds and opens only what their share allows; the owner sees everything', async t => {
  const { app, ctx, plex, tv } = await plexApp(t)
  const titles = shareWithKiddo(plex)
  const { kid, owner, names, finds } = personSearch(app, ctx)

  for (const x of Object.values(titles)) t.ok(await finds(owner, x.name), `the owner finds ${x.name}`)
  t.ok(await finds(kid, titles.fine.name), 'a PG movie is found')
  t.ok(await finds(kid, titles.family.name), 'a TV-PG series is found')
  for (const [why, x] of [['rated R', titles.rated], ['labelled scary', titles.labelled], ['TV-MA', titles.mature], ['in a library not shared', titles.anime]] as const) {
    t.notOk(await finds(kid, x.name), `searching its title does not find ${x.name} (${why})`)
  }
  t.same(await names(kid, { library: 'Movies', query: titles.rated.name }), [], 'nor does searching its library for it')
  t.match(errorText(await app.tools.call('search_media', { library: 'Anime' }, kid)), /No library named "Anime"/, 'a library not shared is not named either')

  const id = async (name: string) => (ok(await app.tools.call('search_media', { query: name, types: ['Series'] }, owner)) as { items: Array<{ id: string }> }).items[0]!.id
  const matureId = await id(titles.mature.name)
  t.match(errorText(await app.tools.call('show_details', { seriesId: matureId }, kid)), new RegExp(`No item with id ${matureId}`), 'details of a TV-MA series: as if it were not there')
  const details = ok(await app.tools.call('show_details', { seriesId: await id(titles.family.name), season: 1 }, kid)) as { series: { name: string }, episodes?: { total: number } }
  t.equal(details.series.name, titles.family.name, 'an allowed series opens, episodes included')
  t.ok((details.episodes?.total ?? 0) > 0)
  t.equal((ok(await app.tools.call('show_details', { seriesId: matureId }, owner)) as { series: { name: string } }).series.name, titles.mature.name, 'the owner opens it')

  type Libs = { libraries?: Array<{ name: string, itemCount?: number }> }
  const libs = async (c: typeof kid) => new Map(((ok(await app.tools.call('server_status', {}, c)) as Libs).libraries ?? []).map(l => [l.name, l.itemCount]))
  const [kidLibs, ownerLibs] = [await libs(kid), await libs(owner)]
  t.same([...kidLibs.keys()].sort(), ['Movies', 'Shows'], 'server_status lists the libraries shared with the user')
  t.ok(ownerLibs.has('Anime'), 'the owner\'s lists every library')
  t.ok(kidLibs.get('Movies')! < ownerLibs.get('Movies')!, 'and counts only the titles the user may see')

  const routes = tv.requests.all().map(r => r.route)
  t.ok(routes.length >= 1 && routes.every(r => r === 'GET /api/servers/:machine/shared_servers'), 'plex.tv was asked for this server\'s shares only')
})

t.test('a Plex user with no share here, or a plex.tv that cannot be reached, is refused with the reason', async t => {
  await t.test('no share', async t => {
    const { app, ctx, plex } = await plexApp(t)
    plex.state.users.push({ id: idFor('user', 'kiddo'), name: 'Kiddo', isAdmin: false, isDisabled: false, lastActivity: new Date().toISOString() })
    t.match(errorText(await app.tools.call('search_media', {}, ctx({ principal: personPrincipal('kid') }))), /Plex does not share this server with its user "Kiddo" \(plex\.tv lists no share for them\), so the library is not shown to kid/)
  })
  await t.test('plex.tv down', async t => {
    const { app, ctx, plex, tv } = await plexApp(t)
    const titles = shareWithKiddo(plex)
    const kid = ctx({ principal: personPrincipal('kid') })
    tv.faults.set('down')
    const text = errorText(await app.tools.call('search_media', {}, kid))
    t.match(text, /plex\.tv could not be reached, so Plex users' restrictions cannot be read\. Without them the library is not shown to kid/)
    t.notMatch(text, /plex-user-token|plex-owner-token/, 'no token in the answer')
    t.notOk((await app.tools.call('search_media', {}, ctx({ principal: personPrincipal('parent', true) }))).isError, 'the owner reads as before')
    tv.faults.set('none')
    const found = (ok(await app.tools.call('search_media', { query: titles.fine.name }, kid)) as { items: Array<{ name: string }> }).items.map(i => i.name)
    t.same(found, [titles.fine.name], 'once plex.tv answers again the person reads as their user (a failure is not kept)')
  })
  await t.test('plex.tv refuses the owner\'s token', async t => {
    const { app, ctx, plex, tv } = await plexApp(t)
    shareWithKiddo(plex)
    tv.faults.set('wrong-key')
    t.match(errorText(await app.tools.call('search_media', {}, ctx({ principal: personPrincipal('kid') }))), /plex\.tv refused the owner's token \(MEDIA_SERVER_TOKEN\)/)
  })
})

t.test('a Plex managed user cannot ask for, list or open a title their share would hide; the owner can', async t => {
  const { app, ctx, plex, sims } = await plexApp(t, true)
  shareWithKiddo(plex)
  const radarr = (sims as { radarr: import('../../../simulators/servarr/radarr.js').RadarrSimulator }).radarr
  // A lookup entry takes MovieResource fields in `details` (simulators/servarr/radarr-state.ts movieResource).
  const entry = radarr.state.library.catalogue.get(PAPER_MOONS)! as { details?: Record<string, unknown> }
  const inRadarr = () => [...radarr.state.library.movies.values()].some(m => m.tmdbId === PAPER_MOONS)
  const add = { addTmdbId: PAPER_MOONS, qualityProfile: 'HD-1080p', minimumAvailability: 'released' }
  const kid = ctx({ principal: personPrincipal('kid') })

  entry.details = { certification: 'R' }
  t.match(errorText(await app.tools.call('movie_search', add, kid)), /"Paper Moons" is rated R, which kid's Plex share does not allow, so it was not requested/)
  entry.details = { certification: '' }
  t.match(errorText(await app.tools.call('movie_search', add, kid)), /"Paper Moons" has no rating, and kid's Plex share allows only some ratings/)
  t.notOk(inRadarr(), 'nothing was added for the refused asks')
  entry.details = { certification: 'PG' }
  t.notOk((await app.tools.call('movie_search', add, kid)).isError, 'a PG title is within the share')
  t.ok(inRadarr(), 'and was added')
  // movie_status: a title Plex does not have yet is judged by its certification against the share (Radarr's
  // library movies are PG-13 unless their details say otherwise); the owner sees every one.
  type Rows = { items: Array<{ title: string }> }
  const titlesFor = async (c: typeof kid) => (ok(await app.tools.call('movie_status', { view: 'library', limit: 100 }, c)) as Rows).items.map(m => m.title)
  const owner = ctx({ principal: personPrincipal('parent', true) })
  const added = [...radarr.state.library.movies.values()].find(m => m.tmdbId === PAPER_MOONS)! as { details?: Record<string, unknown> }
  added.details = { ...added.details, certification: 'PG' }
  t.same(await titlesFor(kid), ['Paper Moons'], 'the kid lists only the PG movie, none of the PG-13 ones')
  const other = [...radarr.state.library.movies.values()].find(m => m.tmdbId !== PAPER_MOONS)!
  const one = (c: typeof kid, id: number) => app.tools.call('movie_status', { view: 'movie', id }, c)
  t.notOk((await one(kid, PAPER_MOONS)).isError, 'the kid opens the PG movie')
  t.match(errorText(await one(kid, other.tmdbId)), /No movie with/, 'not a PG-13 one')
  t.notOk((await one(owner, other.tmdbId)).isError, 'which the owner opens')

  radarr.state.library.movies.clear()
  entry.details = { certification: 'NC-17' }
  t.notOk((await app.tools.call('movie_search', add, owner)).isError, 'the owner asks for anything')
})

t.test('on Plex, "it\'s ready" is named to the kid only for what their share allows; without plex.tv it is held', async t => {
  const { app, ctx, plex } = await plexApp(t)
  const titles = shareWithKiddo(plex)
  const owner = ctx({ principal: personPrincipal('parent', true) })
  const idOf = async (name: string) => (ok(await app.tools.call('search_media', { query: name, types: ['Series'] }, owner)) as { items: Array<{ id: string }> }).items[0]!.id
  const mayTell = noticeLimits(KID_PEOPLE, app.backends.mediaServer)
  const signal = new AbortController().signal
  const [mature, family] = [await idOf(titles.mature.name), await idOf(titles.family.name)]
  t.equal(await mayTell('kid', family, signal), true, 'a TV-PG series is named to the kid')
  t.equal(await mayTell('kid', mature, signal), false, 'a TV-MA series is not')
  t.equal(await mayTell('parent', mature, signal), true, 'the owner is told of everything')

  const down = await plexApp(t)
  shareWithKiddo(down.plex)
  down.tv.faults.set('down')
  await t.rejects(noticeLimits(KID_PEOPLE, down.app.backends.mediaServer)('kid', family, signal),
    /"it's ready" notices for kid are held, not sent: plex\.tv could not be reached/, 'plex.tv down: held with the reason, not sent')
})
