// Issues 12.5 and 13.14 in headless Chromium: the dashboard reuses one OAuth client across tabs and
// reloads, signs out to a page that offers "Sign in" (no blank page, no script error), stays signed out
// on reload, signs in again with the same client, and works at 127.0.0.1 when PUBLIC_URL says localhost.
import t from 'tap'
import { BROWSER_STEP_MS, browserSkipReason, newBrowserContext } from '../helpers/browser.js'
import { CLOSED_BACKENDS, freePort } from '../helpers/web-app.js'
import { buildTestApp } from '../helpers/build.js'

const skip = browserSkipReason()

t.test('sign out, stay out, sign in again, one client for every tab, at 127.0.0.1', { skip }, async t => {
  const port = await freePort()
  const { app } = await buildTestApp(t, { web: true, listenPort: port, config: { ...CLOSED_BACKENDS, PUBLIC_URL: `http://localhost:${port}` } })
  const base = `http://127.0.0.1:${port}`
  const { context } = await newBrowserContext(t)
  const problems: string[] = []
  let registrations = 0
  const watch = (page: import('playwright-core').Page) => {
    page.on('pageerror', e => problems.push(e.message))
    page.on('console', m => { if (m.type() === 'error') problems.push(m.text()) })
    page.on('request', r => { if (r.url().endsWith('/register')) registrations++ })
  }
  const page = await context.newPage()
  watch(page)
  await page.goto(`${base}/dashboard`)
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: BROWSER_STEP_MS })
  t.pass('signed in at 127.0.0.1 although PUBLIC_URL says localhost')

  const second = await context.newPage()
  watch(second)
  await second.goto(`${base}/dashboard`)
  await second.locator('body[data-signed-in="true"]').waitFor({ timeout: BROWSER_STEP_MS })
  await second.close()
  t.equal(registrations, 1, 'a second tab reuses the registered client')

  // The sign-out held at its revoke, while the dashboard asks for a token as its poll, live stream or chat may at
  // any moment: that read must not sign in again (it used to, and then raced the sign-out's reload back in).
  let heldRevoke!: (route: import('playwright-core').Route) => void
  const revoke = new Promise<import('playwright-core').Route>(resolve => { heldRevoke = resolve })
  await page.route('**/revoke', route => heldRevoke(route))
  await page.click('#signout')
  const held = await revoke
  const markAfterRead = await page.evaluate(async () => {
    const authModule = '/dashboard/auth.js'
    const auth = await import(authModule)
    auth.authFetch('/api/dashboard').catch(() => {})
    return sessionStorage.getItem('mediastack.dashboard.signed-out')
  })
  t.equal(markAfterRead, '1', 'a dashboard read during the sign-out leaves the tab signed out')
  await held.continue()
  await page.unroute('**/revoke')
  await page.locator('body[data-signed-in="false"]').waitFor({ timeout: BROWSER_STEP_MS })
  t.equal(await page.locator('#live').innerText(), 'Signed out')
  t.equal(await page.locator('#signout').innerText(), 'Sign in', 'the header offers a way back in')
  t.match(await page.locator('#banner').innerText(), /signed out/i)

  await page.reload()
  await page.locator('body[data-signed-in="false"]').waitFor({ timeout: BROWSER_STEP_MS })
  t.pass('a reload stays signed out')

  await page.click('#signout')
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: BROWSER_STEP_MS })
  t.pass('signed in again')
  t.equal(registrations, 1, 'with the same client')
  t.same(problems, [], 'no script errors or refused requests')
  t.ok(app.server.listening)
})
