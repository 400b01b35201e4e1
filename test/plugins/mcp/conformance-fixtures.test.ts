// The conformance fixtures live in the test server only: the app built with them (as scripts/test-server.ts
// builds it) publishes the raw fixture tools, resources and prompts in both eras, and the production app
// publishes none of them. Also pins the raw-tool hook: listed after the registry's tools, dispatched first.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../helpers/build.js'
import { connectClient, listenMcp, postMcp } from '../../helpers/mcp-client.js'
import { conformanceTools } from '../../helpers/conformance-tools.js'
import { conformanceFeatures } from '../../helpers/conformance-features.js'
import { contentTools, rawTool, text } from '../../helpers/conformance-content.js'
import type { McpFeature } from '../../../plugins/mcp/features/installed.js'
import { mrtrTools } from '../../helpers/conformance-mrtr.js'
import { TASK_INPUT_TOOL } from '../../helpers/conformance-task-input.js'

const RAW_NAMES = [...contentTools, ...mrtrTools].map(tool => tool.definition.name).concat('json_schema_2020_12_tool', 'test_custom_header', TASK_INPUT_TOOL)
const FIXTURE_NAMES = [...RAW_NAMES, ...conformanceTools.map(tool => tool.name)]

/** Runs `check` with a client of each era against the app. */
async function inEachEra (t: Test, app: FastifyInstance, check: (t: Test, client: Client) => Promise<void>) {
  const url = await listenMcp(app)
  for (const mode of ['legacy', { pin: '2026-07-28' }] as const) {
    await t.test(`client mode ${JSON.stringify(mode)}`, async t => {
      const { client } = await connectClient(url, { mode })
      t.teardown(() => client.close())
      await check(t, client)
    })
  }
}

t.test('the fixture server publishes every fixture, in both eras', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: conformanceTools, plugins: { mcp: { extraFeatures: conformanceFeatures } } } })
  await inEachEra(t, app, async (t, client) => {
    const { tools } = await client.listTools()
    const names = tools.map(tool => tool.name)
    t.same(names.slice(0, app.tools.list().length), app.tools.list().map(tool => tool.name), 'the registry\'s tools come first, unchanged')
    t.same(names.slice(app.tools.list().length).sort(), [...RAW_NAMES].sort(), 'then the raw fixture tools')
    t.match(tools.find(tool => tool.name === 'json_schema_2020_12_tool')?.inputSchema,
      { $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { address: { $anchor: 'addressDef' } }, if: {}, then: {}, else: {} }, 'a raw schema is published verbatim')

    const image = await client.callTool({ name: 'test_image_content', arguments: {} })
    t.match(image.content, [{ type: 'image', mimeType: 'image/png', data: /^iVBOR/ }], 'a raw tool answers with content the registry cannot express')
    const audio = await client.callTool({ name: 'test_audio_content', arguments: {} })
    t.equal(Buffer.from((audio.content as Array<{ data: string }>)[0]!.data, 'base64').subarray(0, 4).toString(), 'RIFF', 'the audio fixture is a WAV')
    t.match(await client.callTool({ name: 'test_simple_text', arguments: {} }), { structuredContent: { message: /simple text/ } }, 'registry tools still dispatch')

    const { resources } = await client.listResources()
    t.ok(resources.some(resource => resource.uri === 'test://static-text'))
    t.match(await client.readResource({ uri: 'test://template/42/data' }), { contents: [{ text: /42/ }] })
    const prompt = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } })
    t.match(prompt.messages, [{ content: { text: /arg1='a', arg2='b'/ } }])
    const completion = await client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'par' } })
    t.same(completion.completion.values, ['paris', 'park', 'party'])
  })
})

t.test('the production app publishes no fixture', async t => {
  const { app } = await buildTestApp(t)
  await inEachEra(t, app, async (t, client) => {
    const { tools } = await client.listTools()
    t.equal(tools.length, app.tools.list().length, 'tools/list is the registry\'s list alone')
    t.same(tools.map(tool => tool.name).filter(name => FIXTURE_NAMES.includes(name)), [])
    t.notOk(tools.some(tool => tool.name.startsWith('test_')))
    await t.rejects(client.callTool({ name: 'test_image_content', arguments: {} }), /Unknown tool|not found/i, 'no raw fixture tool answers')
    const capabilities = client.getServerCapabilities()
    if (capabilities?.resources) t.notOk((await client.listResources()).resources.some(r => r.uri.startsWith('test://')), 'no fixture resource')
    if (capabilities?.prompts) t.notOk((await client.listPrompts()).prompts.some(p => p.name.startsWith('test_')), 'no fixture prompt')
  })
})

