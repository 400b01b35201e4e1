// Issue 25.9 in headless Chromium, at phone (375×812) and desktop (1280×800) widths: the approval page is
// dark like the dashboard (its security headers unchanged), service tiles show their whole text, dates
// read "2026-11-25 19:42" in the browser's time zone, both roots on one filesystem make one disk bar, and
// the chat shows a note on configuring a language model instead of a suggested question when none is.
// Screenshots go to test-output/screenshots/; test/web/screenshots.md says what a person checked in them.
// One Chromium for the file, a fresh context per width.
import t from 'tap'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Response } from 'playwright-core'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { browserSkipReason, newBrowserContext } from '../helpers/browser.js'
import { SIM_KEYS } from '../helpers/sim-app.js'
import { CLOSED_BACKENDS, freePort } from '../helpers/web-app.js'
import { buildTestApp } from '../helpers/build.js'

const skip = browserSkipReason()
const SHOTS = join(process.cwd(), 'test-output', 'screenshots')
const PASSPHRASE = 'correct horse battery staple'
// Half an hour off UTC, so a date shown in UTC (or the server's zone) instead of the browser's cannot pass.
const ZONE = 'Asia/Kolkata'
const STEP_MS = 60_000
const DASHBOARD_BG = 'rgb(15, 17, 23)'
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' URL; frame-ancestors 'none'; base-uri 'none'"

t.setTimeout(600_000)

/** The same instant as the dashboard should write it: year-month-day hour:minute in ZONE. */
function inZone (ms: number): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(ms)).map(x => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}

