// OAUTH_APPROVAL_PASSPHRASE: a one-field approval page, once per client.
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { authorizePath, pkcePair, registerClient, tokenRequest } from '../../helpers/oauth-client.js'

const PASSPHRASE = 'correct horse battery staple'

async function openPage (app: any, client: any, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair()
  const res = await app.inject({ url: authorizePath(client, { challenge, method: 'S256', state: 'st', ...extra }), headers })
  const requestId = /name="request_id" value="([^"]+)"/.exec(res.body)?.[1]
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]
  return { res, requestId, cookie, verifier }
}

const submit = (app: any, fields: Record<string, string>, cookie?: string) => app.inject({
  method: 'POST',
  url: '/authorize',
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:3000', ...(cookie ? { cookie } : {}) }
})

t.test('the page is shown instead of a code, cannot be framed, and escapes the client name', async t => {
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  const client = await registerClient(app, { client_name: '<img src=x onerror=alert(1)>' })
  const { res, requestId, cookie } = await openPage(app, client)
  t.equal(res.statusCode, 200)
  t.notOk(res.headers.location, 'no code issued yet')
  t.match(res.headers['content-security-policy'], /frame-ancestors 'none'/)
  t.equal(res.headers['x-frame-options'], 'DENY')
  t.equal(res.headers['cache-control'], 'no-store')
  // The form's post must carry the page's origin for the origin guard (no-referrer makes it "null");
  // same-origin still tells nothing to other sites. approval-browser.test.ts submits it in Chromium.
  t.equal(res.headers['referrer-policy'], 'same-origin')
  t.match(res.body, /&lt;img src=x onerror=alert\(1\)&gt;/)
  t.notMatch(res.body, /<img/)
  t.match(res.body, /127\.0\.0\.1:9/, 'shows where the code will be sent')
  t.match(requestId, /^[A-Za-z0-9_-]{43}$/, 'an unguessable CSRF token in the form')
  t.match(cookie, /^msmcp_approval=/)
  t.match(String(res.headers['set-cookie']), /HttpOnly; SameSite=Strict/)
})

t.test('wrong passphrase refused, right one approves, the next sign-in is automatic', async t => {
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  const client = await registerClient(app)
  const { requestId, cookie, verifier } = await openPage(app, client)

  for (const passphrase of ['', 'wrong', PASSPHRASE + ' ', PASSPHRASE.slice(0, -1)]) {
    const wrong = await submit(app, { request_id: requestId!, passphrase }, cookie)
    t.equal(wrong.statusCode, 401, `"${passphrase}" refused`)
    t.notOk(wrong.headers.location)
    t.match(wrong.body, /Wrong passphrase/)
  }
  const ok = await submit(app, { request_id: requestId!, passphrase: PASSPHRASE }, cookie)
  t.equal(ok.statusCode, 302)
  const loc = new URL(String(ok.headers.location))
  t.equal(loc.searchParams.get('state'), 'st')
  t.equal(loc.searchParams.get('iss'), 'http://127.0.0.1:3000')
  const tokens = await tokenRequest(app, client, { grant_type: 'authorization_code', code: loc.searchParams.get('code')!, code_verifier: verifier, redirect_uri: client.redirect_uris[0] })
  t.equal(tokens.statusCode, 200)

  t.equal((await submit(app, { request_id: requestId!, passphrase: PASSPHRASE }, cookie)).statusCode, 400, 'the form cannot be replayed')

  const ownerCookie = ([] as string[]).concat(ok.headers['set-cookie'] as string[]).find(c => c.startsWith('msmcp_owner_'))!
  t.match(ownerCookie, /HttpOnly; SameSite=Strict/)
  const second = await openPage(app, client, {}, { cookie: ownerCookie.split(';')[0] })
  t.equal(second.res.statusCode, 302, 'second sign-in of the same client in the same browser: approved automatically')
  t.ok(new URL(String(second.res.headers.location)).searchParams.get('code'))

  const stranger = await registerClient(app)
  t.equal((await openPage(app, stranger)).res.statusCode, 200, 'another client still needs approval')
})

t.test('the form only works from the browser that opened it, and attempts are limited', async t => {
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  const client = await registerClient(app)
  const { requestId, cookie } = await openPage(app, client)
  t.equal((await submit(app, { request_id: requestId!, passphrase: PASSPHRASE })).statusCode, 403, 'no cookie')
  t.equal((await submit(app, { request_id: requestId!, passphrase: PASSPHRASE }, 'msmcp_approval=forged')).statusCode, 403, 'wrong cookie')
  t.equal((await submit(app, { request_id: 'guess', passphrase: PASSPHRASE }, cookie)).statusCode, 400, 'unknown request id')
  const foreign = await app.inject({ method: 'POST', url: '/authorize', payload: `request_id=${requestId}&passphrase=x`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example.com', cookie } })
  t.equal(foreign.statusCode, 403, 'a cross-site form post is refused by the origin guard')
  const opaque = await app.inject({ method: 'POST', url: '/authorize', payload: `request_id=${requestId}&passphrase=${encodeURIComponent(PASSPHRASE)}`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', cookie } })
  t.equal(opaque.statusCode, 403, 'a post from an opaque origin (a sandboxed frame anywhere) is refused')
  t.notMatch(opaque.json().error_description, /ALLOWED_ORIGINS/, 'and nobody is told to allow "null"')

  for (let i = 0; i < 4; i++) t.equal((await submit(app, { request_id: requestId!, passphrase: 'nope' }, cookie)).statusCode, 401)
  const last = await submit(app, { request_id: requestId!, passphrase: 'nope' }, cookie)
  t.equal(last.statusCode, 403)
  t.match(last.body, /Too many wrong passphrases/)
  t.equal((await submit(app, { request_id: requestId!, passphrase: PASSPHRASE }, cookie)).statusCode, 400, 'the request is gone after too many attempts')
})

t.test('only the approval page grants the setup scope, and asks again when a client wants more', async t => {
  const { app } = await buildTestApp(t, { config: { OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  const client = await registerClient(app)
  const first = await openPage(app, client)
  const approved = await submit(app, { request_id: first.requestId!, passphrase: PASSPHRASE }, first.cookie)
  const owner = ([] as string[]).concat(approved.headers['set-cookie'] as string[]).find(c => c.startsWith('msmcp_owner_'))!.split(';')[0]
  const wantsSetup = await openPage(app, client, { scope: 'mcp setup' }, { cookie: owner })
  t.equal(wantsSetup.res.statusCode, 200, 'approval of mcp does not cover setup')
  t.match(wantsSetup.res.body, /<code>setup<\/code>/)
  const ok = await submit(app, { request_id: wantsSetup.requestId!, passphrase: PASSPHRASE }, wantsSetup.cookie)
  const code = new URL(String(ok.headers.location)).searchParams.get('code')!
  const tokens = await tokenRequest(app, client, { grant_type: 'authorization_code', code, code_verifier: wantsSetup.verifier, redirect_uri: client.redirect_uris[0] })
  t.equal(tokens.json().scope, 'mcp setup')
})

t.test('without a passphrase there is no approval form', async t => {
  const { app } = await buildTestApp(t)
  const res = await submit(app, { request_id: 'x', passphrase: 'y' })
  t.equal(res.statusCode, 404)
})
