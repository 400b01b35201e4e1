// Client ID Metadata Documents: the official SDK client signs in with an https client_id whose document this
// test serves on loopback. The URL guard still checks every client_id (https, a public address by the injected
// resolver, not this stack); only the connection is routed to the loopback server, as the .torrent tests do.
import t from 'tap'
import http from 'node:http'
import net from 'node:net'
import { Agent } from 'undici'
import { auth } from '@modelcontextprotocol/client'
import { buildTestApp } from '../../helpers/build.js'
import { authorizePath, freePort, HeadlessOAuthProvider, pkcePair, TEST_REDIRECT_URI } from '../../helpers/oauth-client.js'
import { addWhoami } from './clock-app.js'

const DOC_URL = 'https://client.example.com/oauth/mcp-client.json'
const PUBLIC_ADDRESS = '93.184.215.14'

interface Served { status?: number, headers?: Record<string, string>, body: unknown }

/** A loopback document server; `serve` decides each answer; `hits` counts requests by path. */
async function documentServer (t: { teardown: (fn: () => unknown) => void }, serve: (path: string) => Served) {
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '')
    const answer = serve(req.url ?? '')
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers }).end(body)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  const dispatcher = new Agent({ connect: (_o, done) => { const s = net.connect({ host: '127.0.0.1', port }, () => done(null, s)); s.once('error', err => done(err, null)) } })
  t.teardown(async () => { await dispatcher.close(); server.close() })
  return { hits, dispatcher }
}

const resolver = async (host: string) => {
  if (host === 'client.example.com' || host === 'other.example.com') return [{ address: PUBLIC_ADDRESS, family: 4 }]
  if (host === 'intranet.example.com') return [{ address: '10.0.0.5', family: 4 }]
  throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' })
}

const document = (overrides: Record<string, unknown> = {}) => ({
  client_id: DOC_URL,
  client_name: 'Document Client',
  redirect_uris: [TEST_REDIRECT_URI],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  ...overrides
})

async function appWithDocuments (t: Parameters<typeof buildTestApp>[0], serve: (path: string) => Served, listen = false) {
  const docs = await documentServer(t, serve)
  const port = listen ? await freePort() : undefined
  const built = await buildTestApp(t, {
    ...(port !== undefined ? { listenPort: port } : {}),
    build: { resolver, plugins: { oauth: { documentDispatcher: docs.dispatcher } } },
    beforeReady: addWhoami
  })
  return { ...built, docs, base: port !== undefined ? `http://127.0.0.1:${port}` : '' }
}

class DocumentProvider extends HeadlessOAuthProvider {
  get clientMetadataUrl () { return DOC_URL }
}

t.test('the SDK client signs in with a metadata-document client_id: no registration, refresh keeps working', async t => {
  const { base, docs, app } = await appWithDocuments(t, () => ({ headers: { 'cache-control': 'max-age=600' }, body: document() }), true)
  const provider = new DocumentProvider(base)
  const serverUrl = `${base}/mcp`
  t.equal(await auth(provider, { serverUrl }), 'REDIRECT')
  t.equal(provider.clientInformation()?.client_id, DOC_URL, 'the SDK used the document URL as its client_id (the server advertises CIMD)')
  const params = provider.callbackParams!
  t.equal(await auth(provider, { serverUrl, authorizationCode: params.get('code')!, iss: params.get('iss')! }), 'AUTHORIZED')
  const who = await fetch(`${base}/api/whoami`, { headers: { authorization: `Bearer ${provider.tokens()!.access_token}` } })
  t.equal((await who.json()).clientId, DOC_URL)
  t.equal(await auth(provider, { serverUrl }), 'AUTHORIZED', 'refresh with the document client')
  t.same(docs.hits, ['/oauth/mcp-client.json'], 'fetched once: max-age=600 kept it for the token and refresh requests')
  const register = await app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
  t.ok(register.json().token_endpoint_auth_methods_supported.includes('none'), '`none` is advertised beside CIMD (Claude requires it)')
})

