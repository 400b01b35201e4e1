// /api/chat over app.inject against a local fake OpenAI-compatible provider: streamed text, a tool call
// through the registry, a destructive action that waits for the person's confirm, conversations bound to
// the credential that created them, and a clear error when no provider is configured.
import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../core/tool-types.js'
import { CHAT_EVENTS } from '../../routes/api/chat.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { startFakeLlm, type Scripted } from '../helpers/fake-llm.js'
import { oauthLogin } from '../helpers/oauth-client.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

const countTool = defineTool({
  name: 'count_items',
  title: 'Count items',
  description: 'Counts the items in a list.',
  inputSchema: Type.Object({ items: Type.Array(Type.String({ description: 'An item' }), { description: 'Items' }) }, { additionalProperties: false }),
  outputSchema: Type.Object({ count: Type.Integer({ description: 'How many' }) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async args => ({ data: { count: args.items.length }, summary: `There are ${args.items.length} items.` })
})

function deleteNoteTool (dir: () => string) {
  return defineTool({
    name: 'delete_note',
    title: 'Delete a note',
    description: 'Deletes <name>.txt under the media root.',
    inputSchema: Type.Object({ name: Type.String({ description: 'Note name', pattern: '^[a-z]+$' }) }, { additionalProperties: false }),
    outputSchema: Type.Object({ deleted: Type.String({ description: 'Deleted file' }) }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    confirm: { preview: async args => ({ summary: `Delete ${args.name}.txt.`, targets: [`${args.name}.txt`] }) },
    handler: async args => {
      const { rmSync } = await import('node:fs')
      rmSync(join(dir(), `${args.name}.txt`))
      return { data: { deleted: `${args.name}.txt` }, summary: `Deleted ${args.name}.txt.` }
    }
  })
}

interface Ev { event: string, data: any }
function events (body: string): Ev[] {
  return body.split('\n\n').filter(b => b.includes('data: ')).map(block => ({
    event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
    data: JSON.parse(block.split('\n').filter(l => l.startsWith('data: ')).map(l => l.slice(6)).join('\n'))
  }))
}

async function setup (t: { teardown: (fn: () => unknown) => void }, script: Scripted[]) {
  const llm = await startFakeLlm('openai', script)
  t.teardown(llm.close)
  let media = ''
  const built = await buildTestApp(t, {
    web: true,
    config: { LLM_PROVIDER_A_API_KEY: 'fake-llm-key-0123456789', LLM_PROVIDER_A_BASE_URL: llm.url },
    build: { extraTools: [countTool, deleteNoteTool(() => media)] }
  })
  media = built.roots.media
  return { ...built, llm }
}

const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = auth) =>
  app.inject({ method: 'POST', url, payload, headers })

t.test('both routes need a bearer and an allowed origin', async t => {
  const { app } = await buildTestApp(t, { web: true })
  for (const [url, payload] of [['/api/chat', { message: 'hi' }], ['/api/chat/confirm', { conversationId: 'c', confirmationId: 'x', approve: true }]] as const) {
    t.equal((await post(app, url, payload, {})).statusCode, 401, `${url} without a token`)
    t.equal((await post(app, url, payload, { ...auth, origin: 'https://evil.example' })).statusCode, 403, `${url} from a foreign origin`)
  }
})

t.test('without a provider the stream says which variables to set', async t => {
  const { app } = await buildTestApp(t, { web: true })
  const res = await post(app, '/api/chat', { message: 'hello' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/event-stream/)
  const evs = events(res.body)
  t.equal(evs.length, 1)
  t.match(evs[0], { event: 'error', data: { type: 'error', message: /LLM_PROVIDER_A_API_KEY.*LLM_PROVIDER_B_API_KEY/ } })
})

t.test('GET /api/chat/status says whether a model is configured, and if not what to set', async t => {
  const { app: without } = await buildTestApp(t, { web: true })
  const none = await without.inject({ method: 'GET', url: '/api/chat/status', headers: auth })
  t.equal(none.statusCode, 200)
  t.match(none.json(), { configured: false, message: /No language model is configured.*LLM_PROVIDER_A_API_KEY.*LLM_PROVIDER_B_API_KEY/ })
  t.equal((await without.inject({ method: 'GET', url: '/api/chat/status' })).statusCode, 401, 'needs a bearer like the other chat routes')
  const { app } = await setup(t, [])
  t.same((await app.inject({ method: 'GET', url: '/api/chat/status', headers: auth })).json(), { configured: true })
})

t.test('a message streams text and runs a tool through the registry', async t => {
  const { app, llm } = await setup(t, [
    { toolCalls: [{ name: 'count_items', args: { items: ['a', 'b', 'c'] } }] },
    { text: 'You have three items.' }
  ])
  const res = await post(app, '/api/chat', { message: 'how many items?' })
  t.equal(res.statusCode, 200)
  const evs = events(res.body)
  for (const e of evs) t.ok(Value.Check((CHAT_EVENTS as Record<string, any>)[e.event], e.data), `${e.event} matches its schema`)
  t.equal(evs[0].event, 'conversation')
  const conversationId = evs[0].data.conversationId
  t.match(evs.find(e => e.event === 'tool_start')?.data, { name: 'count_items', args: { items: ['a', 'b', 'c'] } })
  t.match(evs.find(e => e.event === 'tool_end')?.data, { name: 'count_items', ok: true, summary: 'There are 3 items.' })
  t.equal(evs.filter(e => e.event === 'text').map(e => e.data.delta).join(''), 'You have three items.')
  t.same(evs.at(-1), { event: 'done', data: { type: 'done', conversationId } })
  t.notOk(res.body.includes('fake-llm-key'), 'the provider key never reaches the page')

  llm.script.push({ text: 'Still three.' })
  const again = await post(app, '/api/chat', { message: 'and now?', conversationId })
  t.equal(events(again.body).filter(e => e.event === 'text').map(e => e.data.delta).join(''), 'Still three.')
  t.match(llm.requests.at(-1).messages.map((m: { role: string }) => m.role), ['system', 'user', 'assistant', 'tool', 'assistant', 'user'], 'the conversation carried its history')
})

t.test('a destructive action waits for the person; confirm runs it, the token never shows', async t => {
  const { app, roots, llm } = await setup(t, [
    { toolCalls: [{ name: 'delete_note', args: { name: 'old' } }] },
    { text: 'Deleted it.' }
  ])
  const file = join(roots.media, 'old.txt')
  writeFileSync(file, 'x')
  const first = events((await post(app, '/api/chat', { message: 'delete the old note' })).body)
  const conversationId = first[0].data.conversationId
  const ask = first.find(e => e.event === 'confirmation')
  t.match(ask?.data, { tool: 'delete_note', summary: 'Delete old.txt.', targets: ['old.txt'], id: String, expiresAt: String })
  t.notOk(first.some(e => e.event === 'tool_end'), 'nothing ran yet')
  t.ok(existsSync(file))
  t.notMatch(JSON.stringify(first), /confirmToken/, 'the confirm token is not on the stream')

  const wrong = await post(app, '/api/chat/confirm', { conversationId, confirmationId: 'not-the-id', approve: true })
  t.match(events(wrong.body).find(e => e.event === 'error')?.data, { message: /unknown or was already answered/ })
  t.ok(existsSync(file))

  const yes = events((await post(app, '/api/chat/confirm', { conversationId, confirmationId: ask!.data.id, approve: true })).body)
  t.match(yes.find(e => e.event === 'tool_end')?.data, { name: 'delete_note', ok: true, summary: 'Deleted old.txt.' })
  t.equal(yes.filter(e => e.event === 'text').map(e => e.data.delta).join(''), 'Deleted it.')
  t.equal(yes.at(-1)?.event, 'done')
  t.notOk(existsSync(file), 'the person\'s yes ran it')
  t.equal(llm.requests.length, 2, 'the turn paused for the person without asking the model again')
  t.notOk(JSON.stringify(llm.requests).includes('confirmToken"'), 'the model never saw a token field')
})

t.test('conversations belong to the credential that created them', async t => {
  const { app } = await setup(t, [{ text: 'Hi.' }])
  const mine = events((await post(app, '/api/chat', { message: 'hi' })).body)[0].data.conversationId
  const other = await oauthLogin(app)
  const res = await post(app, '/api/chat', { message: 'hi', conversationId: mine }, { authorization: `Bearer ${other.tokens.access_token}` })
  t.equal(res.statusCode, 404)
  t.match(res.json(), { error: 'unknown_conversation', message: 'Unknown conversation.', hint: String })
  const confirm = await post(app, '/api/chat/confirm', { conversationId: mine, confirmationId: 'x', approve: true }, { authorization: `Bearer ${other.tokens.access_token}` })
  t.equal(confirm.statusCode, 404)
  const never = await post(app, '/api/chat', { message: 'hi', conversationId: 'never-existed' })
  t.same(never.json(), res.json(), 'indistinguishable from one that never existed')
})

t.test('bodies are validated', async t => {
  const { app } = await buildTestApp(t, { web: true })
  for (const payload of [{}, { message: '' }, { message: 'x'.repeat(4001) }, { message: 'hi', extra: 1 }, { message: 'hi', conversationId: '../x' }]) {
    const res = await post(app, '/api/chat', payload)
    t.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 60))
    t.match(res.json(), { error: 'invalid_request', message: String, hint: String })
  }
  t.equal((await post(app, '/api/chat/confirm', { conversationId: 'c', confirmationId: 'x', approve: 'yes' })).statusCode, 400)
})
