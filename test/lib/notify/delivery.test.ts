// Issue 35 item 12: notices survive faults. A receiver that answers late gets each notice once (a notice that
// went out in full is not sent blindly again); notices waiting for their retry or cut off by shutdown are kept
// and sent once at the next start; a flood is one summary per channel; caps are per channel, so one hung channel
// does not starve another; the audit trail's reasons are words. No test here waits on the clock: a late receiver
// holds its answer until the test ends, and retries are timed by an injected clock.
import t from 'tap'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNotifier, type NotifyRecord } from '../../../lib/notify/index.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'

const quiet = { warn: () => {}, info: () => {} }
const stuck = (n: number) => ({ title: 'A download needs a person', body: `"Release.${n}" is stuck in qBittorrent (stalledDL): no data has arrived.`, type: 'warning' as const })

/** A loopback port nothing listens on (a receiver that was there, closed). */
async function closedPort (): Promise<number> {
  const r = await noticeReceiver()
  await r.close()
  return r.port
}

t.test('a receiver that answers late gets the notice once: a notice sent in full is not sent again', async t => {
  const late = await noticeReceiver({ hold: true })
  t.teardown(() => late.close())
  const records: NotifyRecord[] = []
  const notifier = createNotifier({ urls: `json://${late.host}/hook`, events: 'down=household', log: quiet, record: r => records.push(r), backoffMs: [1], batchMs: 0, deliver: { timeoutMs: 50 } })
  notifier.notify('down', { to: 'household', message: { title: 'Sonarr is down', body: 'Sonarr has not answered for 5 minutes.' } })
  await notifier.idle()
  t.equal(late.received.length, 1, 'one request, not three')
  t.match(records, [{ ok: false, attempts: 1, error: /^sent, but the receiver did not answer within 0\.1 s \(it may have arrived; not sent again\)$/ }])
  t.notMatch(records[0]!.error, /\(\d+\)/, 'words, not a number in brackets')
  await notifier.close()
})

t.test('a refused connection is retried, and its reason is in words', async t => {
  const port = await closedPort()
  const records: NotifyRecord[] = []
  const notifier = createNotifier({ urls: `json://127.0.0.1:${port}/hook`, events: 'down=household', log: quiet, record: r => records.push(r), backoffMs: [1], attempts: 2, batchMs: 0 })
  notifier.notify('down', { to: 'household', message: { title: 'x', body: 'y' } })
  await notifier.idle()
  t.match(records, [{ ok: false, attempts: 2, error: 'not reachable: the receiver refused the connection (nothing listens there)' }])
  await notifier.close()
})

t.test('notices waiting for their retry survive a shutdown and are sent once at the next start', async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-outbox-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const outboxFile = join(dir, 'notify-outbox.json')
  const port = await closedPort()
  const urls = `json://127.0.0.1:${port}/hook`
  const first = createNotifier({ urls, events: 'stuck=household disk=household', log: quiet, outboxFile, batchMs: 0, backoffMs: [60_000] })
  first.notify('disk', { to: 'household', message: { title: 'Low disk space', body: 'The media disk has 4 GiB free.' } })
  await first.saved()
  await first.close()
  const kept = JSON.parse(readFileSync(outboxFile, 'utf8')) as { pending: Array<{ message: { title: string } }> }
  t.same(kept.pending.map(p => p.message.title), ['Low disk space'], 'kept in the outbox, not lost')
  t.notOk(readFileSync(outboxFile, 'utf8').includes(String(port)), 'the outbox names the channel by a hash, not its URL')

  // The next start: the receiver is back, and the retry's wait is over by the (injected) clock.
  const receiver = await noticeReceiver({ port })
  t.teardown(() => receiver.close())
  const records: NotifyRecord[] = []
  const second = createNotifier({ urls, events: 'stuck=household disk=household', log: quiet, outboxFile, batchMs: 0, record: r => records.push(r), now: () => Date.now() + 120_000 })
  await second.idle()
  t.equal(receiver.received.length, 1, 'sent once')
  t.equal(JSON.parse(receiver.received[0]!.body).title, 'Low disk space')
  t.match(records, [{ ok: true, event: 'disk' }])
  await second.close()
  t.same(JSON.parse(readFileSync(outboxFile, 'utf8')).pending, [], 'nothing waits any more')
  const third = createNotifier({ urls, events: 'disk=household', log: quiet, outboxFile, batchMs: 0 })
  await third.idle()
  await third.close()
  t.equal(receiver.received.length, 1, 'and a third start sends nothing again')
  t.same(readdirSync(dir).filter(f => f.includes('.tmp-')), [], 'no temp file left behind')
})

t.test('250 stuck downloads are one summary, not 200 messages and 50 dropped', async t => {
  const household = await noticeReceiver()
  t.teardown(() => household.close())
  const records: NotifyRecord[] = []
  const notifier = createNotifier({ urls: `json://${household.host}/hook`, events: 'stuck=household', log: quiet, record: r => records.push(r), batchMs: 0 })
  for (let i = 1; i <= 250; i++) notifier.notify('stuck', { to: 'household', message: stuck(i) })
  await notifier.idle()
  t.equal(household.received.length, 1, 'one message')
  const body = JSON.parse(household.received[0]!.body) as { title: string, message: string, type: string }
  t.equal(body.title, 'A download needs a person (250)')
  t.match(body.message, /^• "Release\.1" is stuck/)
  t.match(body.message, /…and 245 more like these/)
  t.equal(body.type, 'warning')
  t.match(records, [{ ok: true, notices: 250 }], 'one record, carrying all 250; none dropped')
  t.equal(records.length, 1)
  await notifier.close()
})

t.test('caps are per channel: a hung channel does not starve the owner\'s sign-in notice to a healthy one', async t => {
  const hung = await noticeReceiver({ hold: true })
  const owner = await noticeReceiver()
  t.teardown(async () => { await hung.close(); await owner.close() })
  const records: NotifyRecord[] = []
  const notifier = createNotifier({
    urls: `alice=json://${hung.host}/alice owner=json://${owner.host}/owner`,
    events: 'leaving=person signin=owner',
    log: quiet,
    record: r => records.push(r),
    batchMs: 0
  })
  // Each leaving notice carries its own keep link: they are never folded, so alice's channel fills up.
  for (let i = 0; i < 250; i++) notifier.notify('leaving', { to: 'alice', message: { title: 'Leaving soon', body: `Title ${i}`, action: { label: 'Keep', url: `https://media.example/keep/t${i}` } } })
  notifier.notify('signin', { to: 'household', message: { title: 'New sign-in', body: 'A client calling itself "Claude" signed in.' } })
  await owner.waitFor(1)
  t.equal(JSON.parse(owner.received[0]!.body).title, 'New sign-in', 'the owner is told')
  const dropped = records.filter(r => !r.ok)
  t.ok(dropped.length > 0 && dropped.every(r => r.to === 'alice' && /^dropped: 100 notices are already waiting for this channel/.test(r.error!)), 'only the hung channel\'s own notices are dropped')
  await notifier.close()
})
