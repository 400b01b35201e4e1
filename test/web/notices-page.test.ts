// The chat panel's notices in headless Chromium: "/follow <show>" typed in the chat is answered without the
// model, a notice decided for the signed-in person shows when the page opens, as text, and only once.
import t from 'tap'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { SERVARR_KEYS } from '../helpers/servarr-sims.js'
import { BROWSER_STEP_MS, browserSkipReason } from '../helpers/browser.js'
import { openSignedInPage } from '../helpers/signed-in-page.js'
import { until } from '../helpers/until.js'

const skip = browserSkipReason()

t.test('notices and /follow in the chat panel', { skip }, async t => {
  const sonarr = await createSonarrSimulator({ apiKey: SERVARR_KEYS.sonarr })
  t.teardown(sonarr.close)
  let show = ''
  const { app, page, problems } = await openSignedInPage(t, {
    config: { SERIES_MANAGER_URL: sonarr.url, SERIES_MANAGER_API_KEY: SERVARR_KEYS.sonarr },
    beforeOpen: async ({ call }) => {
      const library = await call('series_status', { view: 'library', limit: 1 })
      show = (library.structuredContent as any).items[0].title as string
    }
  })

  await page.fill('#chat-input', `/follow ${show}`)
  await page.click('#chat-send')
  await page.locator('#chat-log .msg.assistant', { hasText: `You follow "${show}"` }).waitFor({ timeout: BROWSER_STEP_MS })
  const [follow] = app.notices.store.follows()
  t.match(follow, { title: show }, 'the follow belongs to the signed-in credential')

  // A notice for this person, with markup in the title: shown as text when the page opens, then read.
  await app.notices.store.decide(follow.owner, '🆕 New episode of "<b>x</b>": S01E02 is ready to watch.', new Date(), {})
  await app.notices.store.decide('oauth:someone-else', 'not yours', new Date(), {})
  await page.reload()
  const notice = page.locator('#chat-log .msg.notice')
  await notice.first().waitFor({ timeout: BROWSER_STEP_MS })
  t.match(await notice.innerText(), /New episode of "<b>x<\/b>": S01E02 is ready to watch\./)
  t.equal(await page.locator('#chat-log .msg.notice b').count(), 0, 'library text is never HTML')
  // The page marks them read with a request of its own after showing them: wait for that, however slow the page.
  await until(() => app.notices.store.outbox(follow.owner).length === 0, 25)
  t.same(app.notices.store.outbox(follow.owner), [], 'shown notices are marked read')
  t.equal(app.notices.store.outbox('oauth:someone-else').length, 1, 'another person\'s notice stays theirs')

  const answered = page.waitForResponse(r => new URL(r.url()).pathname === '/api/notices', { timeout: BROWSER_STEP_MS })
  await page.reload()
  t.same((await (await answered).json()).notices, [], 'shown once: nothing left to show after a reload')
  t.same(problems, [])
})
