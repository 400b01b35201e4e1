// The dashboard page in headless Chromium against the server with the Jellyfin and pyLoad simulators:
// it signs in through OAuth by itself, shows the services, a job's progress bar moves live, a job is
// cancelled from the page, a chat message gets its streamed reply, and a screenshot is written to
// test-output/dashboard.png (and dashboard-phone.png at phone width).
import t from 'tap'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createJellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { createPyloadSimulator } from '../../simulators/pyload/index.js'
import { BROWSER_STEP_MS, browserSkipReason, newBrowserContext } from '../helpers/browser.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { SIM_KEYS } from '../helpers/sim-app.js'
import { freePort } from '../helpers/web-app.js'
import { principalIdOf } from '../helpers/oauth-client.js'
import { abortable } from '../plugins/jobs-helpers.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { PersonConfirmation, PersonQuestion } from '../../core/tool-types.js'
import { buildTestApp } from '../helpers/build.js'

const skip = browserSkipReason()
const OUTPUT = join(process.cwd(), 'test-output')

t.test('the dashboard signs in, updates live, acts, and chats', { skip }, async t => {
  const jellyfin = await createJellyfinSimulator({ apiKey: SIM_KEYS.jellyfin, scanMs: 5 })
  t.teardown(jellyfin.close)
  const pyload = await createPyloadSimulator({ apiKey: 'py-key-0123456789abcdef', storageDir: mkdtempSync(join(tmpdir(), 'msmcp-pyload-')), linkDurationMs: 10 * 60_000 })
  t.teardown(pyload.close)
  const llm = await startFakeLlm('openai', [{ text: 'Two people are watching; the library has plenty of space.' }])
  t.teardown(llm.close)
  const port = await freePort()
  const { app, config } = await buildTestApp(t, {
    web: true,
    listenPort: port,
    config: {
      MEDIA_SERVER_URL: jellyfin.url,
      MEDIA_SERVER_API_KEY: SIM_KEYS.jellyfin,
      DOWNLOAD_MANAGER_URL: pyload.url,
      DOWNLOAD_MANAGER_API_KEY: 'py-key-0123456789abcdef',
      LLM_PROVIDER_A_API_KEY: 'fake-llm-key-0123456789',
      LLM_PROVIDER_A_BASE_URL: llm.url
    },
    dashboard: { tickMs: 1_000, jobFlushMs: 100 }
  })
  await app.refreshBackendStatus()
  await app.backends.pyload.addPackage('Sintel (2010)', ['https://files.example.org/sintel-2010-1080p.mkv'])
  await app.backends.pyload.addPackage('Tears of Steel', ['https://files.example.org/tears-of-steel.mkv'])

  // Who did what: a delete the person declined and a model's bad argument, before the page loads.
  mkdirSync(join(config.MEDIA_ROOT, 'movies', 'Heat (1995)'), { recursive: true })
  const who = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
  const asked: PersonQuestion[] = []
  const person = (answer?: PersonConfirmation['answer']): PersonConfirmation => ({ ...(answer && { answer }), ask: async q => { asked.push(q) } })
  const heat = { action: 'delete', paths: ['movies/Heat (1995)'] }
  await app.tools.call('manage_files', heat, { ...who, person: person() })
  await app.tools.call('manage_files', heat, { ...who, person: person({ confirmation: asked[0]!.confirmation, decision: 'decline' }) })
  await app.tools.call('manage_files', { action: 'move', paths: ['downloads/x'], destination: 'movies', overwrite: true }, who)

  const { context } = await newBrowserContext(t)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', m => { if (m.type() === 'error') problems.push(m.text()) })
  page.on('pageerror', e => problems.push(e.message))
  const offLoopback: string[] = []
  let bearer: string | undefined
  page.on('request', r => { bearer ??= /^Bearer (.+)$/.exec(r.headers().authorization ?? '')?.[1] })
  page.on('request', r => { if (!r.url().startsWith(config.PUBLIC_URL)) offLoopback.push(r.url()) })

  await page.goto(`${config.PUBLIC_URL}/`)
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: BROWSER_STEP_MS })
  t.equal(page.url(), `${config.PUBLIC_URL}/dashboard`, 'the callback URL (with its code) is gone from the address bar')
  t.pass('signed in through /register, /authorize and /token, and back on /dashboard')
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage))
  t.match(stored, /accessToken/, 'the token is kept in sessionStorage')
  t.same(await page.evaluate(() => Object.keys(localStorage)), ['mediastack.dashboard.client'], 'only the public client id in localStorage')
  t.notMatch(await page.evaluate(() => JSON.stringify(localStorage)), /accessToken|refreshToken/, 'no token in localStorage')

  // A job of the dashboard's own sign-in (the dashboard lists only those) that advances until cancelled.
  app.jobs.defineKind('demo', { concurrency: 2, queueLimit: 5 })
  const job = app.jobs.start({
    kind: 'demo',
    owner: await principalIdOf(app, bearer!),
    description: 'Optimize Big Buck Bunny (2008) for phones',
    // Keeps moving (5 → 95, then again) until cancelled, so a slow page load cannot miss the movement.
    run: async handle => {
      const cancelled = abortable(handle.signal)
      for (let step = 0; !handle.signal.aborted; step++) {
        const p = 5 + (step * 5) % 95
        handle.progress(p, `Encoding: ${p}%`)
        await Promise.race([new Promise(resolve => setTimeout(resolve, 400)), cancelled])
      }
    }
  })

  const foreign = app.jobs.start({ kind: 'demo', owner: 'internal', description: 'The chat bot\'s job', run: async handle => abortable(handle.signal) })
  await page.locator('#services .tile.up', { hasText: 'Jellyfin' }).waitFor({ timeout: BROWSER_STEP_MS })
  t.ok(await page.locator('#services .tile.down').count() >= 1, 'backends that are down show as down')
  await page.locator('#live[data-state="live"]').waitFor({ timeout: BROWSER_STEP_MS })
  t.pass('live updates connected')

  const bar = page.locator(`#jobs [data-job-id="${job.id}"] progress`)
  await bar.waitFor({ timeout: BROWSER_STEP_MS })
  const first = Number(await bar.getAttribute('value') ?? await bar.evaluate(el => (el as HTMLProgressElement).value))
  await page.waitForFunction(([id, before]) => {
    const el = document.querySelector(`#jobs [data-job-id="${id}"] progress`) as HTMLProgressElement | null
    return el !== null && Math.abs(el.value - before) >= 5
  }, [job.id, first] as const, { timeout: BROWSER_STEP_MS })
  t.pass('the job progress bar moved without a reload')
  t.equal(await page.locator(`#jobs [data-job-id="${foreign.id}"]`).count(), 0, 'another credential\'s job is not shown')

  await page.locator('#playing .row').first().waitFor()
  t.match(await page.locator('#playing').innerText(), /family on Living Room TV/)
  await page.locator('#downloads .row', { hasText: 'Sintel (2010)' }).waitFor({ timeout: BROWSER_STEP_MS })
  t.match(await page.locator('#download-sources').innerText(), /Torrent client did not answer/, 'the silent torrent client is named')
  t.match(await page.locator('#libraries').innerText(), /episodes/)

  const declined = page.locator('#audit li', { hasText: 'manage_files delete movies/Heat (1995): declined by the person' })
  await declined.waitFor({ timeout: BROWSER_STEP_MS })
  t.notMatch(await declined.getAttribute('class'), /sev-error/, 'a person\'s "no" is not shown as an error')
  const refused = page.locator('#audit li', { hasText: 'manage_files move paths: downloads/x, destination: movies: refused' })
  t.match(await refused.getAttribute('class'), /sev-warning/, 'a bad argument is refused, not a red error')

  await page.locator('#chat-hint[data-model="configured"]', { hasText: 'what is playing?' }).waitFor({ timeout: BROWSER_STEP_MS })
  t.pass('with a model configured the chat suggests questions')
  await page.fill('#chat-input', 'what is going on?')
  await page.click('#chat-send')
  await page.locator('#chat-log .msg.assistant', { hasText: 'Two people are watching' }).waitFor({ timeout: BROWSER_STEP_MS })
  t.pass('the chat reply streamed in')

  mkdirSync(OUTPUT, { recursive: true })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: join(OUTPUT, 'dashboard.png'), fullPage: true })

  await page.locator(`#jobs [data-job-id="${job.id}"] button`, { hasText: 'Cancel' }).click()
  await page.locator(`#jobs [data-job-id="${job.id}"][data-status="cancelled"]`).waitFor({ timeout: BROWSER_STEP_MS })
  t.equal(app.jobs.get(job.id)?.status, 'cancelled', 'the Cancel button cancelled the job')

  const session = jellyfin.state.sessions.find(s => s.nowPlayingId)!
  await page.locator(`#playing [data-session-id="${session.id}"] button`, { hasText: 'Stop' }).click()
  await page.locator('#playing .empty').waitFor({ timeout: BROWSER_STEP_MS })
  t.notOk(session.nowPlayingId, 'the Stop button stopped playback on the media server')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: join(OUTPUT, 'dashboard-phone.png'), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  t.ok(overflow <= 0, 'no sideways scrolling on a phone')

  const html = await (await fetch(`${config.PUBLIC_URL}/dashboard`)).text()
  for (const secret of [SIM_KEYS.jellyfin, 'py-key-0123456789abcdef', 'fake-llm-key-0123456789', config.INTERNAL_API_KEY]) t.notOk(html.includes(secret))
  t.same(problems, [], 'no console errors, no CSP violations')
  t.same(offLoopback, [], 'the page only talks to its own server')
})
