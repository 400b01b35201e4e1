// /api/dashboard/keeps (issue 28 item 6): an owner sees who keeps what and overrides a keep only through a
// confirm bound to exactly the keeps it showed; a person sees and lifts only their own; the bot's one-tap keep
// works only for the person the notice was for; every change lands in the audit trail.
import t from 'tap'
import { keepStore } from '../../domains/maintenance/watched-keeps.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { oauthLogin } from '../helpers/oauth-client.js'

const ALICE = '111'
const BOB = '222'
const people = {
  NOTIFY_URLS: 'alice=json://127.0.0.1:9/alice bob=json://127.0.0.1:9/bob',
  NOTIFY_PEOPLE: `alice=telegram:${ALICE} bob=telegram:${BOB}`
}
const HEAT = 'Radarr:movie:12'

async function setup (t: Parameters<typeof buildTestApp>[0]) {
  const built = await buildTestApp(t, { config: people })
  const store = keepStore(built.config.STATE_DIR)
  await store.keep({ key: HEAT, title: 'Heat', person: 'alice', why: 'film night' })
  await store.keep({ key: 'Radarr:movie:13', title: 'Ronin', person: 'bob', why: '' })
  const as = (user?: string) => ({ authorization: `Bearer ${TEST_INTERNAL_KEY}`, ...(user ? { 'x-mediastack-actor': `telegram:${user}:${user}` } : {}) })
  const post = (url: string, payload: object, headers: Record<string, string>) => built.app.inject({ method: 'POST', url, payload, headers })
  return { ...built, store, as, post }
}

t.test('an owner sees every keep, a person only their own', async t => {
  const { app, as } = await setup(t)
  const owner = await app.inject({ url: '/api/dashboard/keeps', headers: as() })
  t.equal(owner.statusCode, 200)
  t.same(owner.json().you, { owner: true })
  t.same(owner.json().keeps.map((k: any) => [k.person, k.title, k.why]), [['alice', 'Heat', 'film night'], ['bob', 'Ronin', '']])
  t.match(owner.json().keeps[0].at, /^\d{4}-\d\d-\d\dT/)
  const bob = await app.inject({ url: '/api/dashboard/keeps', headers: as(BOB) })
  t.same(bob.json().you, { person: 'bob', owner: false })
  t.same(bob.json().keeps.map((k: any) => k.title), ['Ronin'])
  const stranger = await app.inject({ url: '/api/dashboard/keeps', headers: as('999') })
  t.equal(stranger.statusCode, 403)
  t.match(stranger.json().message, /not a person in NOTIFY_PEOPLE/)
})

