// The Seerr simulator's request list as Seerr v3.1.0 filters it: by the request's status and by its media's
// (server/routes/request.ts : 45-104, 131-138), and a user's notificationTypes as stored ({} until set,
// server/routes/user/usersettings.ts : 557).
import t from 'tap'
import { createSeerrSimulator } from '../../simulators/seerr/index.js'
import { PERM } from '../../simulators/seerr/state.js'

t.test('filters read the media status too; notificationTypes is the user\'s own', async t => {
  const sim = await createSeerrSimulator({ apiKey: 'k', users: [{ id: 1, username: 'admin', email: 'a@x', permissions: PERM.ADMIN }, { id: 2, username: 'kid', email: 'k@x', permissions: PERM.REQUEST }] })
  t.teardown(() => sim.close())
  const get = async (path: string) => await (await fetch(`${sim.url}${path}`, { headers: { 'x-api-key': 'k' } })).json() as any
  const kid = sim.state.users[1]!
  const pending = sim.state.request(kid, { mediaType: 'movie', mediaId: 11 })
  const waiting = sim.state.request(kid, { mediaType: 'movie', mediaId: 12 })
  t.equal(pending.status, 1, 'a request without auto-approve is pending')
  // The movie arrives anyway (the manager had it): its media is available, the pending request stays pending.
  sim.state.markAvailable(sim.state.media.find(m => m.id === pending.mediaId)!, false)
  const ids = async (filter: string) => (await get(`/api/v1/request?filter=${filter}`)).results.map((r: { id: number }) => r.id)
  t.same(await ids('unavailable'), [waiting.id], 'a pending request whose media is available is not "unavailable"')
  t.same(await ids('pending'), [waiting.id, pending.id], 'pending reads the request status alone')
  t.same(await ids('available'), [], 'available needs a completed request')

  t.same((await get('/api/v1/user/2/settings/notifications')).notificationTypes, {}, 'none set: {}')
  kid.telegramTypes = 4
  t.same((await get('/api/v1/user/2/settings/notifications')).notificationTypes, { telegram: 4 })
})
