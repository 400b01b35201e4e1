// Issue 28 items 8-9 on the built app: a new client signing in is a security notice to the owner (once per
// authorization, not per refresh), a low disk is told once, and each delivery is in the audit trail with the
// channel's scheme and host only. Without NOTIFY_URLS nothing is sent.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../helpers/build.js'
import { oauthLogin, refreshTokens } from '../helpers/oauth-client.js'
import { noticeReceiver } from '../helpers/notice-receiver.js'
import { until } from '../helpers/until.js'

t.test('sign-in and low-disk notices reach the owner, recorded without the URL', async t => {
  const owner = await noticeReceiver()
  let diskReads = 0
  const { app } = await buildTestApp(t, {
    config: {
      PUBLIC_URL: 'http://127.0.0.1:3000',
      NOTIFY_URLS: `owner=json://${owner.host}/SecretHookPath`,
      NOTIFY_EVENTS: 'signin=owner disk=owner',
      DISK_MIN_FREE_GIB: 10
    },
    build: {
      plugins: {
        notify: { watchMs: 20 },
        disk: { figures: async () => { diskReads++; return { totalBytes: 100 * 1024 ** 3, usedBytes: 96 * 1024 ** 3, freeBytes: 4 * 1024 ** 3, usedPercent: 96 } } }
      }
    }
  })
  t.teardown(() => owner.close())

  const { client, tokens } = await oauthLogin(app, { metadata: { client_name: 'Claude Desktop' } })
  await refreshTokens(app, client, tokens.refresh_token!)
  await owner.waitFor(2)
  // Several more checks of the still-low disk, each of which would queue another notice; then their deliveries end.
  const readsSoFar = diskReads
  await until(() => diskReads >= readsSoFar + 3)
  await app.notify.idle()
  const bodies = owner.received.map(r => JSON.parse(r.body) as { title: string, message: string })
  t.same(bodies.map(b => b.title).sort(), ['Low disk space', 'New sign-in'], 'one sign-in (the refresh is not one), one low-disk notice across several checks')
  t.match(bodies.find(b => b.title === 'New sign-in')!.message, /^A client calling itself "Claude Desktop" signed in with scopes/)
  t.match(bodies.find(b => b.title === 'Low disk space')!.message, /^The media and downloads disk \(.*\) has 4\.0 GiB free, below DISK_MIN_FREE_GIB \(10 GiB\)/)

  const audit = app.audit.store.list({ action: 'notify.signin', offset: 0, limit: 10 })
  t.equal(audit.total, 1)
  t.match(audit.items[0], { source: 'notice', outcome: 'ok' })
  t.notMatch(JSON.stringify(app.audit.store.list({ offset: 0, limit: 100 }).items), /SecretHookPath/, 'the audit trail never holds the URL')
})

t.test('without NOTIFY_URLS nothing is sent and nothing recorded', async t => {
  const { app } = await buildTestApp(t, { config: { PUBLIC_URL: 'http://127.0.0.1:3000' } })
  await oauthLogin(app)
  t.equal(app.notify.configured, false)
  t.equal(app.audit.store.list({ action: 'notify.signin', offset: 0, limit: 10 }).total, 0)
})

t.test('a notice waiting for its retry when the server stops is sent once by the next start (issue 35 item 12)', async t => {
  // A busy receiver: the first attempt is answered 503, so the notice waits for its retry when the server stops.
  const busy = await noticeReceiver({ statuses: [503, 200] })
  t.teardown(() => busy.close())
  const { app, roots, restart } = await buildTestApp(t, {
    config: { PUBLIC_URL: 'http://127.0.0.1:3000', NOTIFY_URLS: `json://${busy.host}/hook`, NOTIFY_EVENTS: 'disk=household' },
    build: { plugins: { notify: { watchMs: 0, batchMs: 0 } } }
  })
  app.notify.notify('disk', { to: 'household', message: { title: 'Low disk space', body: 'The media disk has 4 GiB free.' } })
  const outbox = () => { try { return JSON.parse(readFileSync(join(roots.state, 'notify-outbox.json'), 'utf8')) as { pending: Array<{ attempts: number }> } } catch { return { pending: [] } } }
  await until(() => outbox().pending[0]?.attempts === 1)
  // Stopped (as on SIGTERM) before the retry's wait ends; started again with the wait over by its clock.
  const { app: again } = await restart({ plugins: { notify: { watchMs: 0, batchMs: 0, now: () => Date.now() + 120_000 } } })
  await busy.waitFor(2)
  await again.notify.idle()
  t.equal(busy.received.length, 2, 'the 503, then once after the restart')
  t.same(busy.received.map(r => JSON.parse(r.body).title), ['Low disk space', 'Low disk space'])
  t.match(again.audit.store.list({ action: 'notify.disk', offset: 0, limit: 10 }), { total: 1, items: [{ outcome: 'ok' }] })
  t.same(outbox().pending, [], 'nothing waits any more')
})
