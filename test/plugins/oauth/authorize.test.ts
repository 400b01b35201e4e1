import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { authorize, authorizePath, pkcePair, registerClient, oauthLogin } from '../../helpers/oauth-client.js'

const RESOURCE = 'http://127.0.0.1:3000/mcp'

t.test('a valid request is approved at once: 302 with a 256-bit code, state and iss', async t => {
  const { app } = await buildTestApp(t)
  const client = await registerClient(app)
  const { challenge } = pkcePair()
  const res = await app.inject({ url: authorizePath(client, { challenge, method: 'S256', state: 'xyz 123', resource: RESOURCE, scope: 'mcp' }) })
  t.equal(res.statusCode, 302)
  t.equal(res.headers['cache-control'], 'no-store')
  t.equal(res.headers['referrer-policy'], 'no-referrer')
  const loc = new URL(String(res.headers.location))
  t.equal(`${loc.origin}${loc.pathname}`, 'http://127.0.0.1:9/callback')
  t.match(loc.searchParams.get('code'), /^[A-Za-z0-9_-]{43}$/, '32 random bytes')
  t.equal(loc.searchParams.get('state'), 'xyz 123', 'state echoed verbatim')
  t.equal(loc.searchParams.get('iss'), 'http://127.0.0.1:3000', 'RFC 9207 iss')
})

t.test('errors before the redirect URI is trusted are shown, never redirected', async t => {
  const { app } = await buildTestApp(t)
  const client = await registerClient(app, { redirect_uris: ['http://127.0.0.1:9/callback', 'https://app.example.com/cb'] })
  const { challenge } = pkcePair()
  const cases: Array<[string, RegExp]> = [
    [authorizePath(client, { challenge, method: 'S256', clientId: 'mcp_unknown' }), /Unknown client_id/],
    [authorizePath(client, { challenge, method: 'S256', redirectUri: 'https://evil.example.com/cb' }), /does not match/],
    [authorizePath(client, { challenge, method: 'S256', redirectUri: 'https://app.example.com/cb/' }), /does not match/],
    [authorizePath(client, { challenge, method: 'S256', redirectUri: 'https://app.example.com/cb?x=1' }), /does not match/],
    [authorizePath(client, { challenge, method: 'S256', redirectUri: 'https://APP.example.com/cb' }), /does not match/],
    [authorizePath(client, { challenge, method: 'S256', redirectUri: 'http://localhost:9/callback' }), /does not match/],
    [authorizePath(client, { challenge, method: 'S256', redirectUri: 'http://127.0.0.1:9/other' }), /does not match/],
    [`/authorize?response_type=code&client_id=${client.client_id}&code_challenge=${challenge}&code_challenge_method=S256`, /several/],
    ['/authorize?response_type=code', /Missing client_id/],
    [`/authorize?client_id=${client.client_id}&client_id=x`, /more than once/]
  ]
  for (const [url, why] of cases) {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 400, url)
    t.notOk(res.headers.location, 'no redirect')
    t.match(res.json().error_description, why)
  }
  const html = await app.inject({ url: authorizePath(client, { clientId: '<script>x</script>' }), headers: { accept: 'text/html' } })
  t.equal(html.statusCode, 400)
  t.match(html.headers['content-type'], /text\/html/)
  t.equal(html.headers['x-frame-options'], 'DENY')
  t.notMatch(html.body, /<script>/, 'nothing from the request is rendered unescaped')
})

t.test('loopback redirects may change the port only', async t => {
  const { app } = await buildTestApp(t)
  const client = await registerClient(app, { redirect_uris: ['http://127.0.0.1:9/callback?app=1'] })
  const { challenge } = pkcePair()
  const ok = await authorize(app, client, { challenge, method: 'S256', redirectUri: 'http://127.0.0.1:51234/callback?app=1' })
  t.equal(ok.location.port, '51234', 'redirected to the port the client asked for')
  t.equal(ok.params.get('app'), '1', 'the registered query is kept')
  for (const other of ['http://localhost:51234/callback?app=1', 'http://[::1]:51234/callback?app=1', 'http://127.0.0.1:51234/callback', 'http://127.0.0.1:51234/callback?app=2', 'https://127.0.0.1:51234/callback?app=1', 'http://127.0.0.1:99999/callback?app=1']) {
    const res = await app.inject({ url: authorizePath(client, { challenge, method: 'S256', redirectUri: other }) })
    t.equal(res.statusCode, 400, other)
  }
})

t.test('after the redirect URI is trusted, errors go back to it with error, state and iss', async t => {
  const { app } = await buildTestApp(t)
  const client = await registerClient(app)
  const { challenge } = pkcePair()
  const cases: Array<[Parameters<typeof authorizePath>[1], string, RegExp]> = [
    [{ challenge, method: 'S256', responseType: 'token' }, 'unsupported_response_type', /must be "code"/],
    [{}, 'invalid_request', /PKCE is required/],
    [{ challenge }, 'invalid_request', /missing method means plain/],
    [{ challenge, method: 'plain' }, 'invalid_request', /"plain" is not accepted/],
    [{ challenge: 'short', method: 'S256' }, 'invalid_request', /43-character/],
    [{ challenge, method: 'S256', resource: 'https://other.example.com/mcp' }, 'invalid_target', /only issues tokens for the resource http:\/\/127\.0\.0\.1:3000\/mcp/],
    [{ challenge, method: 'S256', resource: 'http://127.0.0.1:3000' }, 'invalid_target', /resource/],
    [{ challenge, method: 'S256', scope: 'mcp admin' }, 'invalid_scope', /Unknown scope admin/],
    [{ challenge, method: 'S256', scope: 'setup' }, 'invalid_scope', /approval page/]
  ]
  for (const [params, code, why] of cases) {
    const { params: q, code: issued } = await authorize(app, client, { state: 's1', ...params })
    t.notOk(issued, `${code}: no code`)
    t.equal(q.get('error'), code)
    t.match(q.get('error_description'), why)
    t.equal(q.get('state'), 's1')
    t.equal(q.get('iss'), 'http://127.0.0.1:3000')
  }
})

t.test('setup scope is never granted by automatic approval', async t => {
  const { app } = await buildTestApp(t)
  const { tokens } = await oauthLogin(app, { scope: 'mcp setup' })
  t.equal(tokens.scope, 'mcp')
})
