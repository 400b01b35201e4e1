// Issue 28 items 7, 9, 10: ntfy, Gotify, Discord and json webhooks are spoken natively. Each loopback receiver
// accepts only what the real service accepts (cited), so a wrong path, header or body fails the delivery.
import t from 'tap'
import { createNotifier, type NotifyRecord } from '../../../lib/notify/index.js'
import { noticeReceiver, type Received } from '../../helpers/notice-receiver.js'

const quiet = { warn: () => {}, info: () => {} }
const message = { title: 'Ready to watch', body: '"Heat" (1995) is ready.' }

/** ntfy publishes JSON sent to "/" (binwiederhier/ntfy @ v2.13.0 : server/server.go : 523-524, 1817-1870). */
function ntfyServer (r: Received) {
  if (r.method !== 'POST' || r.path !== '/') return { status: 404 }
  const j = JSON.parse(r.body) as { topic?: string }
  return j.topic ? { status: 200, body: JSON.stringify({ id: 'x', topic: j.topic }) } : { status: 400 }
}

/** Gotify: POST /message with the app token in X-Gotify-Key and a message (gotify/server @ v3.0.0 : router/router.go : 195; model/message.go : 73-95). */
function gotifyServer (r: Received) {
  if (r.method !== 'POST' || !r.path.endsWith('/message')) return { status: 404 }
  if (r.headers['x-gotify-key'] !== 'AbCdEf123') return { status: 401 }
  return JSON.parse(r.body).message ? { status: 200 } : { status: 400 }
}

/** Discord: POST /webhooks/{id}/{token}; content (≤2000) required; wait=true answers 200 with the message (discord-api-docs @ c98d64b : webhook.mdx : 206-247). */
function discordServer (r: Received) {
  const m = /^\/api\/webhooks\/(\d+)\/([\w-]+)(\?.*)?$/.exec(r.path)
  if (r.method !== 'POST' || !m || m[2] !== 'tok-EN_1') return { status: 404 }
  const j = JSON.parse(r.body) as { content?: string }
  if (!j.content || j.content.length > 2000) return { status: 400 }
  return m[3]?.includes('wait=true') ? { status: 200, body: '{"id":"1"}' } : { status: 204 }
}

t.test('each native scheme reaches its receiver in the service\'s wire format', async t => {
  const ntfy = await noticeReceiver({ answer: ntfyServer })
  const gotify = await noticeReceiver({ answer: gotifyServer })
  const discord = await noticeReceiver({ answer: discordServer })
  const json = await noticeReceiver()
  t.teardown(async () => { for (const r of [ntfy, gotify, discord, json]) await r.close() })
  const records: NotifyRecord[] = []
  const notifier = createNotifier({
    urls: [
      `ntfy://tk_secrettoken@${ntfy.host}/house?priority=high`,
      `alice=gotify://${gotify.host}/sub/AbCdEf123`,
      'alice=discord://Mediastack@123456789/tok-EN_1',
      `bob=json://user:pa%20ss@${json.host}/hook?+X-Extra=yes`
    ].join(' '),
    events: 'ready=person+household',
    log: quiet,
    record: r => records.push(r),
    deliver: { discordApiRoot: `http://${discord.host}/api` }
  })
  t.equal(notifier.notify('ready', { to: ['alice', 'bob'], message: { ...message, action: { label: 'Keep', url: 'https://media.example/keep/abc' } } }), 4, 'four channels')
  await notifier.idle()
  t.same(records.map(r => [r.to, r.channel, r.ok]).sort(), [
    ['alice', 'discord', true], ['alice', `gotify://${gotify.host}`, true], ['bob', `json://${json.host}`, true], ['household', `ntfy://${ntfy.host}`, true]
  ].sort())

  const [n] = ntfy.received
  t.equal(n!.headers['content-type'], 'application/json')
  t.equal(n!.headers.authorization, 'Bearer tk_secrettoken', 'a tk_ user is a token (apprise ntfy.py : 74-76)')
  t.equal(n!.headers['x-priority'], 'high')
  t.match(n!.headers['x-actions'], /^view, Keep, https:\/\/media\.example\/keep\/abc$/)
  t.same(JSON.parse(n!.body), { topic: 'house', title: message.title, message: message.body })

  const [g] = gotify.received
  t.equal(g!.path, '/sub/message')
  t.same(JSON.parse(g!.body), { priority: 5, title: message.title, message: `${message.body}\nKeep: https://media.example/keep/abc` })

  const [d] = discord.received
  t.equal(d!.path, '/api/webhooks/123456789/tok-EN_1?wait=true')
  const dj = JSON.parse(d!.body)
  t.equal(dj.content, `${message.title}\r\n\\"Heat\\" \\(1995\\) is ready\\.\nKeep: <https://media.example/keep/abc>`, 'title CR LF body, its markdown characters escaped (core/notify/render.ts); our own keep link as it is')
  t.equal(dj.username, 'Mediastack')

  const [j] = json.received
  t.equal(j!.path, '/hook')
  t.equal(j!.headers.authorization, `Basic ${Buffer.from('user:pa ss').toString('base64')}`)
  t.equal(j!.headers['x-extra'], 'yes')
  t.same(JSON.parse(j!.body), { version: '1.0', title: message.title, message: `${message.body}\nKeep: https://media.example/keep/abc`, attachments: [], type: 'info' })
})

