// A conversation through the bot: search → add over MCP with per-chat history, "typing" while it works,
// one reply per turn split at Telegram's 4096-character limit, and /new forgetting the history.
import t from 'tap'
import { GREETING, NEW_CONVERSATION, TEXT_ONLY } from '../../bot/replies.js'
import { TOOLS_UNREACHABLE } from '../../bot/turns.js'
import { FAKE_BOT_TOKEN, startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { TEST_INTERNAL_KEY } from '../helpers/build.js'
import { LLM_KEY, startBot, startToolServer } from './harness.js'

const alice = { id: 111, first_name: 'Alice' }

t.test('search → add, remembering the conversation', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [
    { toolCalls: [{ name: 'movies_search', args: { query: 'heat' } }], text: 'Looking.' },
    { text: 'I found Heat (1995) and Heat Wave (2020). Which one?' },
    { toolCalls: [{ name: 'movies_add', args: { id: 11 } }] },
    { text: 'Added Heat (1995).' }
  ])
  t.teardown(async () => { await api.close(); await llm.close() })
  const { logs } = await startBot(t, { api, server, llmUrl: llm.url, allowed: String(alice.id) })

  api.sendText(alice, '/start')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === GREETING), undefined, 'the greeting')
  t.equal(llm.requests.length, 0, '/start needs no model')

  api.sendText(alice, 'find heat')
  const first = await api.waitFor(() => api.sentTo(alice.id).find(m => /Which one/.test(m.text)), undefined, 'the search answer')
  t.equal(first.text, 'Looking.\n\nI found Heat (1995) and Heat Wave (2020). Which one?', 'the turn\'s text comes as one message')
  t.match(llm.requests[1].messages.at(-1), { role: 'tool', content: /Heat \(1995\) \[11\]/ }, 'the search ran on the tool server')
  t.ok(api.callsOf('sendChatAction').some(c => c.body.chat_id === alice.id && c.body.action === 'typing'), 'typing shown')

  api.sendText(alice, 'the 1995 one')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === 'Added Heat (1995).'), undefined, 'the add answer')
  t.same(server.library, ['Heat (1995)'], 'the add ran once, through MCP')
  const history = llm.requests[2].messages.map((m: { content?: string }) => m.content)
  t.ok(history.includes('find heat') && history.includes('the 1995 one'), 'the model saw the chat\'s history')
  t.equal(api.sentTo(alice.id).length, 3, 'one message per turn (greeting, two answers)')

  api.sendText(alice, '/new')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === NEW_CONVERSATION), undefined, '/new')
  api.sendText(alice, 'hello again')
  await api.waitFor(() => llm.requests.length === 5, undefined, 'the next model request')
  t.notMatch(JSON.stringify(llm.requests[4].messages), /find heat/, 'a fresh conversation after /new')

  const everything = api.rawBodies.join('\n') + JSON.stringify(llm.requests) + logs.join('')
  t.notOk(everything.includes(TEST_INTERNAL_KEY), 'the internal key is never sent to Telegram or the model, nor logged')
  t.notOk(logs.join('').includes(FAKE_BOT_TOKEN), 'the bot token is never logged')
  t.notOk(logs.join('').includes(LLM_KEY))
})

t.test('a long answer is split into messages of at most 4096 characters; other media get a short note', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const paragraph = 'Episode list line with some words in it. '.repeat(20).trim()
  const long = Array.from({ length: 14 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n\n')
  const llm = await startFakeLlm('openai', [{ text: long }])
  t.teardown(async () => { await api.close(); await llm.close() })
  await startBot(t, { api, server, llmUrl: llm.url })
  t.ok(long.length > 8192)

  api.sendText(alice, 'list everything')
  const texts = () => api.sentTo(alice.id).map(m => m.text)
  await api.waitFor(() => texts().join('\n\n') === long, undefined, 'the whole answer')
  t.ok(texts().length >= 3, 'several messages')
  t.ok(texts().every(p => p.length <= 4096), 'each within the limit')
  t.ok(texts().every(p => /^\d+\. Episode/.test(p)), 'split at paragraph breaks')

  // A sticker or photo has no text: the model is not asked.
  const before = llm.requests.length
  api.sendSticker(alice)
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === TEXT_ONLY), undefined, 'the text-only note')
  t.equal(llm.requests.length, before)
})

t.test('with the tool server down, the person is told and the model is not asked', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [], { text: 'Back again.' })
  t.teardown(async () => { await api.close(); await llm.close() })
  await startBot(t, { api, server, llmUrl: llm.url })
  await server.app.close()
  api.sendText(alice, 'anything new?')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === TOOLS_UNREACHABLE), undefined, 'the unreachable note')
  t.equal(llm.requests.length, 0)
  await server.restart()
  api.sendText(alice, 'and now?')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text === 'Back again.'), undefined, 'an answer once the server is back')
})