t.test('a raw tool\'s x-mcp-header argument is checked against its Mcp-Param header before it runs', async t => {
  const { app } = await buildTestApp(t, { build: { plugins: { mcp: { extraFeatures: conformanceFeatures } } } })
  const url = await listenMcp(app)
  const call = (headers: Record<string, string>) => postMcp(url, {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: {
      name: 'test_custom_header',
      arguments: { region: 'north' },
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
    }
  }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'test_custom_header', ...headers })

  const matching = await call({ 'mcp-param-region': 'north' })
  t.equal(matching.status, 200)
  t.match(matching.text, /Region: north/)
  for (const [label, headers] of [['missing', {}], ['different', { 'mcp-param-region': 'south' }], ['bad Base64', { 'mcp-param-region': '=?base64?bm9ydGg?=' }]] as const) {
    const refused = await call(headers)
    t.equal(refused.status, 400, `${label} header: 400`)
    t.match(JSON.parse(refused.text), { error: { code: -32020 } }, `${label} header: HeaderMismatch`)
  }
})

/** A raw 2026-07-28 tools/call of a fixture tool; returns the parsed JSON-RPC reply. */
async function modernCall (url: URL, name: string, extra: Record<string, unknown> = {}) {
  const res = await postMcp(url, {
    jsonrpc: '2.0',
    id: 9,
    method: 'tools/call',
    params: { name, arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } }, ...extra }
  }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name })
  return JSON.parse(res.text)
}

t.test('input_required fixtures: a sealed state is checked, and a 2025 session gets real client requests', async t => {
  const { app } = await buildTestApp(t, { build: { plugins: { mcp: { extraFeatures: conformanceFeatures } } } })
  const url = await listenMcp(app)

  const first = await modernCall(url, 'test_input_required_result_tampered_state')
  t.match(first.result, { resultType: 'input_required', inputRequests: { ok: { method: 'elicitation/create' } }, requestState: /^v1\./ })
  const answer = { inputResponses: { ok: { action: 'accept', content: { ok: 'yes' } } } }
  t.match((await modernCall(url, 'test_input_required_result_tampered_state', { ...answer, requestState: first.result.requestState })).result,
    { content: [{ text: /intact/ }] }, 'the state minted in round 1 is accepted')
  // Same MAC, payload rewritten (the codec signs, it does not encrypt: the client can read and edit the body).
  const [version, body, mac] = first.result.requestState.split('.')
  const edited = Buffer.from(body, 'base64url').toString().replace('"sealed"', '"forged"')
  t.not(edited, Buffer.from(body, 'base64url').toString(), 'the payload was edited')
  const tampered = [version, Buffer.from(edited).toString('base64url'), mac].join('.')
  t.match(await modernCall(url, 'test_input_required_result_tampered_state', { ...answer, requestState: tampered }),
    { error: { code: -32602, message: /integrity/ } }, 'an altered state is refused')

  const client = new Client({ name: 'elicits', version: '1' }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: 'legacy' } })
  const asked: unknown[] = []
  client.setRequestHandler('elicitation/create', async request => {
    asked.push(request.params)
    return { action: 'accept', content: { username: 'ann', email: 'ann@example.org' } }
  })
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } } }))
  t.teardown(() => client.close())
  const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who are you?' } })
  t.match(asked, [{ message: 'Who are you?', requestedSchema: { required: ['username', 'email'] } }], 'the SDK sent the elicitation to the client')
  t.match(result.content, [{ type: 'text', text: /action=accept, content=\{"username":"ann"/ }])
})

t.test('a raw tool cannot shadow a registry tool', async t => {
  let refused: unknown
  const shadow: McpFeature = ({ app, addTool }) => {
    try {
      addTool(rawTool('test_simple_text', 'A raw tool named like a registry tool', async () => text('shadowed')))
    } catch (err) { refused = err }
  }
  const { app } = await buildTestApp(t, { build: { extraTools: conformanceTools, plugins: { mcp: { extraFeatures: [shadow] } } } })
  await inEachEra(t, app, async (t, client) => {
    t.match(refused, /would shadow the registry's tool/)
    t.match(await client.callTool({ name: 'test_simple_text', arguments: {} }), { structuredContent: { message: /simple text/ } }, 'the registry tool answers')
  })
})
