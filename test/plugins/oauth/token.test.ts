import t from 'tap'
import { buildClockApp } from './clock-app.js'
import { authorize, oauthLogin, pkcePair, refreshTokens, registerClient, tokenRequest } from '../../helpers/oauth-client.js'

const RESOURCE = 'http://127.0.0.1:3000/mcp'
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function codeFor (app: any, client: any) {
  const { verifier, challenge } = pkcePair()
  const { code } = await authorize(app, client, { challenge, method: 'S256', resource: RESOURCE })
  return { code: code as string, verifier }
}

t.test('code exchange returns opaque 256-bit tokens, no-store, usable as bearer', async t => {
  const { app } = await buildClockApp(t)
  const { tokens, client } = await oauthLogin(app)
  t.equal(tokens.token_type, 'Bearer')
  t.equal(tokens.expires_in, 24 * 3600)
  t.equal(tokens.scope, 'mcp')
  t.match(tokens.access_token, /^[A-Za-z0-9_-]{43}$/)
  t.match(tokens.refresh_token, /^[A-Za-z0-9_-]{43}$/)
  const who = await app.inject({ url: '/api/whoami', headers: bearer(tokens.access_token) })
  t.equal(who.statusCode, 200)
  t.match(who.json(), { kind: 'oauth', clientId: client.client_id, scopes: ['mcp'], id: /^oauth:/ })
  t.ok(who.json().expiresAt > Date.now() / 1000 + 23 * 3600)

  const { code, verifier } = await codeFor(app, client)
  const res = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirect_uris[0], resource: RESOURCE })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  t.match(res.headers['content-type'], /application\/json/)
})

t.test('the code is bound to client, redirect_uri, PKCE verifier and resource', async t => {
  const { app } = await buildClockApp(t)
  const client = await registerClient(app)
  const other = await registerClient(app)
  const cases: Array<[(c: { code: string, verifier: string }) => [any, Record<string, string>], number, string, RegExp]> = [
    [c => [client, { grant_type: 'authorization_code', code: c.code, code_verifier: pkcePair().verifier, redirect_uri: client.redirect_uris[0] }], 400, 'invalid_grant', /code_verifier does not match/],
    [c => [client, { grant_type: 'authorization_code', code: c.code, redirect_uri: client.redirect_uris[0] }], 400, 'invalid_request', /PKCE is required/],
    [c => [client, { grant_type: 'authorization_code', code: c.code, code_verifier: 'short', redirect_uri: client.redirect_uris[0] }], 400, 'invalid_request', /43-128/],
    [c => [client, { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: 'http://127.0.0.1:10/callback' }], 400, 'invalid_grant', /redirect_uri does not match/],
    [c => [client, { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier }], 400, 'invalid_grant', /redirect_uri does not match/],
    [c => [other, { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: client.redirect_uris[0] }], 400, 'invalid_grant', /another client/],
    [c => [client, { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: client.redirect_uris[0], resource: 'https://other.example/mcp' }], 400, 'invalid_target', /resource/],
    [c => [client, { grant_type: 'authorization_code', code: c.code + 'x', code_verifier: c.verifier, redirect_uri: client.redirect_uris[0] }], 400, 'invalid_grant', /unknown or has expired/]
  ]
  for (const [make, status, error, why] of cases) {
    const c = await codeFor(app, client)
    const [who, params] = make(c)
    const res = await tokenRequest(app, who, params)
    t.equal(res.statusCode, status, why.source)
    t.equal(res.json().error, error)
    t.match(res.json().error_description, why)
  }
})

t.test('a failed attempt burns the code: the right verifier afterwards is refused', async t => {
  const { app } = await buildClockApp(t)
  const client = await registerClient(app)
  const { code, verifier } = await codeFor(app, client)
  await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: pkcePair().verifier, redirect_uri: client.redirect_uris[0] })
  const res = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirect_uris[0] })
  t.equal(res.json().error, 'invalid_grant')
})

t.test('a reused code is refused and the tokens issued from it are revoked', async t => {
  const { app } = await buildClockApp(t)
  const { client, tokens, code, verifier } = await oauthLogin(app)
  const again = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirect_uris[0] })
  t.equal(again.statusCode, 400)
  t.equal(again.json().error, 'invalid_grant')
  t.match(again.json().error_description, /already used/)
  t.equal((await app.inject({ url: '/api/whoami', headers: bearer(tokens.access_token) })).statusCode, 401, 'access token revoked')
  t.equal((await refreshTokens(app, client, tokens.refresh_token!)).json().error, 'invalid_grant', 'refresh token revoked')
})

