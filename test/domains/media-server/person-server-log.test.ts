// activity_log's server view (this server's audit trail) for a person other than the owner: only the changes about a
// title their own Jellyfin user may see are listed and counted (domains/media-server/audit-titles.ts); changes about
// a hidden title, and entries that cannot be matched to one title (a library scan), are simply absent. The owner
// sees every entry.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { ok } from '../../helpers/results.js'
import { KID_PEOPLE, KID_URLS, personPrincipal, restrictKiddo } from '../../helpers/kiddo.js'

interface Log { items: Array<{ type: string, name: string, itemId?: string, arguments?: { id?: number } }>, total: number }

t.test('a restricted person\'s server view lists only changes about titles their Jellyfin user may see, and counts only those', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, radarr: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const jf = restrictKiddo(sims.jellyfin)
  const [adult, family] = [...sims.radarr.state.library.movies.values()].filter(m => m.movieFileId > 0)
  jf.rated.providerIds = { Tmdb: String(adult!.tmdbId) } // R
  jf.fine.providerIds = { Tmdb: String(family!.tmdbId) } // PG
  const kid = ctx({ principal: personPrincipal('kid') })
  const owner = ctx({ principal: personPrincipal('parent', true) })
  for (const m of [adult!, family!]) ok(await app.tools.call('movie_rescan', { id: m.id, idType: 'movieId' }, owner))
  ok(await app.tools.call('movie_rescan', { id: adult!.tmdbId }, owner))
  ok(await app.tools.call('manage_library', { action: 'scan' }, owner))

  const log = async (c: typeof kid) => ok(await app.tools.call('activity_log', { view: 'server', limit: 100 }, c)) as unknown as Log
  const theirs = await log(owner)
  t.equal(theirs.total, 4, 'the owner sees every change')
  t.ok(theirs.items.some(e => e.name.includes(adult!.title) || e.arguments?.id === adult!.id), 'the R movie\'s rescan among them')
  const mine = await log(kid)
  t.same(mine.items.map(e => [e.type, e.arguments?.id]), [['movie_rescan', family!.id]], 'the kid sees the PG movie\'s rescan only')
  t.equal(mine.total, 1, 'hidden changes are not counted')
  t.notOk(JSON.stringify(mine).includes(adult!.title), 'the R movie is not named')
  t.same(sims.jellyfin.violations, [])
})

t.test('the media view does not count the events a person may not see either', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  const jf = restrictKiddo(sims.jellyfin)
  sims.jellyfin.state.log({ name: 'family is playing', type: 'VideoPlayback', severity: 'Information', itemId: jf.rated.id })
  sims.jellyfin.state.log({ name: 'family is playing', type: 'VideoPlayback', severity: 'Information', itemId: jf.fine.id })
  const log = async (c: ReturnType<typeof ctx>) => ok(await app.tools.call('activity_log', { limit: 100 }, c)) as unknown as Log
  const theirs = await log(ctx({ principal: personPrincipal('parent', true) }))
  const mine = await log(ctx({ principal: personPrincipal('kid') }))
  t.ok(theirs.items.some(e => e.itemId === jf.rated.id) && mine.items.some(e => e.itemId === jf.fine.id))
  t.notOk(mine.items.some(e => e.itemId === jf.rated.id))
  t.equal(mine.total, mine.items.length, 'the kid\'s total counts what they are shown')
  t.ok(theirs.total > mine.total)
})
