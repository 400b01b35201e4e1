// A person signed in as themselves sees the library as their own media-server user: Jellyfin applies that user's
// policy (MaxParentalRating, BlockedTags, BlockUnratedItems, EnabledFolders) to search_media and show_details; the
// owner still sees everything; a person with no media-server user is refused rather than shown the owner's view.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { ok, errorText } from '../../helpers/results.js'
import { personSearch } from './person-search.js'
import { KID_PEOPLE, KID_URLS, personPrincipal, restrictKiddo } from '../../helpers/kiddo.js'
import { mediaViewOf } from '../../../lib/people/media-view.js'

t.test('a restricted person finds and opens only what their Jellyfin user may see; the owner sees everything', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const jf = sims.jellyfin
  const titles = restrictKiddo(jf)
  const { kid, owner, names, finds } = personSearch(app, ctx)

  for (const x of Object.values(titles)) t.ok(await finds(owner, x.name), `the owner finds ${x.name}`)
  t.ok(await finds(kid, titles.fine.name), 'a PG movie is found')
  t.ok(await finds(kid, titles.family.name), 'a TV-PG series is found')
  for (const [why, x] of [['rated R', titles.rated], ['tagged horror', titles.tagged], ['unrated', titles.unrated], ['TV-MA', titles.mature], ['in a library not theirs', titles.anime]] as const) {
    t.notOk(await finds(kid, x.name), `searching its title does not find ${x.name} (${why})`)
  }
  const listed = await names(kid, { types: ['Series'] })
  t.notOk(listed.includes(titles.mature.name) || listed.includes(titles.anime.name), 'nor does listing every series')
  t.same(await names(kid, { library: 'Movies', query: titles.rated.name }), [], 'nor does searching its library for it')
  t.same(await names(owner, { library: 'Movies', query: titles.rated.name }), [titles.rated.name], 'which the owner finds there')
  t.match(errorText(await app.tools.call('search_media', { library: 'Anime' }, kid)), /No library named "Anime"\. Libraries: "Movies", "Shows"\. /, 'a library not theirs is not named either')

  t.match(errorText(await app.tools.call('show_details', { seriesId: titles.mature.id }, kid)), new RegExp(`No item with id ${titles.mature.id}`), 'details of a blocked series: as if it were not there')
  t.match(errorText(await app.tools.call('show_details', { seriesId: titles.anime.id }, kid)), /No item with id/, 'nor of one in a library not theirs')
  const details = ok(await app.tools.call('show_details', { seriesId: titles.family.id, season: 1 }, kid)) as { series: { name: string }, episodes?: { total: number } }
  t.equal(details.series.name, titles.family.name, 'an allowed series opens, episodes included')
  t.ok((details.episodes?.total ?? 0) > 0)
  t.equal((ok(await app.tools.call('show_details', { seriesId: titles.mature.id }, owner)) as { series: { name: string } }).series.name, titles.mature.name, 'the owner opens it')
  t.same(jf.violations, [])
})

t.test('a person with no media-server user, or one the server does not list, is refused, not shown the owner\'s view', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  t.match(errorText(await app.tools.call('search_media', {}, ctx({ principal: personPrincipal('teen') }))), /teen has no media-server user in NOTIFY_PEOPLE.*add media:<your Jellyfin user name> to teen's NOTIFY_PEOPLE entry/)
  t.match(errorText(await app.tools.call('search_media', {}, ctx({ principal: personPrincipal('kid') }))), /gives kid the Jellyfin user "Kiddo", which Jellyfin does not list/)
  t.notOk((await app.tools.call('search_media', {}, ctx())).isError, 'the internal key (no person) reads as before')
  t.same(sims.jellyfin.violations, [])
})

t.test('a server whose per-user limits cannot be asked for refuses a person other than the owner', async t => {
  const server = { service: 'Plex', users: async () => [{ id: '1', name: 'Kiddo', isAdmin: false, isDisabled: false }] }
  await t.rejects(mediaViewOf(personPrincipal('kid'), KID_PEOPLE, server), /Plex's per-user restrictions cannot be applied here yet/)
  t.same(await mediaViewOf(personPrincipal('parent', true), KID_PEOPLE, server), {}, 'the owner reads as before')
})