t.test('an expired code is refused', async t => {
  const { app, clock } = await buildClockApp(t)
  const client = await registerClient(app)
  const { code, verifier } = await codeFor(app, client)
  clock.advance(61_000)
  const res = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirect_uris[0] })
  t.equal(res.statusCode, 400)
  t.equal(res.json().error, 'invalid_grant')
  t.match(res.json().error_description, /expired/)
})

t.test('refresh rotates both tokens; replaying a rotated refresh token revokes the whole family', async t => {
  const { app } = await buildClockApp(t)
  const { client, tokens: first } = await oauthLogin(app)
  const r1 = await refreshTokens(app, client, first.refresh_token!)
  t.equal(r1.statusCode, 200)
  t.equal(r1.headers['cache-control'], 'no-store')
  const second = r1.json()
  t.not(second.refresh_token, first.refresh_token, 'refresh token rotated')
  t.not(second.access_token, first.access_token)
  const p1 = (await app.inject({ url: '/api/whoami', headers: bearer(first.access_token) })).json()
  const p2 = (await app.inject({ url: '/api/whoami', headers: bearer(second.access_token) })).json()
  t.equal(p1.id, p2.id, 'the principal (grant) is stable across rotation')
  const third = (await refreshTokens(app, client, second.refresh_token)).json()

  const replay = await refreshTokens(app, client, first.refresh_token!)
  t.equal(replay.statusCode, 400)
  t.equal(replay.json().error, 'invalid_grant')
  t.match(replay.json().error_description, /already used/)
  for (const token of [first.access_token, second.access_token, third.access_token]) {
    t.equal((await app.inject({ url: '/api/whoami', headers: bearer(token) })).statusCode, 401, 'every access token of the family revoked')
  }
  t.equal((await refreshTokens(app, client, third.refresh_token)).json().error, 'invalid_grant', 'the newest refresh token too')
})

t.test('refresh: expiry, another client, scope widening, resource', async t => {
  const { app, clock } = await buildClockApp(t, {}, { lifetimes: { access: 1000, refresh: 5000 } })
  const { client, tokens } = await oauthLogin(app)
  const other = await registerClient(app)
  t.equal((await refreshTokens(app, other, tokens.refresh_token!)).json().error, 'invalid_grant', 'another client cannot use it')
  const widen = await tokenRequest(app, client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, scope: 'mcp setup' })
  t.equal(widen.json().error, 'invalid_scope')
  const target = await tokenRequest(app, client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, resource: 'https://x.example/mcp' })
  t.equal(target.json().error, 'invalid_target')

  clock.advance(1500)
  t.equal((await app.inject({ url: '/api/whoami', headers: bearer(tokens.access_token) })).statusCode, 401, 'access token expired')
  const fresh = await refreshTokens(app, client, tokens.refresh_token!)
  t.equal(fresh.statusCode, 200, 'refresh still works after the access token expired')
  clock.advance(6000)
  const late = await refreshTokens(app, client, fresh.json().refresh_token)
  t.equal(late.json().error, 'invalid_grant')
  t.match(late.json().error_description, /expired/)
})

t.test('client authentication follows the registration, secrets compared whatever their length', async t => {
  const { app } = await buildClockApp(t)
  for (const method of ['client_secret_basic', 'client_secret_post'] as const) {
    const { tokens, client } = await oauthLogin(app, { metadata: { token_endpoint_auth_method: method } })
    t.ok(tokens.access_token, `${method} works`)
    for (const secret of ['', 'x', client.client_secret + 'x', 'y'.repeat(500)]) {
      const res = await refreshTokens(app, { ...client, client_secret: secret }, tokens.refresh_token!)
      t.equal(res.statusCode, 401, `${method} wrong secret of length ${secret.length}`)
      t.equal(res.json().error, 'invalid_client')
      if (method === 'client_secret_basic') t.match(res.headers['www-authenticate'], /^Basic /)
    }
    const wrongMethod = await refreshTokens(app, { ...client, token_endpoint_auth_method: method === 'client_secret_basic' ? 'client_secret_post' : 'client_secret_basic' }, tokens.refresh_token!)
    t.equal(wrongMethod.json().error, 'invalid_client', 'a method other than the registered one is refused')
    const none = await refreshTokens(app, { ...client, token_endpoint_auth_method: 'none' }, tokens.refresh_token!)
    t.equal(none.json().error, 'invalid_client', 'a confidential client must authenticate')
  }
  const unknown = await tokenRequest(app, { client_id: 'mcp_nobody', redirect_uris: [], token_endpoint_auth_method: 'none' }, { grant_type: 'refresh_token', refresh_token: 'x' })
  t.equal(unknown.statusCode, 401)
  t.equal(unknown.json().error, 'invalid_client')
})