t.test('Discord\'s own https webhook URL and a long message', async t => {
  const discord = await noticeReceiver({ answer: discordServer })
  t.teardown(() => discord.close())
  const records: NotifyRecord[] = []
  const notifier = createNotifier({ urls: 'https://discord.com/api/webhooks/42/tok-EN_1', events: 'disk=household', log: quiet, record: r => records.push(r), deliver: { discordApiRoot: `http://${discord.host}/api` } })
  notifier.notify('disk', { to: 'household', message: { title: 'Low disk', body: 'x'.repeat(5000) } })
  await notifier.idle()
  t.equal(records[0]?.ok, true, records[0]?.error ?? '')
  t.equal(JSON.parse(discord.received[0]!.body).content.length, 2000, 'capped at Discord\'s 2000 characters')
})

t.test('delivery never blocks, retries a busy receiver with a bound, and never shows a secret', async t => {
  const busy = await noticeReceiver({ statuses: [503, 200] })
  const refusing = await noticeReceiver({ statuses: [401] })
  const down = await noticeReceiver({ statuses: [503] })
  t.teardown(async () => { for (const r of [busy, refusing, down]) await r.close() })
  const records: NotifyRecord[] = []
  const logged: string[] = []
  const log = { warn: (o: object, m: string) => logged.push(JSON.stringify(o) + m), info: () => {} }
  const notifier = createNotifier({
    urls: `json://${busy.host}/a gotify://${refusing.host}/SeCrEtToKeN jsons://u:hunter2@${down.host}/c`,
    events: 'stuck=household',
    log,
    record: r => records.push(r),
    backoffMs: [10],
    attempts: 3
  })
  // notify returns a count, not a promise: the caller never waits on a receiver (no timing: a busy machine is slow)
  t.equal(notifier.notify('stuck', { to: 'household', message }), 3, 'notify returns the channels queued, synchronously')
  t.equal(busy.received.length, 0, 'nothing is delivered before notify returns')
  await notifier.idle()
  const by = (host: string) => records.find(r => r.channel.includes(host))!
  t.match(by(busy.host), { ok: true, attempts: 2 }, 'a 503 is tried again')
  t.match(by(refusing.host), { ok: false, attempts: 1, error: /HTTP 401: the token or password in the URL was refused/ }, 'a refused token is not retried')
  t.match(by(down.host), { ok: false, error: /not reachable|HTTP/ }, 'jsons to a plain-http receiver fails')
  const everything = JSON.stringify(records) + logged.join('\n')
  for (const secret of ['SeCrEtToKeN', 'hunter2', '/a', '/c']) t.notOk(everything.includes(secret), `${secret} is never shown`)
})

t.test('bounded retries against a receiver that stays down', async t => {
  const down = await noticeReceiver({ statuses: [503] })
  t.teardown(() => down.close())
  const records: NotifyRecord[] = []
  const notifier = createNotifier({ urls: `json://${down.host}/`, events: 'down=household', log: quiet, record: r => records.push(r), backoffMs: [5], attempts: 3 })
  notifier.notify('down', { to: 'household', message })
  await notifier.idle()
  t.equal(down.received.length, 3, 'three attempts, then it stops')
  t.match(records, [{ ok: false, attempts: 3, error: 'answered HTTP 503' }])
})

t.test('which events go where is a setting', async t => {
  const notifier = createNotifier({ urls: 'ntfy://h.example/house alice=ntfy://h.example/alice bob=ntfy://h.example/bob', events: 'ready=person leaving=person+household signin=alice disk=off', log: quiet })
  const to = (e: Parameters<typeof notifier.channelsFor>[0], who: string | string[]) => notifier.channelsFor(e, who).map(c => c.to)
  t.same(to('ready', 'bob'), ['bob'])
  t.same(to('leaving', ['alice', 'bob']), ['alice', 'bob', 'household'])
  t.same(to('signin', 'household'), ['alice'])
  t.same(to('disk', 'household'), [])
  t.same(to('stuck', 'household'), ['household'], 'the default for an event not named')
})
