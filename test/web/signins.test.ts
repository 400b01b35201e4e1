// Who signs in, in headless Chromium (issue 36 items 5 and 8): with NOTIFY_PEOPLE and a passphrase, the dashboard's
// own sign-in walks the real approval page (choose a person, type the passphrase, submit the real form), and the token
// it gets acts as that person. The owner, signed in from another browser, sees both sign-ins in the "Signed in"
// panel and ends the person's: the person's page is refused and sent back to the approval page. The web chat on a
// person's page runs its tools as that person. One Chromium for the file: each page is a fresh context in it (its own
// cookies and storage, as another browser's), without the seconds of CPU a launch costs.
import t from 'tap'
import type { Page } from 'playwright-core'
import { browserSkipReason, newBrowserContext } from '../helpers/browser.js'
import { buildTestApp } from '../helpers/build.js'
import { CLOSED_BACKENDS, freePort } from '../helpers/web-app.js'
import { startFakeLlm } from '../helpers/fake-llm.js'

const skip = browserSkipReason()
const PASSPHRASE = 'correct horse battery staple'
// Generous: Chromium on a loaded 2-core machine can take many seconds per navigation.
const STEP_MS = 60_000

t.setTimeout(600_000)

/** On the approval page: chooses who is signing in, types the passphrase and submits; waits for the dashboard. */
async function signInAs (page: Page, person: string) {
  await page.locator('input[name="person"]').first().waitFor({ timeout: STEP_MS })
  await page.locator(`input[name="person"][value="${person}"]`).check({ timeout: STEP_MS })
  await page.locator('input[name="passphrase"]').fill(PASSPHRASE, { timeout: STEP_MS })
  await page.locator('button[type="submit"]').click({ timeout: STEP_MS })
  await page.locator('body[data-signed-in="true"]').waitFor({ timeout: STEP_MS })
}

/** The page's own access token (sessionStorage), to ask the server who it is. */
const PEOPLE = { NOTIFY_PEOPLE: 'alice=telegram:111 bob=telegram:222,readonly', NOTIFY_URLS: 'alice=json://127.0.0.1:9/a bob=json://127.0.0.1:9/b' }

const accessTokenOf = async (page: Page) => (await page.evaluate(() => JSON.parse(sessionStorage.getItem('mediastack.dashboard.tokens') ?? '{}').accessToken)) as string