t.test('malformed token requests get RFC 6749 errors, never a stack trace', async t => {
  const { app } = await buildClockApp(t)
  const client = await registerClient(app)
  const cases: Array<[string, string | undefined, number, string]> = [
    ['grant_type=password&username=a&password=b', 'application/x-www-form-urlencoded', 400, 'unsupported_grant_type'],
    ['client_id=x', 'application/x-www-form-urlencoded', 400, 'invalid_request'],
    [`grant_type=authorization_code&grant_type=refresh_token&client_id=${client.client_id}`, 'application/x-www-form-urlencoded', 400, 'invalid_request'],
    [`grant_type=authorization_code&client_id=${client.client_id}`, 'application/x-www-form-urlencoded', 400, 'invalid_request'],
    ['{"grant_type":"authorization_code"}', 'application/json', 400, 'invalid_request'],
    ['grant_type=authorization_code', 'text/plain', 400, 'invalid_request'],
    ['grant_type=x&pad=' + 'a'.repeat(20_000), 'application/x-www-form-urlencoded', 400, 'invalid_request']
  ]
  for (const [payload, type, status, error] of cases) {
    const res = await app.inject({ method: 'POST', url: '/token', payload, headers: type ? { 'content-type': type } : {} })
    t.equal(res.statusCode, status, payload.slice(0, 50))
    t.equal(res.json().error, error, payload.slice(0, 50))
    t.equal(res.headers['cache-control'], 'no-store')
    t.notMatch(res.body, /\.ts:\d+|at [A-Za-z]+ \(/, 'no stack trace')
  }
  t.equal((await app.inject({ method: 'GET', url: '/token' })).statusCode, 404, 'token endpoint is POST only')
})

t.test('revocation (RFC 7009): refresh token revokes the grant, access token only itself, unknown is 200', async t => {
  const { app } = await buildClockApp(t)
  const a = await oauthLogin(app)
  let res = await tokenRequest(app, a.client, { token: a.tokens.access_token }, '/revoke')
  t.equal(res.statusCode, 200)
  t.equal((await app.inject({ url: '/api/whoami', headers: bearer(a.tokens.access_token) })).statusCode, 401)
  t.equal((await refreshTokens(app, a.client, a.tokens.refresh_token!)).statusCode, 200, 'refresh token still valid')

  const b = await oauthLogin(app)
  const c = await oauthLogin(app)
  res = await tokenRequest(app, c.client, { token: b.tokens.refresh_token! }, '/revoke')
  t.equal(res.statusCode, 200, 'another client\'s token: 200 ...')
  t.equal((await app.inject({ url: '/api/whoami', headers: bearer(b.tokens.access_token) })).statusCode, 200, '... but nothing revoked')
  res = await tokenRequest(app, b.client, { token: b.tokens.refresh_token!, token_type_hint: 'refresh_token' }, '/revoke')
  t.equal(res.statusCode, 200)
  t.equal((await app.inject({ url: '/api/whoami', headers: bearer(b.tokens.access_token) })).statusCode, 401, 'grant revoked')
  t.equal((await refreshTokens(app, b.client, b.tokens.refresh_token!)).json().error, 'invalid_grant')
  t.equal((await tokenRequest(app, b.client, { token: 'unknown-token' }, '/revoke')).statusCode, 200)
  t.equal((await tokenRequest(app, { ...b.client, client_id: 'mcp_nobody' }, { token: 'x' }, '/revoke')).statusCode, 401, 'client auth still required')
})