t.test('no-store documents are fetched again for every request that needs them', async t => {
  const { app, docs } = await appWithDocuments(t, () => ({ headers: { 'cache-control': 'no-store' }, body: document() }))
  const { challenge } = pkcePair()
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ url: authorizePath({ client_id: DOC_URL, redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none' }, { challenge, method: 'S256' }) })
    t.equal(res.statusCode, 302, 'approved')
  }
  t.equal(docs.hits.length, 2)
})

const client = { client_id: DOC_URL, redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none' as const }

async function authorizeWith (app: Awaited<ReturnType<typeof appWithDocuments>>['app'], clientId = DOC_URL, redirectUri = TEST_REDIRECT_URI) {
  const { challenge } = pkcePair()
  return app.inject({ url: authorizePath({ ...client, client_id: clientId }, { challenge, method: 'S256', redirectUri }), headers: { accept: 'text/html' } })
}

t.test('a document that cannot be used gets a clear error page that says why, never a 5xx or "register again"', async t => {
  const cases: Array<[string, Served, RegExp]> = [
    ['names another client', { body: document({ client_id: 'https://other.example.com/client.json' }) }, /names a different client_id/],
    ['not JSON', { body: '<html>hello</html>' }, /not valid JSON/],
    ['missing', { status: 404, body: { error: 'nope' } }, /answered HTTP 404/],
    ['too large', { body: document({ client_name: 'x'.repeat(6000) }) }, /larger than 5 KB/],
    ['asks for a secret', { body: document({ token_endpoint_auth_method: 'client_secret_basic' }) }, /as public clients/],
    ['bad redirect URI', { body: document({ redirect_uris: ['http://evil.example.com/cb'] }) }, /invalid redirect URI/]
  ]
  for (const [name, served, why] of cases) {
    const { app } = await appWithDocuments(t, () => served)
    const res = await authorizeWith(app)
    t.equal(res.statusCode, 400, name)
    t.match(res.body, why, name)
    t.match(res.body, /client metadata document/, name)
    t.notMatch(res.body, /register again/i, name)
  }
})

t.test('a redirect_uri the document does not list is refused, and nothing is sent to it', async t => {
  const { app } = await appWithDocuments(t, () => ({ body: document() }))
  const res = await authorizeWith(app, DOC_URL, 'http://127.0.0.1:9/elsewhere')
  t.equal(res.statusCode, 400)
  t.notOk(res.headers.location)
  t.match(res.body, /does not match any redirect URI/)
})

t.test('client_id URLs on private, loopback or malformed addresses are refused without being fetched', async t => {
  const { app, docs } = await appWithDocuments(t, () => ({ body: document() }))
  const refused: Array<[string, RegExp]> = [
    ['https://127.0.0.1/client.json', /not a public internet address/],
    ['https://intranet.example.com/client.json', /not a public internet address/],
    ['https://[::1]/client.json', /not a public internet address/],
    ['https://client.example.com/', /must have a path/],
    ['https://client.example.com/a/../client.json', /not in its normal form|path segments/],
    ['https://user:pw@client.example.com/client.json', /user name or password/],
    ['https://client.example.com/client.json?x=1', /must not have a query/]
  ]
  for (const [id, why] of refused) {
    const res = await authorizeWith(app, id)
    t.equal(res.statusCode, 400, id)
    t.match(res.body, why, id)
  }
  t.same(docs.hits, [], 'nothing was fetched')
})

t.test('pre-registered clients from OAUTH_CLIENTS sign in with their secret, either way; a wrong one is refused', async t => {
  const secret = 'a-long-enough-secret-42'
  const { app } = await buildTestApp(t, { config: { OAUTH_CLIENTS: `homeassistant=${TEST_REDIRECT_URI}#${secret} script.local=http://127.0.0.1:9/script` } })
  const { verifier, challenge } = pkcePair()
  const ha = { client_id: 'homeassistant', redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' as const, client_secret: secret }
  const res = await app.inject({ url: authorizePath(ha, { challenge, method: 'S256' }) })
  t.equal(res.statusCode, 302)
  const code = new URL(String(res.headers.location)).searchParams.get('code')!
  const wrong = await app.inject({ method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: 'homeassistant', client_secret: 'not-the-secret-at-all', redirect_uri: TEST_REDIRECT_URI }).toString() })
  t.equal(wrong.statusCode, 401, 'a wrong secret is refused')
  const { verifier: v2, challenge: c2 } = pkcePair()
  const again = await app.inject({ url: authorizePath(ha, { challenge: c2, method: 'S256' }) })
  const code2 = new URL(String(again.headers.location)).searchParams.get('code')!
  const ok = await app.inject({ method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'authorization_code', code: code2, code_verifier: v2, client_id: 'homeassistant', client_secret: secret, redirect_uri: TEST_REDIRECT_URI }).toString() })
  t.equal(ok.statusCode, 200, 'the secret in the body works too')
  const unknownUri = await app.inject({ url: authorizePath({ ...ha, client_id: 'script.local' }, { challenge, method: 'S256', redirectUri: 'http://127.0.0.1:9/other' }) })
  t.equal(unknownUri.statusCode, 400, 'a configured client is bound to its configured redirect URIs')
})

t.test('OAUTH_CLIENTS is checked at start, without echoing a secret', async t => {
  const { buildConfig } = await import('../../../config.js')
  t.throws(() => buildConfig({ OAUTH_CLIENTS: `hass=${TEST_REDIRECT_URI}#short` }), /secret is too short/)
  t.throws(() => buildConfig({ OAUTH_CLIENTS: 'hass=http://evil.example.com/cb' }), /OAUTH_CLIENTS: hass: .*non-loopback/)
  t.throws(() => buildConfig({ OAUTH_CLIENTS: 'mcp_x=http://127.0.0.1:9/cb' }), /not a client id/)
  try {
    buildConfig({ OAUTH_CLIENTS: `hass=${TEST_REDIRECT_URI}#short-secret` })
  } catch (err) {
    t.notMatch((err as Error).message, /short-secret/, 'the secret is never shown')
  }
})
