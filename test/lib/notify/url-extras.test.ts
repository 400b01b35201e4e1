// Issue 38 item 6: an ntfy URL with several topics (path and `to=`) publishes to each, as Apprise does
// (caronc/apprise @ v1.13.0 : apprise/plugins/ntfy.py : 461-507, 924-929); a json:// URL's `:key=value` payload
// extras and `method=` are kept (apprise/plugins/custom_json.py : 273-285, 460-462). Checked against the real
// `apprise` program (Debian's 1.2.0) on the same loopback receiver where the two agree.
import t from 'tap'
import { sendWithApprise } from '../../../lib/notify/apprise.js'
import { createNotifier, type NotifyRecord } from '../../../lib/notify/index.js'
import { findExecutable } from '../../../core/process/index.js'
import { noticeReceiver, type Received } from '../../helpers/notice-receiver.js'

const quiet = { warn: () => {}, info: () => {} }
const message = { title: 'Ready to watch', body: '"Heat" (1995) is ready.' }
const topicOf = (r: Received) => (JSON.parse(r.body) as { topic: string }).topic

async function native (urls: string, deliver = {}) {
  const records: NotifyRecord[] = []
  const notifier = createNotifier({ urls, events: 'ready=household', log: quiet, record: r => records.push(r), backoffMs: [1], attempts: 3, deliver })
  notifier.notify('ready', { to: 'household', message })
  await notifier.idle()
  return records
}

t.test('every ntfy topic of the path and of to= gets the message, once', async t => {
  const ntfy = await noticeReceiver()
  t.teardown(() => ntfy.close())
  const records = await native(`ntfy://${ntfy.host}/alice/bob?to=carol,alice`)
  t.match(records, [{ ok: true, attempts: 1 }])
  t.same(ntfy.received.map(topicOf).sort(), ['alice', 'bob', 'carol'])
})

t.test('a topic that failed is tried again alone; the others do not get the message twice', async t => {
  let bobRefused = false
  const ntfy = await noticeReceiver({
    answer: r => {
      if (topicOf(r) !== 'bob' || bobRefused) return { status: 200 }
      bobRefused = true
      return { status: 503 }
    }
  })
  t.teardown(() => ntfy.close())
  const records = await native(`ntfy://${ntfy.host}/alice/bob`)
  t.match(records, [{ ok: true, attempts: 2 }])
  t.same(ntfy.received.map(topicOf), ['alice', 'bob', 'bob'])
})

t.test('a topic ntfy does not take is said, not skipped', async t => {
  const records = await native('ntfy://127.0.0.1:9/alice?to=not.a.topic')
  t.match(records, [{ ok: false, attempts: 1, error: /names a topic ntfy does not take/ }])
})

t.test('json:// payload extras: added, renamed, dropped; method= is the HTTP method', async t => {
  const json = await noticeReceiver()
  t.teardown(() => json.close())
  const records = await native(`json://${json.host}/hook?:priority=high&:type=kind&:version=&method=put&-v=2`)
  t.match(records, [{ ok: true }])
  const [r] = json.received
  t.equal(r!.method, 'PUT')
  t.equal(r!.path, '/hook?v=2')
  t.same(JSON.parse(r!.body), { title: message.title, message: message.body, attachments: [], kind: 'info', priority: 'high' })
  const bad = await native(`json://${json.host}/hook?method=FETCH`)
  t.match(bad, [{ ok: false, error: /names a method json:\/\/ does not take/ }])
})

t.test('the real apprise program reaches the same topics and sends the same extras and method', { skip: await findExecutable('apprise') ? undefined : 'apprise is not installed' }, async t => {
  const [ours, theirs] = [await noticeReceiver(), await noticeReceiver()]
  t.teardown(async () => { await ours.close(); await theirs.close() })
  // Apprise waits about 5 s between two messages of one plugin (its throttle): two topics keep this short.
  await native(`ntfy://${ours.host}/alice?to=bob`)
  await sendWithApprise(`ntfy://${theirs.host}/alice?to=bob`, message)
  t.same(ours.received.map(topicOf).sort(), ['alice', 'bob'])
  t.same(theirs.received.map(topicOf).sort(), ours.received.map(topicOf).sort(), 'apprise publishes to both too')

  // A new key is added the same way by Apprise 1.2.0 and 1.13.0 (its renaming of a known key came later).
  const extras = (host: string) => `json://${host}/hook?:priority=high&method=PUT`
  const [o, a] = [ours.received.length, theirs.received.length]
  await native(extras(ours.host))
  await sendWithApprise(extras(theirs.host), message)
  const [mine, apprise] = [ours.received[o]!, theirs.received[a]!]
  t.same([mine.method, mine.path], [apprise.method, apprise.path])
  t.same(JSON.parse(mine.body), JSON.parse(apprise.body))
})