t.test('a person signs in through the approval page; the owner sees and ends that sign-in from the dashboard', { skip, timeout: 600_000 }, async t => {
  const port = await freePort()
  const { app, config } = await buildTestApp(t, {
    web: true,
    listenPort: port,
    config: { ...CLOSED_BACKENDS, OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE, ...PEOPLE }
  })

  const alicePage = await (await newBrowserContext(t)).context.newPage()
  const aliceProblems: string[] = []
  alicePage.on('pageerror', e => aliceProblems.push(e.message))
  await alicePage.goto(`${config.PUBLIC_URL}/dashboard`, { timeout: STEP_MS })
  await alicePage.locator('legend', { hasText: 'Who is signing in?' }).waitFor({ timeout: STEP_MS })
  t.same(await alicePage.locator('input[name="person"]').evaluateAll(els => els.map(e => (e as HTMLInputElement).value)), ['alice', 'bob', 'owner'], 'the page offers each person and the owner')
  await signInAs(alicePage, 'alice')

  // The token the browser got acts as alice: the keeps route answers who the caller is.
  const token = await accessTokenOf(alicePage)
  const keeps = await app.inject({ url: '/api/dashboard/keeps', headers: { authorization: `Bearer ${token}` } })
  t.same(keeps.json().you, { person: 'alice', owner: false }, 'the token\'s principal carries the chosen person')
  const own = alicePage.locator('#signins li[data-person="alice"]')
  await own.waitFor({ timeout: STEP_MS })
  t.match(await own.innerText(), /alice on Mediastack dashboard \(this page\)/)
  t.equal(await alicePage.locator('#signins li').count(), 1, 'a person sees only their own sign-ins')
  t.equal(await alicePage.locator('#signins button').count(), 0, 'and cannot end one')

  const ownerPage = await (await newBrowserContext(t)).context.newPage()
  const ownerProblems: string[] = []
  ownerPage.on('pageerror', e => ownerProblems.push(e.message))
  await ownerPage.goto(`${config.PUBLIC_URL}/dashboard`, { timeout: STEP_MS })
  await signInAs(ownerPage, 'owner')
  const aliceRow = ownerPage.locator('#signins li[data-person="alice"]')
  await aliceRow.waitFor({ timeout: STEP_MS })
  await ownerPage.locator('#signins li[data-person="owner"]', { hasText: '(this page)' }).waitFor({ timeout: STEP_MS })
  t.match(await aliceRow.innerText(), /alice on Mediastack dashboard\s*signed in \d{4}-\d\d-\d\d \d\d:\d\d, used /)
  t.notOk((await ownerPage.content()).includes(token), 'the page never shows a token')

  await aliceRow.locator('button', { hasText: 'End…' }).click({ timeout: STEP_MS })
  await aliceRow.locator('button', { hasText: 'Confirm end' }).click({ timeout: STEP_MS })
  await ownerPage.locator('#signins-note', { hasText: /Ended the sign-in of Mediastack dashboard signed in as alice/ }).waitFor({ timeout: STEP_MS })
  await aliceRow.waitFor({ state: 'detached', timeout: STEP_MS })
  t.same((await app.signIns.list()).map(s => s.person), ['owner'], 'only the owner\'s sign-in is left')

  // Alice's page: its next call is refused, its refresh too, and it is sent back to the approval page.
  await alicePage.locator('#refresh').click({ timeout: STEP_MS })
  await alicePage.locator('legend', { hasText: 'Who is signing in?' }).waitFor({ timeout: STEP_MS })
  t.equal(new URL(alicePage.url()).pathname, '/authorize', 'the ended sign-in must sign in again')
  t.equal(await alicePage.locator('input[name="passphrase"]').count(), 1, 'with the passphrase: her browser\'s earlier approval is forgotten')
  t.same(aliceProblems, [])
  t.same(ownerProblems, [])
})

t.test('the web chat of a person\'s page runs its tools as that person', { skip, timeout: 600_000 }, async t => {
  // The model asks for a tool only the owner may run; what it is told back depends on who is signed in.
  const llm = await startFakeLlm('openai', [{ toolCalls: [{ name: 'cleanup_server', args: {} }] }, { text: 'Only the owner can clean up.' }])
  t.teardown(llm.close)
  const { config } = await buildTestApp(t, {
    web: true,
    listenPort: await freePort(),
    config: { ...CLOSED_BACKENDS, OAUTH_APPROVAL_PASSPHRASE: PASSPHRASE, ...PEOPLE, LLM_PROVIDER_A_API_KEY: 'fake-llm-key-0123456789', LLM_PROVIDER_A_BASE_URL: llm.url }
  })
  const page = await (await newBrowserContext(t)).context.newPage()
  const problems: string[] = []
  page.on('pageerror', e => problems.push(e.message))
  await page.goto(`${config.PUBLIC_URL}/dashboard`, { timeout: STEP_MS })
  await signInAs(page, 'bob')
  await page.fill('#chat-input', 'clean up the server', { timeout: STEP_MS })
  await page.click('#chat-send', { timeout: STEP_MS })
  await page.locator('#chat-log .msg.assistant', { hasText: 'Only the owner can clean up.' }).waitFor({ timeout: STEP_MS })
  t.equal(llm.requests.length, 2, 'the model asked for the tool, then answered')
  t.match(JSON.stringify(llm.requests[1]?.messages), /bob is signed in with the read-only tools; cleanup_server changes things/, 'the tool ran as bob, the read-only person the page signed in as')
  t.same(problems, [])
})
