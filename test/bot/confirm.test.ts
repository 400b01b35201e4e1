// Destructive actions by button: nothing happens before the asker presses Confirm; someone else's press is
// refused; the buttons carry a short id, never the confirm token, which reaches neither Telegram nor the model.
import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { NOT_YOURS, NO_LONGER_OPEN } from '../../bot/buttons.js'
import { ownerOf } from '../../bot/chat-sessions.js'
import { startFakeBotApi, type FakeBotApi, type SentMessage } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { startBot, startToolServer } from './harness.js'

const alice = { id: 111, first_name: 'Alice' }
const bob = { id: 444, first_name: 'Bob' }
const GROUP = -1001

const askDelete = { toolCalls: [{ name: 'notes_delete', args: { name: 'note' } }], text: 'This needs your confirmation.' }

function question (api: FakeBotApi, chatId: number) {
  return api.waitFor(() => api.sentTo(chatId).filter(m => m.reply_markup?.inline_keyboard).at(-1), undefined, 'a question with buttons')
}

function buttons (m: SentMessage) {
  return m.reply_markup!.inline_keyboard!.flat()
}

function answerTo (api: FakeBotApi, id: string) {
  return api.waitFor(() => api.callsOf('answerCallbackQuery').find(c => c.body.callback_query_id === id), undefined, `answer to ${id}`)
}

t.test('Confirm runs the action, only for the person who asked', async t => {
  const server = await startToolServer(t)
  const file = join(server.roots.media, 'note.txt')
  writeFileSync(file, 'x')
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [askDelete, { text: 'Deleted the note.' }])
  t.teardown(async () => { await api.close(); await llm.close() })
  const { chatBot } = await startBot(t, { api, server, llmUrl: llm.url, allowed: '111,444' })

  api.sendText(alice, 'delete my note', GROUP)
  const ask = await question(api, GROUP)
  t.match(ask.text, /Please confirm: Delete note\.txt from the media root\.\n\(notes_delete; expires in 5 min\)/)
  t.same(buttons(ask).map(b => b.text), ['Confirm', 'Cancel'])
  t.ok(existsSync(file), 'nothing deleted before the button')
  const sentBefore = api.sentTo(GROUP).map(m => m.text)
  t.ok(sentBefore.includes('This needs your confirmation.'), 'the model\'s words come first')

  const conv = chatBot.internals.sessions.conversation(ownerOf(GROUP, alice.id))
  const token = [...conv.pending.values()][0].token
  t.ok(token.length > 20, 'the loop holds the server\'s confirm token')
  for (const b of buttons(ask)) {
    t.match(b.callback_data, /^(ok|no):[A-Za-z0-9_-]{8}$/, 'a short opaque id')
    t.ok(Buffer.byteLength(b.callback_data!) <= 64)
  }
  const confirm = buttons(ask)[0].callback_data!

  // Bob is in the same group and allowed, but it is not his question.
  const bobsPress = api.pressButton(bob, ask, confirm, GROUP)
  t.match((await answerTo(api, bobsPress)).body, { text: NOT_YOURS, show_alert: true })
  t.ok(existsSync(file), 'Bob\'s press changed nothing')

  const press = api.pressButton(alice, ask, confirm, GROUP)
  t.match((await answerTo(api, press)).body, { text: 'Confirmed' })
  await api.waitFor(() => api.sentTo(GROUP).find(m => m.text === 'Deleted the note.'), undefined, 'the model\'s reply')
  t.notOk(existsSync(file), 'the action ran after Alice\'s Confirm')
  const edited = api.messages.get(ask.message_id)!
  t.match(edited.text, /^✅ Done: Delete note\.txt from the media root\.\nDeleted note\.txt\./, 'the question shows the outcome')
  t.notOk(edited.reply_markup, 'and has no buttons any more')

  const again = api.pressButton(alice, ask, confirm, GROUP)
  t.match((await answerTo(api, again)).body, { text: NO_LONGER_OPEN })
  t.equal(llm.requests.length, 2)

  t.notOk(api.rawBodies.join('\n').includes(token), 'the token never went to the Bot API')
  t.notOk(JSON.stringify(llm.requests).includes(token), 'nor to the model')
})

t.test('Cancel changes nothing; an expired question says so', async t => {
  const server = await startToolServer(t)
  const file = join(server.roots.media, 'note.txt')
  writeFileSync(file, 'x')
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [askDelete, { text: 'Kept it.' }, askDelete])
  t.teardown(async () => { await api.close(); await llm.close() })
  let offset = 0
  await startBot(t, { api, server, llmUrl: llm.url, now: () => Date.now() + offset })

  api.sendText(alice, 'delete my note')
  const ask = await question(api, alice.id)
  const press = api.pressButton(alice, ask, buttons(ask)[1].callback_data!)
  t.match((await answerTo(api, press)).body, { text: 'Cancelled' })
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === 'Kept it.'), undefined, 'the model\'s reply')
  t.match(api.messages.get(ask.message_id)!.text, /^✖️ Cancelled: Delete note\.txt/)
  t.match(llm.requests[1].messages.at(-1), { role: 'user', content: /I decline/ })
  t.ok(existsSync(file))

  api.sendText(alice, 'delete it after all')
  const second = await api.waitFor(() => api.sentTo(alice.id).filter(m => m.reply_markup?.inline_keyboard).find(m => m.message_id !== ask.message_id), undefined, 'a second question')
  offset = 6 * 60_000
  const late = api.pressButton(alice, second, buttons(second)[0].callback_data!)
  t.match((await answerTo(api, late)).body, { text: 'This confirmation expired.' })
  await api.waitFor(() => api.messages.get(second.message_id)!.text.startsWith('⌛ Expired'), undefined, 'the expired edit')
  t.ok(existsSync(file), 'an expired confirmation runs nothing')
  t.equal(llm.requests.length, 3, 'and asks the model nothing')
})
