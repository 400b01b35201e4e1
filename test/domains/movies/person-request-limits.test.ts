// A person other than the owner may ask only for a title their own media-server user could watch: the catalogue's
// certification is scored on Jellyfin's own rating table and compared with the user's MaxParentalRating (unrated:
// BlockUnratedItems). Refused before anything is added; the owner adds as before.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { errorText, ok } from '../../helpers/results.js'
import { KID_PEOPLE, KID_URLS, personPrincipal, restrictKiddo } from '../../helpers/kiddo.js'

const PAPER_MOONS = 600001

t.test('a restricted person cannot ask for a title rated above their Jellyfin user\'s limit; the owner can', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, radarr: true, sonarr: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  restrictKiddo(sims.jellyfin)
  // A lookup entry takes MovieResource fields in `details` (simulators/servarr/radarr-state.ts movieResource).
  const entry = sims.radarr.state.library.catalogue.get(PAPER_MOONS)! as { details?: Record<string, unknown> }
  const kid = ctx({ principal: personPrincipal('kid') })
  const owner = ctx({ principal: personPrincipal('parent', true) })
  const inRadarr = () => [...sims.radarr.state.library.movies.values()].some(m => m.tmdbId === PAPER_MOONS)
  const add = { addTmdbId: PAPER_MOONS, qualityProfile: 'HD-1080p', minimumAvailability: 'released' }

  entry.details = { certification: 'R' }
  t.match(errorText(await app.tools.call('movie_search', add, kid)), /"Paper Moons" is rated R, above what kid's Jellyfin user may watch, so it was not requested/)
  entry.details = { certification: '' }
  t.match(errorText(await app.tools.call('movie_search', add, kid)), /"Paper Moons" has no rating Jellyfin knows, and kid's Jellyfin user may not watch unrated movies/)
  t.notOk(inRadarr(), 'nothing was added for the refused asks')
  t.match(errorText(await app.tools.call('movie_search', add, ctx({ principal: personPrincipal('teen') }))), /teen has no media-server user in NOTIFY_PEOPLE/, 'an unmapped person cannot ask either')
  const show = ok(await app.tools.call('series_search', { term: 'northern line' }, owner)) as { items: Array<{ tvdbId: number, inLibrary: boolean }> }
  const tvdbId = show.items[0]!.tvdbId
  sims.sonarr.state.library.catalogue.get(tvdbId)!.certification = 'TV-MA'
  t.match(errorText(await app.tools.call('series_search', { addTvdbId: tvdbId }, kid)), /"Northern Line" is rated TV-MA, above what kid's Jellyfin user may watch/)

  // Blocked tags: Jellyfin makes a movie's TMDB keywords its tags, and Radarr's lookup carries the same keywords.
  entry.details = { certification: 'PG', keywords: ['friendship', 'HORROR'] }
  t.match(errorText(await app.tools.call('movie_search', add, kid)), /"Paper Moons" carries the tag "horror", which kid's Jellyfin user may not watch, so it was not requested/)
  t.notOk(inRadarr(), 'nothing was added for the refused asks')
  entry.details = { certification: 'PG', genres: ['Horror'] }
  t.notOk((await app.tools.call('movie_search', add, kid)).isError, 'a PG title is within the limit (a genre is not a tag: Jellyfin does not match genres)')
  t.ok(inRadarr(), 'and was added')
  t.same(sims.jellyfin.violations, [])
})

t.test('the owner asks for anything, as before', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, radarr: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  restrictKiddo(sims.jellyfin)
  // A lookup entry takes MovieResource fields in `details` (simulators/servarr/radarr-state.ts movieResource).
  const entry = sims.radarr.state.library.catalogue.get(PAPER_MOONS)! as { details?: Record<string, unknown> }
  entry.details = { certification: 'NC-17' }
  const added = ok(await app.tools.call('movie_search', { addTmdbId: PAPER_MOONS, qualityProfile: 'HD-1080p', minimumAvailability: 'released' }, ctx({ principal: personPrincipal('parent', true) })))
  t.match(added.added, { title: 'Paper Moons' })
})
