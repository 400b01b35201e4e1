// Issue 28 items 7 and 10: schemes not spoken natively go through the real `apprise` program (Debian's 1.2 here),
// with the URL in a private configuration file, never on its command line; without the program the notice says
// how to install it.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { sendWithApprise } from '../../../lib/notify/apprise.js'
import { createNotifier, type NotifyRecord } from '../../../lib/notify/index.js'
import { channelOf } from '../../../core/notify/urls.js'
import { noticeReceiver } from '../../helpers/notice-receiver.js'

const message = { title: 'Low disk', body: 'The downloads disk has 4 GiB free.', type: 'warning' as const }

t.test('the real apprise program delivers to a loopback json:// receiver', async t => {
  const receiver = await noticeReceiver()
  t.teardown(() => receiver.close())
  await sendWithApprise(`json://${receiver.host}/hook`, message)
  t.equal(receiver.received.length, 1)
  const [r] = receiver.received
  t.equal(r!.method, 'POST')
  t.equal(r!.path, '/hook')
  t.match(r!.headers['content-type'], /^application\/json/)
  // Apprise's json body (caronc/apprise @ v1.2.0 : apprise/plugins/NotifyJSON.py : 270-278).
  t.match(JSON.parse(r!.body), { version: '1.0', title: message.title, message: message.body, type: 'warning' })
})

t.test('a scheme only apprise speaks goes to the program; the URL is not in its arguments', async t => {
  t.equal(channelOf('mailto://user:pass@example.com').kind, 'apprise')
  t.equal(channelOf('tgram://123:abc/456').kind, 'apprise')
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-apprise-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // A stand-in program that writes down what it was given: its arguments, the config file's content, stdin.
  const bin = join(dir, 'apprise')
  writeFileSync(bin, `#!/bin/sh\nprintf '%s\\n' "$@" > ${dir}/argv\ncat "$2" > ${dir}/config\ncat > ${dir}/stdin\n`)
  chmodSync(bin, 0o755)
  const records: NotifyRecord[] = []
  const notifier = createNotifier({
    urls: 'pover://UserKeySecret@AppTokenSecret',
    events: 'disk=household',
    log: { warn: () => {}, info: () => {} },
    record: r => records.push(r),
    deliver: { apprise: { bin } }
  })
  notifier.notify('disk', { to: 'household', message })
  await notifier.idle()
  t.match(records, [{ ok: true, channel: 'pover' }])
  const argv = readFileSync(join(dir, 'argv'), 'utf8')
  t.notMatch(argv, /Secret/, 'the URL is not on the command line')
  t.match(argv, /--config\n.*apprise\.txt\n--title\nLow disk\n--notification-type\nwarning/)
  t.equal(readFileSync(join(dir, 'config'), 'utf8'), 'pover://UserKeySecret@AppTokenSecret\n', 'it is in the configuration file')
  t.equal(readFileSync(join(dir, 'stdin'), 'utf8'), message.body, 'the body comes on stdin')
})

t.test('without the apprise program the notice says how to install it', async t => {
  const records: NotifyRecord[] = []
  const notifier = createNotifier({
    urls: 'mailto://me:Secret@example.com',
    events: 'down=household',
    log: { warn: () => {}, info: () => {} },
    record: r => records.push(r),
    deliver: { apprise: { bin: '/nonexistent/apprise' } },
    backoffMs: [1]
  })
  notifier.notify('down', { to: 'household', message })
  await notifier.idle()
  t.match(records, [{ ok: false, attempts: 1, error: /apprise program, which is not installed \(Debian\/Ubuntu: apt install apprise/ }])
  t.notMatch(JSON.stringify(records), /Secret/)
})
