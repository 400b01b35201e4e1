// A restricted person's series_status and movie_status read Jellyfin's two whole title lists (as their user, and
// all) once, and reuse them for a short while (lib/people/seen-titles.ts SEEN_TTL_MS); each call still reads the
// user list, so a policy changed in Jellyfin is read again at once. The owner's calls read neither.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { ok } from '../../helpers/results.js'
import { KID_PEOPLE, KID_URLS, personPrincipal, restrictKiddo } from '../../helpers/kiddo.js'
import { SEEN_TTL_MS, seenClock } from '../../../lib/people/seen-titles.js'

t.test('a restricted person\'s status calls share one read of the title lists; a changed policy reads them again', async t => {
  const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, radarr: true, sonarr: true }, config: { NOTIFY_PEOPLE: KID_PEOPLE, NOTIFY_URLS: KID_URLS } })
  restrictKiddo(sims.jellyfin)
  // The reuse is timed by its own clock, so a slow machine cannot make the calls below look far apart.
  let now = 1_000_000
  const real = seenClock.now
  seenClock.now = () => now
  t.teardown(() => { seenClock.now = real })
  const requests = sims.jellyfin.requests
  const kid = ctx({ principal: personPrincipal('kid') })
  const reads = async (tool: string, args: Record<string, unknown>, c = kid) => {
    requests.clear()
    ok(await app.tools.call(tool, { limit: 5, ...args }, c))
    return { lists: requests.count('GET /Items'), users: requests.count('GET /Users') }
  }
  t.same(await reads('series_status', {}), { lists: 2, users: 1 }, 'the first call reads the lists as Kiddo and all, once each')
  t.same(await reads('series_status', {}), { lists: 0, users: 1 }, 'the next reads the user list only')
  t.same(await reads('movie_status', { view: 'missing' }), { lists: 0, users: 1 }, 'so does another status call')
  sims.jellyfin.state.users.find(u => u.name === 'Kiddo')!.policy!.maxParentalRating = 13
  t.same(await reads('movie_status', {}), { lists: 2, users: 1 }, 'a changed policy reads the lists again')
  t.same(await reads('movie_status', {}), { lists: 0, users: 1 })
  now += SEEN_TTL_MS
  t.same(await reads('movie_status', {}), { lists: 2, users: 1 }, 'and so does a call SEEN_TTL_MS later')
  t.same(await reads('series_status', {}, ctx({ principal: personPrincipal('parent', true) })), { lists: 0, users: 0 }, 'the owner reads neither')
  t.same(sims.jellyfin.violations, [])
})
