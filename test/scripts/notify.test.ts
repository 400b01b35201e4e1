// `npm run notify -- test` (issue 28 item 9): one test notice to every configured channel, one line per channel
// with its result, no URL printed; bad settings stop with what to fix.
import t from 'tap'
import { main } from '../../scripts/notify.js'
import { buildConfig, ConfigError } from '../../config.js'
import { noticeReceiver } from '../helpers/notice-receiver.js'

t.test('a test notice to every channel, each reported', async t => {
  const good = await noticeReceiver()
  const refusing = await noticeReceiver({ statuses: [401] })
  t.teardown(async () => { await good.close(); await refusing.close() })
  const lines: string[] = []
  const code = await main(['test'], { NOTIFY_URLS: `json://${good.host}/house alice=gotify://${refusing.host}/TokenSecret` }, l => lines.push(l))
  t.equal(code, 1, 'one channel failed')
  t.same(lines, [
    `ok     household: json://${good.host}`,
    `FAILED alice: gotify://${refusing.host} — answered HTTP 401: the token or password in the URL was refused`,
    '1 of 2 channel(s) received the test notice.'
  ])
  t.match(JSON.parse(good.received[0]!.body), { title: 'Mediastack test notice' })
})

t.test('usage and empty settings', async t => {
  const lines: string[] = []
  t.equal(await main([], {}, l => lines.push(l)), 2)
  t.equal(await main(['test'], {}, l => lines.push(l)), 1)
  t.match(lines.join('\n'), /NOTIFY_URLS is empty/)
})

t.test('bad notice settings stop the server at start, naming the entry but not its URL', async t => {
  const err = t.throws(() => buildConfig({ NOTIFY_URLS: 'ntfys://ntfy.sh/house Alice Smith=gotify://g.lan/SecretTok nonsense', NOTIFY_EVENTS: 'ready=bob sometimes=person', NOTIFY_PEOPLE: 'carol=telegram:12' })) as ConfigError
  t.ok(err instanceof ConfigError)
  const text = err.problems.join('\n')
  t.match(text, /NOTIFY_URLS: entry 2 is not a URL/)
  t.match(text, /NOTIFY_EVENTS: "sometimes=person" is not event=destination/)
  t.match(text, /NOTIFY_EVENTS: bob has no URL in NOTIFY_URLS/)
  t.match(text, /NOTIFY_PEOPLE: carol has no URL in NOTIFY_URLS/)
  t.notMatch(text, /SecretTok/)
  t.doesNotThrow(() => buildConfig({}), 'without these settings nothing changes')
})
