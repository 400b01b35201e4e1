// The approval page with OAUTH_APPROVAL_PASSPHRASE, in headless Chromium: a real browser loads the page,
// types the passphrase and submits the real form, so the request carries exactly the headers a browser
// sends (nothing injected). Issue 24.1: with `Referrer-Policy: no-referrer` a browser posts the form with
// `Origin: null` and the origin guard refused every approval. Both loopback names, since people and
// clients use either: the dashboard's own sign-in, and a native client (mcp-remote's shape) whose
// redirect goes to a loopback callback on another port. And behind the project's own compose/Caddyfile as an
// HTTPS reverse proxy on loopback, the internet-facing setup the passphrase is meant for.
// One Chromium for the file (a fresh context per test) and one server for the loopback tests: none of them
// depends on a fresh server (each browser context registers its own client), and each launch costs seconds of CPU.
import t from 'tap'
import type { Page, Request } from 'playwright-core'
import { browserSkipReason, newBrowserContext } from '../../helpers/browser.js'
import { CLOSED_BACKENDS, freePort } from '../../helpers/web-app.js'
import { pkcePair } from '../../helpers/oauth-client.js'
import { caddyUnavailable, startCaddy } from '../../helpers/caddy.js'
import { buildTestApp } from '../../helpers/build.js'

const skip = browserSkipReason()
const PASSPHRASE = 'correct horse battery staple'
// Generous: Chromium on a loaded 2-core machine can take many seconds per navigation.
const STEP_MS = 60_000

t.setTimeout(900_000)

const isFormPost = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === '/authorize'

/** Types a passphrase into the approval form and submits it; the server's answer to the browser's post. */
async function submitPassphrase (page: Page, passphrase: string) {
  await page.locator('input[name="passphrase"]').fill(passphrase, { timeout: STEP_MS })
  const [answer] = await Promise.all([
    page.waitForResponse(res => isFormPost(res.request()), { timeout: STEP_MS }),
    page.locator('button[type="submit"]').click({ timeout: STEP_MS })
  ])
  const origin = await answer.request().headerValue('origin')
  return { status: answer.status(), origin, body: answer.status() === 403 ? await answer.text().catch(() => '') : '' }
}

/** The loopback tests' server with the passphrase, built on first use and closed when the file's tests end. */
let loopbackApp: Promise<{ app: Awaited<ReturnType<typeof buildTestApp>>['app'], port: number }> | undefined
const passphraseServer = () => (loopbackApp ??= (async () => {
  const port = await freePort()
  const { app } = await buildTestApp(t, { web: true, listenPort: port, config: { ...CLOSED_BACKENDS, OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  return { app, port }
})())

for (const host of ['127.0.0.1', 'localhost']) {
  t.test(`the dashboard signs in through the passphrase page at ${host}`, { skip, timeout: 300_000 }, async t => {
    const { port } = await passphraseServer()
    const base = `http://${host}:${port}`
    const { context } = await newBrowserContext(t)
    const page = await context.newPage()

    await page.goto(`${base}/dashboard`, { timeout: STEP_MS })
    await page.locator('input[name="passphrase"]').waitFor({ timeout: STEP_MS })
    t.equal(new URL(page.url()).pathname, '/authorize', 'the dashboard sent the browser to the approval page')

    const wrong = await submitPassphrase(page, 'not the passphrase')
    t.same(wrong, { status: 401, origin: base, body: '' }, 'the browser sent the page\'s own origin and the post reached the passphrase check')
    if (wrong.status !== 401) return
    await page.locator('.err', { hasText: 'Wrong passphrase' }).waitFor({ timeout: STEP_MS })
    t.pass('a wrong passphrase is refused on the page, with the form shown again')

    const right = await submitPassphrase(page, PASSPHRASE)
    t.same(right, { status: 302, origin: base, body: '' }, 'the form shown again after a wrong passphrase posts its origin too')
    await page.locator('body[data-signed-in="true"]').waitFor({ timeout: STEP_MS })
    t.equal(new URL(page.url()).host, `${host}:${port}`, 'back on the dashboard at the name the person used')
  })
}

t.test('a native client (loopback callback on another port) is approved at localhost', { skip, timeout: 300_000 }, async t => {
  const { app, port } = await passphraseServer()
  const callbackPort = await freePort()
  const redirectUri = `http://127.0.0.1:${callbackPort}/oauth/callback`
  const registered = await app.inject({ method: 'POST', url: '/register', payload: { client_name: 'native test client', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' } })
  t.equal(registered.statusCode, 201)
  const clientId = registered.json().client_id
  const { challenge } = pkcePair()
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256' })

  const { context } = await newBrowserContext(t)
  const page = await context.newPage()
  // Nothing listens on the callback port: the browser's request for it is answered here, as the client would.
  let callback: URL | undefined
  await page.route(`http://127.0.0.1:${callbackPort}/**`, async route => {
    callback = new URL(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'signed in' })
  })
  await page.goto(`http://localhost:${port}/authorize?${query}`, { timeout: STEP_MS })
  const answer = await submitPassphrase(page, PASSPHRASE)
  t.same(answer, { status: 302, origin: `http://localhost:${port}`, body: '' }, 'approved on the first post')
  if (answer.status !== 302) return
  await page.locator('body', { hasText: 'signed in' }).waitFor({ timeout: STEP_MS })
  t.equal(callback?.searchParams.get('state'), 'st-1')
  t.match(callback?.searchParams.get('code'), /^[A-Za-z0-9_-]{20,}$/, 'an authorization code reached the client')
})

t.test('the dashboard signs in through the passphrase page behind the Caddyfile\'s HTTPS reverse proxy', { skip: skip ?? await caddyUnavailable(), timeout: 300_000 }, async t => {
  const proxyPort = await freePort()
  const port = await freePort()
  const publicUrl = `https://localhost:${proxyPort}`
  await buildTestApp(t, { web: true, listenPort: port, config: { ...CLOSED_BACKENDS, PUBLIC_URL: publicUrl, TRUST_PROXY: '127.0.0.1', OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE } })
  await startCaddy(t, proxyPort, port)
  const { context } = await newBrowserContext(t, { ignoreHTTPSErrors: true })
  const page = await context.newPage()

  await page.goto(`${publicUrl}/dashboard`, { timeout: STEP_MS })
  await page.locator('input[name="passphrase"]').waitFor({ timeout: STEP_MS })
  const answer = await submitPassphrase(page, PASSPHRASE)
  t.same(answer, { status: 302, origin: publicUrl, body: '' }, 'the https page posted its own origin and was approved')
  if (answer.status !== 302) return
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: STEP_MS })
  const cookies = await context.cookies(publicUrl)
  t.ok(cookies.some(c => c.name.startsWith('__Host-msmcp_owner_') && c.secure && c.httpOnly && c.sameSite === 'Strict'), 'the approval is remembered in a __Host- Secure cookie')
})
