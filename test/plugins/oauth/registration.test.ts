import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'

const register = (app: any, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/register', payload: payload as object, headers })

t.test('a public client gets a client_id and no secret; a confidential one gets a 256-bit secret', async t => {
  const { app } = await buildTestApp(t)
  const pub = await register(app, { redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'none', client_name: 'VS Code', application_type: 'native' })
  t.equal(pub.statusCode, 201)
  t.equal(pub.headers['cache-control'], 'no-store')
  const p = pub.json()
  t.match(p.client_id, /^mcp_[A-Za-z0-9_-]{24}$/)
  t.notOk('client_secret' in p)
  t.same(p.redirect_uris, ['http://127.0.0.1:33418/callback'])
  t.equal(p.token_endpoint_auth_method, 'none')
  t.equal(p.client_name, 'VS Code')

  const conf = (await register(app, { redirect_uris: ['https://app.example.com/cb'] })).json()
  t.equal(conf.token_endpoint_auth_method, 'client_secret_basic', 'RFC 7591 default')
  t.ok(Buffer.from(conf.client_secret, 'base64url').length >= 32, 'secret has at least 256 bits')
  t.equal(conf.client_secret_expires_at, 0)
  t.not(conf.client_id, p.client_id)
})

t.test('redirect URIs: https, loopback http and private-use schemes are accepted', async t => {
  const { app } = await buildTestApp(t)
  for (const uri of ['https://claude.ai/api/mcp/auth_callback', 'http://localhost:6274/oauth/callback', 'http://[::1]:8080/cb', 'http://127.0.0.1/cb', 'vscode://vscode.github-authentication/did-authenticate', 'cursor://anysphere.cursor-retrieval/oauth/callback', 'com.example.app:/oauth2redirect']) {
    const res = await register(app, { redirect_uris: [uri], token_endpoint_auth_method: 'none' })
    t.equal(res.statusCode, 201, uri)
  }
})

t.test('dangerous or malformed redirect URIs are refused with a specific reason', async t => {
  const { app } = await buildTestApp(t)
  const cases: Array<[unknown, RegExp]> = [
    ['javascript:alert(1)', /scheme "javascript:" is not allowed/],
    ['data:text/html,<script>alert(1)</script>', /not allowed|spaces/],
    ['file:///etc/passwd', /scheme "file:" is not allowed/],
    ['http://evil.example.com/cb', /non-loopback host/],
    ['http://127.0.0.1.evil.com/cb', /non-loopback host/],
    ['https://app.example.com/cb#frag', /fragment/],
    ['https://user:pw@app.example.com/cb', /user information/],
    ['https://app.example.com@evil.com/cb', /user information/],
    ['/relative/cb', /not an absolute URI/],
    ['https://app.example.com/c b', /spaces/],
    ['HTTPS://APP.example.com/cb', /lowercase scheme/],
    ['https://x.example/' + 'a'.repeat(2100), /longer than 2000/],
    [42, /non-empty string/]
  ]
  for (const [uri, why] of cases) {
    const res = await register(app, { redirect_uris: [uri], token_endpoint_auth_method: 'none' })
    t.equal(res.statusCode, 400, String(uri).slice(0, 60))
    t.equal(res.json().error, 'invalid_redirect_uri')
    t.match(res.json().error_description, why)
  }
})

t.test('metadata problems are refused as invalid_client_metadata; limits are enforced', async t => {
  const { app } = await buildTestApp(t)
  const ok = ['https://a.example/cb']
  const bad: Array<[unknown, string, RegExp]> = [
    [{}, 'invalid_redirect_uri', /redirect_uris is required/],
    [{ redirect_uris: [] }, 'invalid_redirect_uri', /redirect_uris is required/],
    [{ redirect_uris: Array.from({ length: 6 }, (_, i) => `https://a.example/${i}`) }, 'invalid_redirect_uri', /at most 5/],
    [{ redirect_uris: ok, token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata', /token_endpoint_auth_method must be one of/],
    [{ redirect_uris: ok, grant_types: ['client_credentials'] }, 'invalid_client_metadata', /grant_types/],
    [{ redirect_uris: ok, grant_types: ['refresh_token'] }, 'invalid_client_metadata', /must include authorization_code/],
    [{ redirect_uris: ok, response_types: ['token'] }, 'invalid_client_metadata', /response_types/],
    [{ redirect_uris: ok, client_name: 'x'.repeat(201) }, 'invalid_client_metadata', /client_name/],
    [{ redirect_uris: ok, client_name: 'bad\nname' }, 'invalid_client_metadata', /control characters/],
    [{ redirect_uris: ok, scope: 'mcp admin' }, 'invalid_client_metadata', /Unknown scope admin/],
    [['not', 'an', 'object'], 'invalid_client_metadata', /JSON object/]
  ]
  for (const [body, code, why] of bad) {
    const res = await register(app, body)
    t.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 60))
    t.equal(res.json().error, code)
    t.match(res.json().error_description, why)
  }
  const form = await app.inject({ method: 'POST', url: '/register', payload: 'redirect_uris=https://a.example/cb', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  t.equal(form.statusCode, 400)
  t.equal(form.json().error, 'invalid_client_metadata', 'form bodies are not client metadata')
  const broken = await app.inject({ method: 'POST', url: '/register', payload: '{"redirect_uris":', headers: { 'content-type': 'application/json' } })
  t.equal(broken.statusCode, 400)
  t.equal(broken.json().error, 'invalid_request')
  t.notMatch(broken.body, /at .*\.js/, 'no stack trace')
})
