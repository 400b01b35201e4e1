// Issue 28 item 5 in Telegram: the leaving-soon notice reaches the person's chat with the bot carrying a one-tap
// Keep button; pressing it, or replying "keep <why>" to the notice, stores the keep for that person and title
// through the tool server, and the bot answers what it did. Someone else's press keeps nothing. Against the
// real tool server and the fake Bot API.
import t from 'tap'
import { keepStore, tellLeaving } from '../../domains/maintenance/watched-keeps.js'
import { notifySettingsProblems } from '../../lib/notify/index.js'
import type { WatchedCandidate } from '../../lib/library/cleanup-watched.js'
import { buildTestApp } from '../helpers/build.js'
import { FAKE_BOT_TOKEN, startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { listenMcp } from '../helpers/mcp-client.js'
import { noticeReceiver } from '../helpers/notice-receiver.js'
import { startBot, type ToolServer } from './harness.js'

const alice = { id: 111, first_name: 'Alice' }
const bob = { id: 222, first_name: 'Bob' }

const title = (id: number, name: string): WatchedCandidate & { deletableFrom: string } =>
  ({ key: `Radarr:movie:${id}`, kind: 'movie', label: 'Radarr', instance: 'default', id, title: name, bytes: 1, itemId: `item-${id}`, lastPlayed: '2026-01-01T00:00:00.000Z', users: ['Alice'], deletableFrom: '2026-12-24T00:00:00.000Z' })

t.test('a leaving-soon notice in Telegram is kept with its button or a "keep" reply, by its person only', async t => {
  const api = await startFakeBotApi()
  const channel = await noticeReceiver()
  const llm = await startFakeLlm('openai', [])
  t.teardown(async () => { await api.close(); await channel.close(); await llm.close() })
  const { app, roots } = await buildTestApp(t, {
    config: {
      CHAT_BOT_TOKEN: FAKE_BOT_TOKEN,
      CHAT_BOT_API_ROOT: api.apiRoot,
      NOTIFY_URLS: `alice=json://${channel.host}/alice bob=json://${channel.host}/bob`,
      NOTIFY_PEOPLE: `alice=telegram:${alice.id},media:Alice bob=telegram:${bob.id},media:Bob`
    }
  })
  const server = { app, url: await listenMcp(app), roots } as unknown as ToolServer
  await startBot(t, { api, server, llmUrl: llm.url })
  const store = keepStore(app.config.STATE_DIR)

  // Bob kept Ronin in an earlier round: Alice's notice says so.
  await store.keep({ key: 'Radarr:movie:13', title: 'Ronin', person: 'bob', why: 'the car chase' })
  tellLeaving(app, [title(12, 'Heat'), title(13, 'Ronin')])
  const notices = await api.waitFor(() => { const m = api.sentTo(alice.id); return m.length === 2 && m }, undefined, 'the two notices')
  // Sent side by side in the background: either may arrive first.
  const heat = notices.find(m => m.text.includes('"Heat"'))
  const ronin = notices.find(m => m.text.includes('"Ronin"'))
  t.match(heat!.text, /^🍿 Leaving soon: "Heat" leaves the library on 2026-12-24/)
  t.match(heat!.reply_markup, { inline_keyboard: [[{ text: 'Keep', callback_data: /^keep:[\w-]{24}$/ }]] })
  t.match(ronin!.text, /"Ronin" leaves the library on 2026-12-24, as everyone has watched it\. Kept already by bob since \d{4}-\d\d-\d\d \("the car chase"\)\. Tap Keep/)
  t.notMatch(heat!.text, /Kept already/)
  t.equal(api.sentTo(bob.id).length, 0, 'Bob did not watch them: he is not told')
  await channel.waitFor(2)

  // Bob presses Alice's button (a forwarded notice): refused, nothing kept.
  const bobPress = api.pressButton(bob, heat!, heat!.reply_markup!.inline_keyboard![0]![0]!.callback_data!)
  const refused = await api.waitFor(() => api.callsOf('answerCallbackQuery').find(c => c.body.callback_query_id === bobPress), undefined, 'the answer to Bob')
  t.match(refused.body, { text: /This notice was for alice/, show_alert: true })
  t.same((await store.all()).map(k => k.person), ['bob'], 'Bob\'s press kept nothing for him or Alice')

  const press = api.pressButton(alice, heat!, heat!.reply_markup!.inline_keyboard![0]![0]!.callback_data!)
  const answered = await api.waitFor(() => api.callsOf('answerCallbackQuery').find(c => c.body.callback_query_id === press), undefined, 'the answer to Alice')
  t.match(answered.body.text, /^Kept "Heat" for you/)
  t.match(await store.all(), [{ person: 'bob' }, { key: 'Radarr:movie:12', title: 'Heat', person: 'alice', why: '' }])
  const edited = await api.waitFor(() => heat!.edits > 0 && heat, undefined, 'the edited notice')
  t.match(edited.text, /\n\n✅ You keep it\./)
  t.match(edited.reply_markup, { inline_keyboard: [[{ text: 'Lift my keep', callback_data: /^lift:/ }]] })

  api.replyTo(alice, ronin!, 'Keep: rewatching it at Christmas')
  const said = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Kept "Ronin"')), undefined, 'the reply to "keep"')
  t.ok(said)
  t.match((await store.all()).find(k => k.title === 'Ronin' && k.person === 'alice'), { why: 'rewatching it at Christmas' })
  t.equal(llm.requests.length, 0, 'the reply word is answered without the language model')

  // Lifting from the button that replaced Keep.
  const liftPress = api.pressButton(alice, edited, edited.reply_markup!.inline_keyboard![0]![0]!.callback_data!)
  const lifted = await api.waitFor(() => api.callsOf('answerCallbackQuery').find(c => c.body.callback_query_id === liftPress), undefined, 'the lift answer')
  t.match(lifted.body.text, /Your keep of "Heat" is lifted/)
  t.same((await store.all()).map(k => `${k.title}/${k.person}`), ['Ronin/bob', 'Ronin/alice'])

  // Audited: who kept what, through the notice, with the Telegram user.
  const entries = app.audit.store.list({ offset: 0, limit: 20 }).items
  t.match(entries.filter(e => e.action.startsWith('keep.')).map(e => [e.action, e.outcome, e.principal.actor]), [
    ['keep.lift', 'ok', 'telegram:111:111'], ['keep.keep', 'ok', 'telegram:111:111'], ['keep.keep', 'ok', 'telegram:111:111'], ['keep.keep', 'refused', 'telegram:111:222']
  ])
  t.match(entries.filter(e => e.action === 'notify.leaving' && (e.args as any).channel === 'telegram (bot)').map(e => e.outcome), ['ok', 'ok'])
  t.notOk(api.rawBodies.some(b => b.includes(FAKE_BOT_TOKEN)), 'the bot token never appears in a message')
})

t.test('a household on Telegram alone: a person with a Telegram id and no NOTIFY_URLS gets the Keep notice from the bot', async t => {
  const api = await startFakeBotApi()
  t.teardown(() => api.close())
  const people = `alice=telegram:${alice.id},media:Alice`
  t.match(notifySettingsProblems({ NOTIFY_URLS: '', NOTIFY_PEOPLE: people, NOTIFY_EVENTS: '' }), [/NOTIFY_PEOPLE: alice has no URL in NOTIFY_URLS/], 'without the bot a person needs a URL')
  t.same(notifySettingsProblems({ NOTIFY_URLS: '', NOTIFY_PEOPLE: people, NOTIFY_EVENTS: '', CHAT_BOT_TOKEN: FAKE_BOT_TOKEN }), [], 'with the bot, the Telegram id is their channel')
  const { app } = await buildTestApp(t, { config: { CHAT_BOT_TOKEN: FAKE_BOT_TOKEN, CHAT_BOT_API_ROOT: api.apiRoot, NOTIFY_PEOPLE: people } })
  tellLeaving(app, [title(12, 'Heat')])
  const [notice] = await api.waitFor(() => { const m = api.sentTo(alice.id); return m.length === 1 && m }, undefined, 'the notice')
  t.match(notice!.text, /^🍿 Leaving soon: "Heat" leaves the library on 2026-12-24/)
  t.match(notice!.reply_markup, { inline_keyboard: [[{ text: 'Keep', callback_data: /^keep:[\w-]{24}$/ }]] })
})
