import t from 'tap'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { buildConfig } from '../../config.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { oauthLogin, registerClient } from '../helpers/oauth-client.js'
import { applyCorsHeaders, RATE_LIMITS } from '../../plugins/origin-guard.js'

async function app (t: { teardown: (fn: () => unknown) => void }, overrides: Record<string, unknown> = {}) {
  const config = { PUBLIC_URL: 'https://media.example.com', ALLOWED_ORIGINS: 'https://chat.example.com, http://localhost:5173', ALLOWED_HOSTS: 'mcp-server,lan-box.local:3000', ...overrides }
  const { app: a } = await buildTestApp(t, { config, beforeReady: a => a.get('/api/whoami', { preHandler: a.authenticate }, async (request) => request.principal) })
  return a
}

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

t.test('a disallowed Origin gets 403 JSON on /mcp, /api/* and the OAuth endpoints', async t => {
  const a = await app(t)
  for (const [method, url] of [['POST', '/mcp'], ['GET', '/api/whoami'], ['POST', '/token'], ['POST', '/register'], ['GET', '/authorize']] as const) {
    for (const origin of ['https://evil.example.com', 'null', 'https://media.example.com.evil.com', 'http://media.example.com', 'https://chat.example.com:8443']) {
      const res = await a.inject({ method, url, headers: { ...auth, origin, host: 'media.example.com' }, payload: method === 'POST' ? {} : undefined })
      t.equal(res.statusCode, 403, `${method} ${url} ${origin}`)
      t.equal(res.headers['access-control-allow-origin'], undefined, 'origin never reflected')
      t.match(res.headers.vary, /Origin/)
      const text = url === '/mcp' ? res.json().error.message : res.json().error_description
      if (url === '/mcp') t.match(res.json(), { jsonrpc: '2.0', id: null, error: { code: -32000 } })
      else t.match(res.json(), { error: 'forbidden' })
      // Any site can produce the opaque origin "null" (a sandboxed frame), so no setting may allow it.
      if (origin === 'null') {
        t.match(text, /Origin "null" .* cannot reach the server\. Open the page from https:\/\/media\.example\.com\./)
        t.notMatch(text, /ALLOWED_ORIGINS/, 'never advises allowing "null"')
      } else t.match(text, /Origin "[^"]+" is not allowed\. Add it to ALLOWED_ORIGINS/)
    }
  }
})

t.test('allowed origins and requests without Origin pass; CORS answers allowed origins only', async t => {
  const a = await app(t)
  for (const origin of ['https://media.example.com', 'https://chat.example.com', 'http://localhost:5173', undefined]) {
    const res = await a.inject({ url: '/api/whoami', headers: { ...auth, host: 'media.example.com', ...(origin ? { origin } : {}) } })
    t.equal(res.statusCode, 200, String(origin))
    t.equal(res.headers['access-control-allow-origin'], origin, 'CORS header only for a real allowed origin')
    t.match(res.headers.vary, /Origin/)
    if (origin) t.match(res.headers['access-control-expose-headers'], /Mcp-Session-Id.*WWW-Authenticate/)
  }
  const pre = await a.inject({ method: 'OPTIONS', url: '/mcp', headers: { host: 'media.example.com', origin: 'https://chat.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-session-id' } })
  t.equal(pre.statusCode, 204)
  t.equal(pre.headers['access-control-allow-origin'], 'https://chat.example.com')
  t.match(pre.headers['access-control-allow-headers'], /Authorization/)
  t.match(pre.headers['access-control-allow-headers'], /Mcp-Session-Id/)
  const badPre = await a.inject({ method: 'OPTIONS', url: '/mcp', headers: { host: 'media.example.com', origin: 'https://evil.example.com', 'access-control-request-method': 'POST' } })
  t.equal(badPre.statusCode, 403)
})

t.test('a foreign Host is refused (DNS rebinding); known names pass', async t => {
  const a = await app(t)
  for (const host of ['evil.example.com', 'attacker.test:3000', '192.168.1.20:3000', 'media.example.com.evil.com']) {
    const res = await a.inject({ url: '/api/whoami', headers: { ...auth, host } })
    t.equal(res.statusCode, 403, host)
    t.match(res.json().error_description, /ALLOWED_HOSTS/)
  }
  const rebinding = await a.inject({ method: 'POST', url: '/mcp', headers: { ...auth, host: 'evil.example.com', origin: 'http://evil.example.com' }, payload: {} })
  t.equal(rebinding.statusCode, 403)
  for (const host of ['media.example.com', 'MEDIA.example.com:443', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'mcp-server:3000', 'lan-box.local']) {
    t.equal((await a.inject({ url: '/api/whoami', headers: { ...auth, host } })).statusCode, 200, host)
  }
  t.equal((await a.inject({ url: '/.well-known/oauth-protected-resource', headers: { host: 'evil.example.com' } })).statusCode, 200, 'public metadata is not guarded')
})