t.test('a person lifts their own keep and cannot lift another\'s', async t => {
  const { store, as, post, app } = await setup(t)
  const foreign = await post('/api/dashboard/keeps/lift', { key: HEAT }, as(BOB))
  t.equal(foreign.statusCode, 404)
  t.match(foreign.json().message, /You \(bob\) have no keep on Radarr:movie:12/)
  t.same((await store.all()).map(k => k.person), ['alice', 'bob'], 'alice still keeps Heat')
  const own = await post('/api/dashboard/keeps/lift', { key: HEAT }, as(ALICE))
  t.equal(own.statusCode, 200)
  t.match(own.json().message, /Your keep of "Heat" is lifted/)
  t.same((await store.all()).map(k => k.title), ['Ronin'])
  const audit = app.audit.store.list({ offset: 0, limit: 10, action: 'dashboard.keep_lift' }).items[0]!
  t.equal(audit.outcome, 'ok')
  t.equal(audit.principal.actor, `telegram:${ALICE}:${ALICE}`)
  t.match(audit.targets, [/Heat \(kept by alice since/])
})

t.test('only an owner overrides, and only through a fresh confirm on exactly the keeps shown', async t => {
  const { store, as, post, app } = await setup(t)
  const person = await post('/api/dashboard/keeps/override', { key: HEAT }, as(BOB))
  t.equal(person.statusCode, 403, 'a person acting through the bot is no owner')
  t.equal(person.json().error, 'not_owner')
  // With people named, a sign-in says whom it is for: the owner's sign-in is the owner's.
  const { tokens } = await oauthLogin(app, { person: 'owner' })
  const dashboard = await app.inject({ url: '/api/dashboard/keeps', headers: { authorization: `Bearer ${tokens.access_token}` } })
  t.same(dashboard.json().you, { owner: true })
  const forged = await app.inject({ url: '/api/dashboard/keeps', headers: { authorization: `Bearer ${tokens.access_token}`, 'x-mediastack-actor': `telegram:${ALICE}:${ALICE}` } })
  t.same(forged.json().you, { owner: true }, 'only the internal key may name a person')

  const preview = await post('/api/dashboard/keeps/override', { key: HEAT }, as())
  t.equal(preview.statusCode, 200)
  t.match(preview.json().message, /Override lifts 1 keep\(s\) of "Heat": Heat \(kept by alice since/)
  t.same((await store.all()).length, 2, 'a preview lifts nothing')

  // Alice lifts and keeps again in between: the keep the owner saw is not the one there now.
  await store.lift('alice', HEAT)
  await store.keep({ key: HEAT, title: 'Heat', person: 'alice', why: 'changed my mind' }, new Date(Date.now() + 1000))
  const stale = await post('/api/dashboard/keeps/override', { key: HEAT, confirmToken: preview.json().confirmToken }, as())
  t.equal(stale.statusCode, 409)
  t.match(stale.json().message, /^Nothing was lifted: .*changed since the preview/)
  t.same((await store.all()).filter(k => k.key === HEAT).map(k => k.why), ['changed my mind'], 'the new keep stands')
  const refused = app.audit.store.list({ offset: 0, limit: 10, action: 'dashboard.keep_override' }).items[0]!
  t.equal(refused.outcome, 'refused')

  const again = await post('/api/dashboard/keeps/override', { key: HEAT }, as())
  const done = await post('/api/dashboard/keeps/override', { key: HEAT, confirmToken: again.json().confirmToken }, as())
  t.equal(done.statusCode, 200)
  t.match(done.json().message, /Lifted 1 keep\(s\) of "Heat": Heat \(kept by alice since/)
  t.same((await store.all()).map(k => k.title), ['Ronin'])
  const reused = await post('/api/dashboard/keeps/override', { key: HEAT, confirmToken: again.json().confirmToken }, as())
  t.equal(reused.statusCode, 409, 'a used confirm does nothing more')
  t.match(reused.json().message, /already used/)
})

t.test('a notice\'s keep token keeps only for the person it was for', async t => {
  const { store, as, post, app } = await setup(t)
  const token = await store.link({ key: 'Sonarr:series:5', title: 'Northern Line', person: 'alice' }, 60_000)
  const bob = await post('/api/dashboard/keeps/link', { token, action: 'keep' }, as(BOB))
  t.equal(bob.statusCode, 403)
  t.match(bob.json().message, /This notice was for alice/)
  const alice = await post('/api/dashboard/keeps/link', { token, action: 'keep', why: 'season 2 soon' }, as(ALICE))
  t.equal(alice.statusCode, 200)
  t.same({ result: alice.json().result, title: alice.json().title }, { result: 'added', title: 'Northern Line' })
  t.match(await store.all(), [{}, {}, { key: 'Sonarr:series:5', person: 'alice', why: 'season 2 soon' }])
  const entry = app.audit.store.list({ offset: 0, limit: 10, action: 'keep.keep' }).items[0]!
  t.equal(entry.source, 'notice')
  t.notMatch(JSON.stringify(entry), token, 'the token is not stored in the audit trail')
  const unknown = await post('/api/dashboard/keeps/link', { token: 'x'.repeat(24), action: 'keep' }, as(ALICE))
  t.equal(unknown.statusCode, 404)
})
