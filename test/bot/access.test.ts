// Who the bot serves: allowed users get answers; anyone else gets exactly one polite refusal and nothing
// reaches the model or the tools. An empty allowlist serves anyone and warns loudly at startup.
import t from 'tap'
import { REFUSAL } from '../../bot/access.js'
import { OPEN_BOT_WARNING } from '../../bot/chat-bot.js'
import { startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { startBot, startToolServer } from './harness.js'

const alice = { id: 111, first_name: 'Alice' }
const mallory = { id: 222, first_name: 'Mallory' }

t.test('with ALLOWED_CHAT_USERS set, others get one refusal and nothing else', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [{ text: 'Hello Alice.' }])
  t.teardown(async () => { await api.close(); await llm.close() })
  const { logs } = await startBot(t, { api, server, llmUrl: llm.url, allowed: '111, 999' })
  t.notOk(logs.join('').includes('ANYONE'), 'no open-bot warning with an allowlist')

  api.sendText(mallory, 'delete everything')
  await api.waitFor(() => api.sentTo(mallory.id).length === 1, undefined, 'the refusal')
  api.sendText(mallory, 'please?')
  api.sendText(mallory, '/start')
  // A button from someone else's question (e.g. in a group) is refused too, without a message.
  api.pressButton(mallory, { message_id: 1, chat_id: mallory.id, text: 'x', edits: 0 }, 'ok:AAAAAAAA')
  api.sendText(alice, 'hi')
  // Updates are handled in order: once Alice has her answer, Mallory's later messages have been seen.
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === 'Hello Alice.'), undefined, 'Alice\'s answer')

  const toMallory = api.sentTo(mallory.id)
  t.equal(toMallory.length, 1, 'exactly one message to the refused user')
  t.equal(toMallory[0].text, REFUSAL)
  t.equal(llm.requests.length, 1, 'only Alice\'s message reached the model')
  t.notMatch(JSON.stringify(llm.requests), /delete everything|please\?/)
  t.notOk(api.callsOf('sendChatAction').some(c => c.body.chat_id === mallory.id), 'not even a typing indicator')
  t.equal(server.app.jobs.list().length, 0)
})

t.test('without ALLOWED_CHAT_USERS the bot serves anyone and warns at startup', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [], { text: 'At your service.' })
  t.teardown(async () => { await api.close(); await llm.close() })
  const { logs } = await startBot(t, { api, server, llmUrl: llm.url })
  const warning = logs.map(l => JSON.parse(l)).find(l => l.msg === OPEN_BOT_WARNING)
  t.ok(warning, 'the open-bot warning is logged')
  t.equal(warning.level, 40, 'at warn level')
  api.sendText(mallory, 'hello')
  await api.waitFor(() => api.sentTo(mallory.id).find(m => m.text === 'At your service.'), undefined, 'an answer')
  t.equal(llm.requests.length, 1)
})