t.test('the Host verdict is kept per name: each name gets the same answer every time, however many names come', async t => {
  const a = await app(t)
  const status = async (host: string) => (await a.inject({ url: '/api/whoami', headers: { ...auth, host } })).statusCode
  // More names than the guard keeps verdicts for: the ones past the cap are still checked.
  const foreign = Array.from({ length: 40 }, (_, i) => `evil-${i}.example.com`)
  for (const round of [1, 2]) {
    for (const host of foreign) t.equal(await status(host), 403, `${host}, round ${round}`)
    for (const host of ['media.example.com', 'localhost:3000', 'mcp-server:3000']) t.equal(await status(host), 200, `${host}, round ${round}`)
  }
})

t.test('bad ALLOWED_ORIGINS / ALLOWED_HOSTS entries stop startup with one line each', async t => {
  await t.rejects(buildTestApp(t, { config: { ALLOWED_ORIGINS: 'chat.example.com,https://ok.example.com/path', ALLOWED_HOSTS: 'bad host' } }),
    /ALLOWED_ORIGINS: "chat.example.com" is not an origin[\s\S]*ALLOWED_ORIGINS: "https:\/\/ok.example.com\/path" is not an origin[\s\S]*ALLOWED_HOSTS: "bad host"/)
})

t.test('rate limits: strict per IP on OAuth endpoints', async t => {
  const a = await app(t, { PUBLIC_URL: 'http://127.0.0.1:3000' })
  for (let i = 0; i < RATE_LIMITS.register.max; i++) await registerClient(a)
  const res = await a.inject({ method: 'POST', url: '/register', payload: { redirect_uris: ['https://a.example/cb'] } })
  t.equal(res.statusCode, 429)
  t.equal(res.json().error, 'temporarily_unavailable')
  t.match(res.json().error_description, /Too many requests to \/register; retry in \d+ s/)
  t.ok(Number(res.headers['retry-after']) > 0)
  const other = await a.inject({ method: 'POST', url: '/register', payload: { redirect_uris: ['https://a.example/cb'] }, remoteAddress: '10.1.2.3' })
  t.equal(other.statusCode, 201, 'another IP has its own budget')
})

t.test('rate limits on /api/* are keyed by principal', async t => {
  const a = await app(t, { PUBLIC_URL: 'http://127.0.0.1:3000' })
  const { tokens } = await oauthLogin(a)
  const oauth = { authorization: `Bearer ${tokens.access_token}` }
  let last = 0
  for (let i = 0; i <= RATE_LIMITS.api.max; i++) last = (await a.inject({ url: '/api/whoami', headers: auth })).statusCode
  t.equal(last, 429, 'the internal key exhausted its budget')
  t.equal((await a.inject({ url: '/api/whoami', headers: oauth })).statusCode, 200, 'an OAuth principal from the same IP is unaffected')
})

t.test('applyCorsHeaders writes CORS onto a hijacked raw response', async t => {
  const a = await app(t)
  const raw = () => new ServerResponse(new IncomingMessage(new Socket()))
  const req = (origin?: string) => ({ headers: origin ? { origin } : {}, server: a }) as any

  const allowed = raw()
  applyCorsHeaders(req('https://chat.example.com'), allowed)
  t.equal(allowed.getHeader('access-control-allow-origin'), 'https://chat.example.com')
  t.match(String(allowed.getHeader('access-control-expose-headers')), /Mcp-Session-Id, WWW-Authenticate/)
  t.equal(allowed.getHeader('vary'), 'Origin')

  const refused = raw()
  refused.setHeader('vary', 'Accept')
  applyCorsHeaders(req('https://evil.example.com'), refused)
  t.equal(refused.getHeader('access-control-allow-origin'), undefined)
  t.equal(refused.getHeader('vary'), 'Accept, Origin')

  const none = raw()
  applyCorsHeaders(req(), none)
  t.equal(none.getHeader('access-control-allow-origin'), undefined)
})

t.test('MCP_RATE_LIMIT sets the per-credential /mcp budget per minute', async t => {
  const a = await app(t, { PUBLIC_URL: 'http://127.0.0.1:3000', MCP_RATE_LIMIT: '3' })
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push((await a.inject({ method: 'DELETE', url: '/mcp', headers: auth })).statusCode)
  t.not(statuses[2], 429, 'three requests pass')
  t.equal(statuses[3], 429, 'the fourth is limited')
  t.throws(() => buildConfig({ MCP_RATE_LIMIT: 0 }), /MCP_RATE_LIMIT/)
})
