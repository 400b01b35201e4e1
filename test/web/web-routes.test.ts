// The page's server side: redirect, strict CSP with no inline script, assets with ETags, no secrets in
// any served file; and /api/openapi.json documenting every /api route the server registers.
import t from 'tap'
import { readdirSync } from 'node:fs'
import { API_ROUTES } from '../../routes/api/openapi.js'
import { CONTENT_SECURITY_POLICY } from '../../routes/web.js'
import { webDir } from '../../core/web-dir.js'
import { buildTestApp } from '../helpers/build.js'

t.test('GET / redirects to the dashboard; the page and its files carry a strict CSP', async t => {
  const { app, config } = await buildTestApp(t, { web: true, config: { MEDIA_SERVER_API_KEY: 'jf-secret-0123456789abcdef' } })
  const root = await app.inject({ method: 'GET', url: '/' })
  t.equal(root.statusCode, 302)
  t.equal(root.headers.location, '/dashboard')
  for (const url of ['/dashboard', '/dashboard/callback?code=x&state=y']) {
    const page = await app.inject({ method: 'GET', url })
    t.equal(page.statusCode, 200, url)
    t.match(page.headers['content-type'], /^text\/html/)
    t.equal(page.headers['content-security-policy'], CONTENT_SECURITY_POLICY)
    t.equal(page.headers['referrer-policy'], 'no-referrer')
    t.equal(page.headers['x-content-type-options'], 'nosniff')
    t.notMatch(page.body, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script')
    t.notMatch(page.body, /\son[a-z]+=/, 'no inline event handlers')
    t.notMatch(page.body, /style=/, 'no inline styles')
  }
  t.match(CONTENT_SECURITY_POLICY, /default-src 'self'/)
  t.notMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval/)

  // Files only: web/apps/ holds the MCP Apps views, served as ui:// resources, never over HTTP.
  const files = readdirSync(webDir(), { withFileTypes: true }).filter(e => e.isFile() && e.name !== 'index.html').map(e => e.name)
  for (const file of files) {
    const res = await app.inject({ method: 'GET', url: `/dashboard/${file}` })
    t.equal(res.statusCode, 200, file)
    t.ok(res.headers.etag)
    for (const secret of ['jf-secret-0123456789abcdef', config.INTERNAL_API_KEY]) t.notOk(res.body.includes(secret), `${file} embeds no secret`)
    const cached = await app.inject({ method: 'GET', url: `/dashboard/${file}`, headers: { 'if-none-match': String(res.headers.etag) } })
    t.equal(cached.statusCode, 304)
  }
  const js = await app.inject({ method: 'GET', url: '/dashboard/app.js' })
  t.match(js.headers['content-type'], /^text\/javascript/)
  for (const bad of ['/dashboard/nope.js', '/dashboard/..%2Fapp.ts', '/dashboard/index.html', '/dashboard/apps', '/dashboard/apps%2Fbridge.js']) {
    const res = await app.inject({ method: 'GET', url: bad })
    t.equal(res.statusCode, 404, bad)
  }
})

t.test('/api/openapi.json documents every /api route with its schemas', async t => {
  const { app, config } = await buildTestApp(t, { web: true })
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  t.equal(res.statusCode, 200)
  const doc = res.json()
  t.equal(doc.openapi, '3.1.0')
  t.equal(doc.servers[0].url, config.PUBLIC_URL)
  t.ok(doc.components.securitySchemes.bearer)
  for (const r of API_ROUTES) {
    const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const op = doc.paths[path]?.[r.method.toLowerCase()]
    t.ok(op, `${r.method} ${r.url} is documented`)
    t.ok(app.hasRoute({ method: r.method, url: r.url }), `${r.method} ${r.url} is served`)
    t.ok(op.responses['200'] && op.responses['401'] && op.responses['403'], 'success and auth errors documented')
    if (r.schema.body) t.ok(op.requestBody.content['application/json'].schema.properties, 'request body schema')
    if (r.events) t.ok(op['x-events'], 'stream events documented')
  }
  t.match(doc.paths['/api/chat'].post['x-events'], { text: { properties: { delta: { type: 'string' } } }, confirmation: Object })
  t.match(doc.paths['/api/dashboard/sessions/{sessionId}/stop'].post.parameters, [{ name: 'sessionId', in: 'path', required: true }])
  t.notOk(JSON.stringify(doc).includes('Symbol'), 'plain JSON Schema')
})
