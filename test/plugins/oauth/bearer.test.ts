// The resource-server side: app.authenticate on a test-only route, with the full app from buildApp.
import t from 'tap'
import { buildTestApp, makeRoots, TEST_INTERNAL_KEY } from '../../helpers/build.js'
import { oauthLogin } from '../../helpers/oauth-client.js'
import { addWhoami, buildClockApp } from './clock-app.js'

async function fullApp (t: { teardown: (fn: () => unknown) => void }, overrides: Record<string, unknown> = {}) {
  return (await buildTestApp(t, { config: overrides, beforeReady: addWhoami })).app
}

const PRM = 'resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp"'

t.test('a valid OAuth access token authenticates with a principal bound to its grant', async t => {
  const app = await fullApp(t)
  const { tokens, client } = await oauthLogin(app)
  const res = await app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${tokens.access_token}` } })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: /^oauth:[A-Za-z0-9_-]{22}$/, kind: 'oauth', clientId: client.client_id, scopes: ['mcp'] })
  const lower = await app.inject({ url: '/api/whoami', headers: { authorization: `bearer ${tokens.access_token}` } })
  t.equal(lower.statusCode, 200, 'the scheme is case-insensitive')
})

t.test('no bearer → 401 pointing at the metadata, without error=', async t => {
  const app = await fullApp(t)
  const res = await app.inject({ url: '/api/whoami' })
  t.equal(res.statusCode, 401)
  t.equal(res.headers['www-authenticate'], `Bearer ${PRM}`)
  t.match(res.json(), {
    error: 'unauthorized',
    resource_metadata: 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp',
    authorization_server_metadata: 'http://127.0.0.1:3000/.well-known/oauth-authorization-server'
  })
})

t.test('a bogus or malformed bearer → 401 with error="invalid_token"', async t => {
  const app = await fullApp(t)
  for (const authorization of ['Bearer not-a-real-token-0123456789abcdef0123456789', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${TEST_INTERNAL_KEY}x`, `Bearer ${TEST_INTERNAL_KEY.slice(0, -1)}`, 'Bearer a b']) {
    const res = await app.inject({ url: '/api/whoami', headers: { authorization } })
    t.equal(res.statusCode, 401, authorization)
    t.match(res.headers['www-authenticate'], /^Bearer resource_metadata="[^"]+", error="invalid_token"/)
    t.equal(res.json().error, 'invalid_token')
    t.notMatch(res.body, TEST_INTERNAL_KEY, 'the key never appears in an answer')
    t.match(res.json().error_description, /neither a valid OAuth access token for this server .* nor the INTERNAL_API_KEY\. OAuth clients: refresh the token or sign in again\. Internal clients \(the chat bot\): send exactly the INTERNAL_API_KEY/)
  }
})

t.test('the internal key is accepted as its own principal', async t => {
  const app = await fullApp(t)
  const res = await app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: 'internal', kind: 'internal' })
})

t.test('without INTERNAL_API_KEY, internal auth is off (no empty or random key works)', async t => {
  const app = await fullApp(t, { INTERNAL_API_KEY: '' })
  for (const authorization of ['Bearer ', `Bearer ${TEST_INTERNAL_KEY}`, 'Bearer undefined']) {
    t.equal((await app.inject({ url: '/api/whoami', headers: { authorization } })).statusCode, 401, authorization)
  }
})

t.test('tokens in the query string are refused, even valid ones', async t => {
  const app = await fullApp(t)
  const { tokens } = await oauthLogin(app)
  const res = await app.inject({ url: `/api/whoami?access_token=${tokens.access_token}` })
  t.equal(res.statusCode, 400)
  t.match(res.headers['www-authenticate'], /error="invalid_request"/)
  t.match(res.json().error_description, /not accepted in the query string/)
  const both = await app.inject({ url: `/api/whoami?access_token=${tokens.access_token}`, headers: { authorization: `Bearer ${tokens.access_token}` } })
  t.equal(both.statusCode, 400, 'not even next to a header')
})

t.test('a token issued for another resource is refused (audience checked on every request)', async t => {
  // Same state directory, file store: the token was issued while PUBLIC_URL named another server.
  const roots = makeRoots()
  const first = await buildClockApp(t, { OAUTH_STORE: 'file', PUBLIC_URL: 'https://old.example.com' }, {}, roots)
  const { tokens } = await oauthLogin(first.app)
  t.equal((await first.app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode, 200)
  await first.app.close()
  const second = await buildClockApp(t, { OAUTH_STORE: 'file', PUBLIC_URL: 'https://new.example.com' }, {}, roots)
  const res = await second.app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${tokens.access_token}` } })
  t.equal(res.statusCode, 401)
  t.match(res.headers['www-authenticate'], /error="invalid_token"/)
  await second.app.close()
  const third = await buildClockApp(t, { OAUTH_STORE: 'file', PUBLIC_URL: 'https://old.example.com' }, {}, roots)
  const back = await third.app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${tokens.access_token}` } })
  t.equal(back.statusCode, 200, 'the same token is still valid for the resource it was issued for')
})

t.test('requireScope answers 403 insufficient_scope', async t => {
  const { app } = await buildTestApp(t, { beforeReady: app => app.get('/api/setup-probe', { preHandler: [app.authenticate, app.requireScope('setup')] }, async () => ({ ok: true })) })
  const { tokens } = await oauthLogin(app)
  const res = await app.inject({ url: '/api/setup-probe', headers: { authorization: `Bearer ${tokens.access_token}` } })
  t.equal(res.statusCode, 403)
  t.match(res.headers['www-authenticate'], /error="insufficient_scope", scope="setup"/)
  const internal = await app.inject({ url: '/api/setup-probe', headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } })
  t.equal(internal.statusCode, 200)
})
