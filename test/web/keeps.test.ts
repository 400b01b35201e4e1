// The dashboard's "Kept titles" panel in headless Chromium (issue 28 item 6): the owner's sign-in sees who keeps
// what and why, shown as text; Override asks the server for a preview and lifts the keep only on its Confirm.
import t from 'tap'
import { keepStore } from '../../domains/maintenance/watched-keeps.js'
import { browserSkipReason } from '../helpers/browser.js'
import { openSignedInPage } from '../helpers/signed-in-page.js'

const skip = browserSkipReason()

t.test('the owner sees who keeps what and overrides a keep through its confirm', { skip }, async t => {
  let store!: ReturnType<typeof keepStore>
  const { app, page, problems } = await openSignedInPage(t, {
    beforeOpen: async ({ config }) => {
      store = keepStore(config.STATE_DIR)
      await store.keep({ key: 'Radarr:movie:12', title: 'Heat <b>1995</b>', person: 'alice', why: 'film night' })
      await store.keep({ key: 'Radarr:movie:13', title: 'Ronin', person: 'bob', why: '' })
    }
  })

  const heat = page.locator('#keeps li[data-key="Radarr:movie:12"]')
  await heat.waitFor({ timeout: 20_000 })
  t.match(await heat.innerText(), /"Heat <b>1995<\/b>" kept by alice \(film night\)\s+since \d{4}-\d\d-\d\d/)
  t.equal(await page.locator('#keeps b').count(), 0, 'library text is never HTML')
  t.equal(await page.locator('#keeps li').count(), 2)
  t.equal(await heat.locator('button', { hasText: 'Lift my keep' }).count(), 0, 'the owner has no keep of their own here')

  await heat.locator('button', { hasText: 'Override…' }).click()
  await heat.locator('text=/Override lifts 1 keep\\(s\\) of "Heat <b>1995<\\/b>"/').waitFor({ timeout: 20_000 })
  t.equal((await store.all()).length, 2, 'the preview lifted nothing')
  await heat.locator('button', { hasText: 'Confirm override' }).click()
  await page.locator('#keeps-note', { hasText: /Lifted 1 keep\(s\) of "Heat <b>1995<\/b>"/ }).waitFor({ timeout: 20_000 })
  await page.locator('#keeps li[data-key="Radarr:movie:12"]').waitFor({ state: 'detached', timeout: 20_000 })
  t.same((await store.all()).map(k => k.title), ['Ronin'], 'exactly the previewed keep was lifted')
  t.equal(app.audit.store.list({ offset: 0, limit: 5, action: 'dashboard.keep_override' }).items[0]?.outcome, 'ok')
  t.same(problems, [])
})