/** Elements under `selector` whose content is wider than their box (cut or spilling out). */
async function overflowing (page: Page, selector: string) {
  return page.evaluate(sel => [...document.querySelectorAll(`${sel}, ${sel} *`)]
    .filter(el => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
    .map(el => `${el.className}: ${(el as HTMLElement).innerText.slice(0, 60)} (${el.scrollWidth} > ${el.clientWidth})`), selector)
}

for (const [label, viewport] of [['phone', { width: 375, height: 812 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  t.test(`the dashboard reads right at ${label} width (${viewport.width}×${viewport.height})`, { skip, timeout: 400_000 }, async t => {
    const jellyfin = await createJellyfinSimulator({ apiKey: SIM_KEYS.jellyfin, scanMs: 5 })
    t.teardown(jellyfin.close)
    const threeDaysAgo = Date.now() - 3 * 86_400_000
    jellyfin.state.log({ name: 'Library scan finished three days ago', type: 'TaskCompleted', severity: 'Information', date: new Date(threeDaysAgo).toISOString() })
    const port = await freePort()
    // No LLM_PROVIDER_*_API_KEY: no language model is configured.
    const { app, config } = await buildTestApp(t, {
      web: true,
      listenPort: port,
      config: { ...CLOSED_BACKENDS, MEDIA_SERVER_URL: jellyfin.url, MEDIA_SERVER_API_KEY: SIM_KEYS.jellyfin, OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE },
      dashboard: { tickMs: 1_000 }
    })
    await app.refreshBackendStatus()
    mkdirSync(SHOTS, { recursive: true })

    const { context } = await newBrowserContext(t, { timezoneId: ZONE })
    const page = await context.newPage()
    await page.setViewportSize(viewport)
    const problems: string[] = []
    page.on('pageerror', e => problems.push(e.message))
    page.on('console', m => { if (m.type() === 'error') problems.push(m.text()) })

    // The approval page: dark, the dashboard's font, its headers as before.
    const approval = page.waitForResponse((r: Response) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/authorize', { timeout: STEP_MS })
    await page.goto(`${config.PUBLIC_URL}/dashboard`, { timeout: STEP_MS })
    const headers = (await approval).headers()
    await page.locator('input[name="passphrase"]').waitFor({ timeout: STEP_MS })
    t.equal(headers['referrer-policy'], 'same-origin', 'the approval page keeps Referrer-Policy: same-origin')
    t.equal(headers['content-security-policy'], CSP.replace('URL', config.PUBLIC_URL), 'and its content security policy')
    t.equal(headers['x-frame-options'], 'DENY')
    const look = await page.evaluate(() => ({
      bg: getComputedStyle(document.body).backgroundColor,
      color: getComputedStyle(document.body).color,
      font: getComputedStyle(document.body).fontFamily,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth
    }))
    t.equal(look.bg, DASHBOARD_BG, 'the approval page has the dashboard\'s dark background')
    t.equal(look.color, 'rgb(232, 234, 240)', 'and its light text')
    t.ok(look.sideways <= 0, 'no sideways scrolling')
    await page.screenshot({ path: join(SHOTS, `approval-${label}.png`), fullPage: true })
    await page.locator('input[name="passphrase"]').fill(PASSPHRASE)
    await page.locator('button[type="submit"]').click()
    await page.locator('body[data-signed-in="true"]').waitFor({ timeout: STEP_MS })
    const dashboardLook = await page.evaluate(() => ({ bg: getComputedStyle(document.body).backgroundColor, font: getComputedStyle(document.body).fontFamily }))
    t.same(dashboardLook, { bg: look.bg, font: look.font }, 'the same background and font as the dashboard')
    const errorPage = await context.newPage()
    await errorPage.setViewportSize(viewport)
    await errorPage.goto(`${config.PUBLIC_URL}/authorize?client_id=unknown-client`, { timeout: STEP_MS })
    t.equal(await errorPage.evaluate(() => getComputedStyle(document.body).backgroundColor), DASHBOARD_BG, 'the authorization error page is dark too')
    await errorPage.screenshot({ path: join(SHOTS, `authorize-error-${label}.png`), fullPage: true })
    await errorPage.close()

    // Service tiles: the whole text, wrapped, nothing cut.
    await page.locator('#services .tile.up', { hasText: 'Jellyfin' }).waitFor({ timeout: STEP_MS })
    await page.locator('#services .tile.down').first().waitFor({ timeout: STEP_MS })
    t.same(await overflowing(page, '#services'), [], 'no tile text is cut or spills out')
    const sunk = await page.locator('#services .tile').evaluateAll(tiles => tiles
      .filter(tile => tile.querySelector('.tile-name')!.getBoundingClientRect().top - tile.getBoundingClientRect().top > 24)
      .map(tile => tile.querySelector('.tile-name')!.textContent))
    t.same(sunk, [], 'each name stays at the top of its tile when a neighbour\'s text makes the row tall')
    const down = app.backendStatus().filter(s => s.configured && !s.reachable && s.error)
    t.ok(down.length > 0, 'some backends are down, with a reason')
    for (const s of down) {
      const text = await page.locator('#services .tile.down', { hasText: s.service }).innerText()
      t.ok(text.replace(/\s+/g, ' ').includes(s.error!.replace(/\s+/g, ' ')), `${s.service}'s tile shows its whole reason`)
    }

    // Dates: year-month-day and time, in the browser's time zone.
    const old = page.locator('#activity .event', { hasText: 'Library scan finished three days ago' }).locator('time')
    await old.waitFor({ timeout: STEP_MS })
    t.equal(await old.innerText(), inZone(threeDaysAgo), 'a date older than a day reads YYYY-MM-DD HH:MM in the browser\'s zone')
    for (const title of await page.locator('#activity time').evaluateAll(els => els.map(e => e.getAttribute('title')))) {
      t.match(title, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'the hover text of each date too')
    }
    t.notMatch(await page.locator('main').innerText(), /\b\d{1,2}\/\d{1,2}\/\d{4}\b/, 'no M/D/Y date anywhere on the page')

    // One filesystem holds both roots in the test: one disk bar, named for both.
    await page.locator('#disks .row').first().waitFor({ timeout: STEP_MS })
    t.equal(await page.locator('#disks .row').count(), 1, 'one disk bar')
    t.equal(await page.locator('#disks progress').count(), 1)
    t.match(await page.locator('#disks').innerText(), /Media library and downloads disk/, 'labelled as both')

    // The chat: no model configured, so a note on configuring one, no suggested question.
    const hint = page.locator('#chat-hint[data-model="none"]')
    await hint.waitFor({ timeout: STEP_MS })
    t.match(await hint.innerText(), /No language model is configured.*LLM_PROVIDER_A_API_KEY/s, 'the chat says no model is configured and what to set')
    t.notMatch(await page.locator('#chat-log').innerText(), /Ask about your media|“/, 'no suggested question')

    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: join(SHOTS, `dashboard-${label}.png`), fullPage: true })
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no sideways scrolling on the dashboard')
    t.same(problems, [], 'no script errors, no CSP violations')
  })
}
