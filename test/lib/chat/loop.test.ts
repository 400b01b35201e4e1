// The chat loop against local fake providers speaking the real wire formats, running real tools
// through the registry: streaming, tool calls, fallback A → B, iteration cap, and person-only confirmation.
import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import { defineTool } from '../../../core/tool-types.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import { createConversationStore } from '../../../lib/chat/conversations.js'
import { answerConfirmation, sendMessage, type LoopOptions } from '../../../lib/chat/loop.js'
import { registryRunner } from '../../../lib/chat/registry-runner.js'
import { createOpenAiProvider } from '../../../lib/chat/provider-openai.js'
import { createGeminiProvider } from '../../../lib/chat/provider-gemini.js'
import type { ChatEvent, LlmProvider } from '../../../lib/chat/types.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { startFakeLlm } from '../../helpers/fake-llm.js'

const tagTool = defineTool({
  name: 'tag_items',
  title: 'Tag items',
  description: 'Tags items.',
  inputSchema: Type.Object({
    items: Type.Array(Type.Object({ id: Type.Integer({ description: 'Item id' }), tag: Type.String({ description: 'Tag' }) }, { additionalProperties: false }), { description: 'Items to tag', minItems: 1 }),
    mode: Type.Union([Type.Literal('add'), Type.Literal('replace')], { description: 'How to apply', default: 'add' })
  }, { additionalProperties: false }),
  outputSchema: Type.Object({ tagged: Type.Integer({ description: 'How many' }) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (args) => ({ data: { tagged: args.items.length }, summary: `Tagged ${args.items.length} item(s).` })
})

function deleteTool (mediaRoot: string) {
  return defineTool({
    name: 'delete_note',
    title: 'Delete a note',
    description: 'Deletes notes/<name>.txt under the media root.',
    inputSchema: Type.Object({ name: Type.String({ description: 'Note name', pattern: '^[a-z]+$' }) }, { additionalProperties: false }),
    outputSchema: Type.Object({ deleted: Type.String({ description: 'Deleted path' }) }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    confirm: { preview: async (args) => ({ summary: `Delete notes/${args.name}.txt.`, targets: [`notes/${args.name}.txt`] }) },
    handler: async (args) => {
      const { rmSync } = await import('node:fs')
      rmSync(join(mediaRoot, `${args.name}.txt`))
      return { data: { deleted: `${args.name}.txt` }, summary: `Deleted ${args.name}.txt.` }
    }
  })
}

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const { app } = await buildTestApp(t, { roots, build: { extraTools: [tagTool, deleteTool(roots.media)] } })
  return { app, roots }
}

function harness (app: Awaited<ReturnType<typeof setup>>['app'], providers: LlmProvider[], maxToolRounds = 4) {
  const events: ChatEvent[] = []
  const store = createConversationStore()
  const opts: LoopOptions = { providers, runner: registryRunner(app.tools, INTERNAL_PRINCIPAL), store, emit: e => events.push(e), signal: new AbortController().signal, maxToolRounds }
  return { events, store, opts, conv: store.create(INTERNAL_PRINCIPAL.id) }
}

t.test('provider A streams text and tool calls; tools run through the registry', async t => {
  const { app } = await setup(t)
  const llm = await startFakeLlm('openai', [
    { toolCalls: [{ name: 'tag_items', args: { items: [{ id: 1, tag: 'kids' }, { id: 2, tag: 'kids' }] } }] },
    { text: 'Both items are tagged.' }
  ])
  t.teardown(llm.close)
  const h = harness(app, [createOpenAiProvider({ apiKey: 'k', baseUrl: llm.url, model: 'm' })])
  await sendMessage(h.conv, 'tag 1 and 2 as kids', h.opts)
  const end = h.events.find(e => e.type === 'tool_end')
  t.match(end, { type: 'tool_end', name: 'tag_items', ok: true, summary: 'Tagged 2 item(s).' })
  t.equal(h.events.filter(e => e.type === 'text').map(e => (e as { delta: string }).delta).join(''), 'Both items are tagged.')
  t.equal(h.events.at(-1)?.type, 'done')
  // The tool schema reached the provider faithfully, arrays of objects included, without confirmToken.
  const sent = llm.requests[0].tools.find((x: any) => x.function.name === 'tag_items').function.parameters
  t.equal(sent.properties.items.items.properties.id.type, 'integer')
  t.same(sent.properties.items.items.required, ['id', 'tag'])
  const del = llm.requests[0].tools.find((x: any) => x.function.name === 'delete_note').function.parameters
  t.notOk('confirmToken' in del.properties, 'the model is never told about confirm tokens')
  // The second request carries the tool result back.
  t.match(llm.requests[1].messages.at(-1), { role: 'tool', content: /Tagged 2 item/ })
})

t.test('provider B (Gemini) gets translated schemas and its function calls run', async t => {
  const { app } = await setup(t)
  const llm = await startFakeLlm('gemini', [
    { toolCalls: [{ name: 'tag_items', args: { items: [{ id: 7, tag: 'x' }], mode: 'replace' } }] },
    { text: 'Done.' }
  ])
  t.teardown(llm.close)
  const h = harness(app, [createGeminiProvider({ apiKey: 'k', baseUrl: llm.url, model: 'gemini-test' })])
  await sendMessage(h.conv, 'tag 7', h.opts)
  t.match(h.events.find(e => e.type === 'tool_end'), { ok: true, summary: 'Tagged 1 item(s).' })
  const decl = llm.requests[0].tools[0].functionDeclarations.find((d: any) => d.name === 'tag_items').parameters
  t.same(decl.properties.mode, { type: 'string', enum: ['add', 'replace'], description: 'How to apply' }, 'literal unions become enums')
  t.equal(decl.properties.items.items.type, 'object')
  t.notOk('additionalProperties' in decl, 'keywords Gemini rejects are dropped')
  t.match(llm.requests[1].contents.at(-1).parts[0], { functionResponse: { name: 'tag_items' } })
})

t.test('a failing provider A falls back to provider B', async t => {
  const { app } = await setup(t)
  const a = await startFakeLlm('openai', [{ status: 500 }])
  const b = await startFakeLlm('gemini', [{ text: 'Hello from B.' }])
  t.teardown(async () => { await a.close(); await b.close() })
  const h = harness(app, [createOpenAiProvider({ apiKey: 'k', baseUrl: a.url, model: 'm' }), createGeminiProvider({ apiKey: 'k', baseUrl: b.url, model: 'g' })])
  await sendMessage(h.conv, 'hi', h.opts)
  t.match(h.events.find(e => e.type === 'provider_fallback'), { from: 'provider A', to: 'provider B', reason: /HTTP 500/ })
  t.equal(h.events.filter(e => e.type === 'text').map(e => (e as { delta: string }).delta).join(''), 'Hello from B.')
  t.equal(h.events.at(-1)?.type, 'done')
})

t.test('a model that keeps calling tools is stopped by the iteration cap', async t => {
  const { app } = await setup(t)
  const llm = await startFakeLlm('openai', [], { toolCalls: [{ name: 'tag_items', args: { items: [{ id: 1, tag: 'a' }] } }] })
  t.teardown(llm.close)
  const h = harness(app, [createOpenAiProvider({ apiKey: 'k', baseUrl: llm.url, model: 'm' })], 3)
  await sendMessage(h.conv, 'loop forever', h.opts)
  t.equal(h.events.filter(e => e.type === 'tool_end').length, 3)
  t.match(h.events.at(-1), { type: 'error', message: /Stopped after 3 rounds/ })
  t.equal(llm.requests.length, 4)
})

t.test('destructive actions wait for the person; the model never sees or replays the token', async t => {
  const { app, roots } = await setup(t)
  const file = join(roots.media, 'note.txt')
  writeFileSync(file, 'x')
  const name = 'note'
  const llm = await startFakeLlm('openai', [
    { toolCalls: [{ name: 'delete_note', args: { name, confirmToken: 'made-up-token-0123456789' } }] },
    { text: 'I asked you to confirm.' },
    { text: 'Deleted.' }
  ])
  t.teardown(llm.close)
  const h = harness(app, [createOpenAiProvider({ apiKey: 'k', baseUrl: llm.url, model: 'm' })])
  await sendMessage(h.conv, 'delete it', h.opts)
  const ask = h.events.find(e => e.type === 'confirmation') as Extract<ChatEvent, { type: 'confirmation' }>
  t.ok(ask, 'a confirmation request reached the person')
  t.equal(ask.tool, 'delete_note')
  t.notOk(h.events.some(e => e.type === 'tool_end'), 'nothing ran yet')
  t.ok(existsSync(file), 'the file is still there before the person answers')
  const token = [...h.conv.pending.values()][0].token
  t.notMatch(JSON.stringify(llm.requests), token, 'the token never reached the model')
  await answerConfirmation(h.conv, ask.id, true, h.opts)
  t.notOk(JSON.stringify(llm.requests).includes(token), 'still never reached the model after confirming')
  t.equal(h.events.at(-1)?.type, 'done')
  t.notOk(existsSync(file), 'the person\'s yes ran the previewed action')
  t.match(h.events.find(e => e.type === 'tool_end'), { name: 'delete_note', ok: true })
  await answerConfirmation(h.conv, ask.id, true, h.opts)
  t.match(h.events.at(-2), { type: 'error', message: /unknown or was already answered/ })
})

t.test('onToolResult sees each tool result, the confirmed one too, but not a preview', async t => {
  const { app, roots } = await setup(t)
  writeFileSync(join(roots.media, 'memo.txt'), 'x')
  const llm = await startFakeLlm('openai', [
    { toolCalls: [{ name: 'tag_items', args: { items: [{ id: 1, tag: 'a' }] } }, { name: 'delete_note', args: { name: 'memo' } }] },
    { text: 'Tagged; confirm the delete.' },
    { text: 'Deleted.' }
  ])
  t.teardown(llm.close)
  const h = harness(app, [createOpenAiProvider({ apiKey: 'k', baseUrl: llm.url, model: 'm' })])
  const seen: Array<[string, boolean, unknown]> = []
  h.opts.onToolResult = (name, result) => { seen.push([name, result.isError, result.structured]) }
  await sendMessage(h.conv, 'tag and delete', h.opts)
  t.same(seen, [['tag_items', false, { tagged: 1 }]], 'the preview is not a result')
  const ask = h.events.find(e => e.type === 'confirmation') as Extract<ChatEvent, { type: 'confirmation' }>
  await answerConfirmation(h.conv, ask.id, true, h.opts)
  t.same(seen.map(s => s[0]), ['tag_items', 'delete_note'])
  t.match(seen[1], ['delete_note', false, { deleted: 'memo.txt' }])
})
