import t from 'tap'
import { readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { makeRoots } from '../../helpers/build.js'
import { oauthLogin, refreshTokens } from '../../helpers/oauth-client.js'
import { buildClockApp } from './clock-app.js'
import { MemoryOAuthStore } from '../../../plugins/oauth/store.js'
import { LIMITS, DEFAULT_LIFETIMES, type ClientRecord } from '../../../plugins/oauth/types.js'

const who = (app: any, token: string) => app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${token}` } })

t.test('memory store (default): a restart signs every client out', async t => {
  const roots = makeRoots()
  const first = await buildClockApp(t, {}, {}, roots)
  const { tokens, client } = await oauthLogin(first.app)
  await first.app.close()
  const second = await buildClockApp(t, {}, {}, roots)
  t.equal((await who(second.app, tokens.access_token)).statusCode, 401)
  const refresh = await refreshTokens(second.app, client, tokens.refresh_token!)
  t.equal(refresh.statusCode, 401)
  t.equal(refresh.json().error, 'invalid_client', 'the SDK re-registers on invalid_client')
  t.same(readdirSync(roots.state).filter(f => f.startsWith('oauth')), [], 'nothing written to disk')
})

t.test('file store: clients and tokens survive a rebuild; the file holds hashes only, mode 0600', async t => {
  const roots = makeRoots()
  const first = await buildClockApp(t, { OAUTH_STORE: 'file' }, {}, roots)
  const { tokens, client } = await oauthLogin(first.app, { metadata: { token_endpoint_auth_method: 'client_secret_post' } })
  await first.app.close()

  const file = join(roots.state, 'oauth-store.json')
  t.equal(statSync(file).mode & 0o777, 0o600)
  const text = readFileSync(file, 'utf8')
  for (const secret of [tokens.access_token, tokens.refresh_token!, client.client_secret!]) t.notOk(text.includes(secret), 'no raw secret on disk')
  t.same(readdirSync(roots.state).filter(f => f.includes('.tmp')), [], 'no temp file left behind')

  const second = await buildClockApp(t, { OAUTH_STORE: 'file' }, {}, roots)
  t.equal((await who(second.app, tokens.access_token)).statusCode, 200, 'access token still valid')
  const r = await refreshTokens(second.app, client, tokens.refresh_token!)
  t.equal(r.statusCode, 200, 'refresh (with client secret) still works')
  await second.app.close()

  // The rotation was persisted too: replaying the old refresh token after another restart is detected.
  const third = await buildClockApp(t, { OAUTH_STORE: 'file' }, {}, roots)
  const replay = await refreshTokens(third.app, client, tokens.refresh_token!)
  t.equal(replay.json().error, 'invalid_grant')
  t.equal((await who(third.app, r.json().access_token)).statusCode, 401, 'family revoked after the replay')
})

t.test('file store: a damaged file is set aside and the server starts empty', async t => {
  const roots = makeRoots()
  writeFileSync(join(roots.state, 'oauth-store.json'), '{"version":1,"clients":')
  const { app } = await buildClockApp(t, { OAUTH_STORE: 'file' }, {}, roots)
  t.equal((await app.inject({ url: '/.well-known/oauth-authorization-server' })).statusCode, 200)
  t.ok(readdirSync(roots.state).some(f => f.startsWith('oauth-store.json.corrupt-')), 'damaged file kept for inspection')
  const { tokens } = await oauthLogin(app)
  t.ok(tokens.access_token, 'works after starting empty')
})

const client = (id: string, at: number): ClientRecord => ({ clientId: id, authMethod: 'none', redirectUris: ['https://a.example/cb'], grantTypes: ['authorization_code', 'refresh_token'], createdAt: at, lastUsedAt: at, approvedScopes: [] })

t.test('stores are capped: a registry full of signed-in clients refuses new clients but keeps existing ones', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const now = Date.now()
  for (let i = 0; i < LIMITS.clients; i++) await store.saveClient({ ...client(`c${i}`, now), used: true })
  await t.rejects(store.saveClient(client('one-more', now)), { code: 'temporarily_unavailable', status: 503 })
  await store.saveClient({ ...client('c1', now), lastUsedAt: now + 1 })
  t.equal((await store.getClient('c1'))?.lastUsedAt, now + 1, 'updating an existing client still works')
})

t.test('sweep drops expired tokens, clients that never signed in and clients whose grants are all gone', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const now = Date.now()
  await store.saveClient(client('unused', now))
  await store.saveClient({ ...client('active', now), lastUsedAt: now + 1000 })
  await store.saveClient({ ...client('signed-out', now), lastUsedAt: now + 1000 })
  await store.saveTokens([
    { hash: 'h1', kind: 'access', grantId: 'g', clientId: 'active', scopes: ['mcp'], resource: 'r', issuedAt: now, expiresAt: now + 10 },
    { hash: 'h2', kind: 'refresh', grantId: 'g', clientId: 'active', scopes: ['mcp'], resource: 'r', issuedAt: now, expiresAt: now + DEFAULT_LIFETIMES.refresh }
  ])
  await store.sweep(now + DEFAULT_LIFETIMES.unusedClient + 1001)
  t.notOk(await store.getClient('unused'))
  t.ok(await store.getClient('active'), 'a client with a live refresh token stays')
  t.notOk(await store.getClient('signed-out'), 'a client with no grant left is dropped')
  t.notOk(await store.getToken('h1'))
})

t.test('a metadata-document or configured client\'s stored approvals take no registration slot', async t => {
  const store = new MemoryOAuthStore(DEFAULT_LIFETIMES)
  const now = Date.now()
  for (let i = 0; i < LIMITS.clients; i++) await store.saveClient({ ...client(`c${i}`, now), used: true })
  await store.saveClient({ ...client('https://client.example.com/client.json', now), source: 'document', used: true })
  await store.saveClient({ ...client('homeassistant', now), source: 'configured', used: true })
  t.ok(await store.getClient('https://client.example.com/client.json'), 'stored although every registration slot is taken')
  await t.rejects(store.saveClient(client('one-more', now)), { code: 'temporarily_unavailable' }, 'registrations are still capped')
})
