// Findings 12.3, 12.4: the client registry and the pending approvals could be filled by strangers (200
// registrations, 200 approval pages, refillable from one address) and every sign-in then got 503.
// Never-used registrations expire fast, are capped per address, and make room instead of refusing;
// approval pages likewise.
import t from 'tap'
import { MemoryOAuthStore } from '../../plugins/oauth/store.js'
import { DEFAULT_LIFETIMES, LIMITS, type ClientRecord } from '../../plugins/oauth/types.js'
import { buildTestApp } from '../helpers/build.js'
import { authorizePath, pkcePair, registerClient } from '../helpers/oauth-client.js'

const PASSPHRASE = 'correct horse battery staple'
const client = (id: string, at: number, source: string): ClientRecord => ({ clientId: id, authMethod: 'none', redirectUris: ['http://127.0.0.1:9/cb'], grantTypes: ['authorization_code'], createdAt: at, lastUsedAt: at, approvedScopes: [], registeredFrom: source })

t.test('strangers filling the registry never lock the owner out', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const now = Date.now()
  for (let i = 0; i < LIMITS.clients; i++) await store.saveClient(client(`stranger-${i}`, now + i, `addr-${i}`))
  await store.saveClient(client('owner', now + 1000, 'owner-addr'))
  t.ok(await store.getClient('owner'), 'the owner registers although the registry was full')
  t.notOk(await store.getClient('stranger-0'), 'the oldest never-used registration made room')
  await store.touchClient('owner', now + 2000)
  for (let i = 0; i < LIMITS.clients; i++) await store.saveClient(client(`again-${i}`, now + 3000 + i, `addr-${i}`))
  t.ok(await store.getClient('owner'), 'a client that signed in is never evicted by registrations')
})

t.test('one address keeps only a few never-used registrations', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const now = Date.now()
  for (let i = 0; i < 50; i++) await store.saveClient(client(`c${i}`, now + i, 'one-addr'))
  t.equal(store.snapshot().clients.length, LIMITS.unusedClientsPerSource)
  t.ok(await store.getClient('c49'), 'the newest stays')
})

t.test('never-used registrations expire within minutes, not a day', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const now = Date.now()
  await store.saveClient(client('idle', now, 'a'))
  await store.sweep(now + 20 * 60_000)
  t.notOk(await store.getClient('idle'))
})

t.test('approval pages from one address cannot fill the table', async t => {
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  const stranger = await registerClient(app)
  for (let i = 0; i < LIMITS.pendingApprovals + 5; i++) {
    const res = await app.inject({ url: authorizePath(stranger, { challenge: pkcePair().challenge, method: 'S256' }), remoteAddress: `10.0.${i >> 8}.${i & 255}` })
    if (res.statusCode !== 200) return t.fail(`approval page ${i} refused: ${res.statusCode}`)
  }
  const owner = await registerClient(app)
  const page = await app.inject({ url: authorizePath(owner, { challenge: pkcePair().challenge, method: 'S256' }) })
  t.equal(page.statusCode, 200, 'the owner still gets an approval page')
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)![1]
  const ok = await app.inject({
    method: 'POST',
    url: '/authorize',
    payload: new URLSearchParams({ request_id: requestId, passphrase: PASSPHRASE }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(page.headers['set-cookie']).split(';')[0] }
  })
  t.equal(ok.statusCode, 302, 'and can approve')
})
