// The 2026-07-28 hot path (plugins/mcp/bridge/modern-call.ts): a plain tools/call answered without the SDK's
// per-request server must be answered exactly as the SDK answers it. A harmless extra _meta key (the SDK hands
// it to the handler, which ignores it) keeps the same request on the SDK's path, so each case compares the two
// answers byte for byte; requests the hot path does not take are shown to stay with the SDK.
import t from 'tap'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { ACTOR_META } from '../../../../core/principal.js'
import { TEST_INTERNAL_KEY, buildTestApp } from '../../../helpers/build.js'
import { listenMcp, postMcp } from '../../../helpers/mcp-client.js'
import { admitModernCall, envelopeVerdicts, type ModernCallRules } from '../../../../plugins/mcp/bridge/modern-call.js'
import { canShowForm } from '../../../../plugins/mcp/apps/person-confirm.js'
import { mcpTestTools } from '../test-tools.js'

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {}
}
const PROBE = { 'test.example/probe': 1 }

function call (id: number, name: string, args: Record<string, unknown>, meta: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: { ...ENVELOPE, ...meta } } }
}
const routing = (name: string) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name })

function comparable (res: { status: number, headers: Headers, text: string }) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'))
  return { status: res.status, headers, text: res.text }
}

const rules: ModernCallRules = {
  plainTool: name => ['echo_text', 'who_am_i', 'slow_steps'].includes(name),
  cannotAskPerson: capabilities => !canShowForm(capabilities)
}

t.test('a 2026-07-28 tools/call on the hot path equals the SDK answer', async t => {
  const { app } = await buildTestApp(t, { build: { extraTools: mcpTestTools } })
  const url = await listenMcp(app)
  // The first request builds a protocol server, which tells the plugin the hot path may be taken.
  await postMcp(url, call(1, 'echo_text', { text: 'warm' }, PROBE), routing('echo_text'))

  const cases: Array<[string, string, Record<string, unknown>, Record<string, unknown>?]> = [
    ['a result', 'echo_text', { text: 'hi' }],
    ['a refusal of the arguments (isError, _meta first)', 'echo_text', { text: 'far more than twenty characters' }],
    ['the internal principal acting for a person', 'who_am_i', {}, { [ACTOR_META]: 'telegram:42' }],
    ['a tool that would report progress, asked for none', 'slow_steps', { steps: 1 }]
  ]
  let id = 10
  for (const [what, name, args, meta] of cases) {
    await t.test(what, async t => {
      const body = call(id++, name, args, meta)
      t.ok(admitModernCall({ 'content-type': 'application/json', ...routing(name) }, body, rules), 'taken by the hot path')
      const hot = await postMcp(url, body, routing(name))
      const viaSdk = await postMcp(url, call(body.id, name, args, { ...meta, ...PROBE }), routing(name))
      t.equal(hot.status, 200)
      t.same(comparable(hot), comparable(viaSdk))
    })
  }

  await t.test('requests it does not take are answered by the SDK', async t => {
    const mismatch = await postMcp(url, call(20, 'echo_text', { text: 'x' }), routing('who_am_i'))
    t.equal(mismatch.status, 400, 'Mcp-Name disagreeing with the body')
    t.match(JSON.parse(mismatch.text), { error: { message: /Mcp-Name/ } })
    const unknown = await postMcp(url, call(21, 'no_such_tool', {}), routing('no_such_tool'))
    t.match(JSON.parse(unknown.text), { error: { code: -32602, message: /no_such_tool/ } })
  })

  await t.test("a real SDK client's plain call is one the hot path takes", async t => {
    const sent: Array<{ headers: Headers, body: string }> = []
    const transport = new StreamableHTTPClientTransport(url, {
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers)
        headers.set('authorization', `Bearer ${TEST_INTERNAL_KEY}`)
        if (typeof init?.body === 'string') sent.push({ headers, body: init.body })
        return await fetch(input, { ...init, headers })
      }
    })
    const client = new Client({ name: 'hot-path-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
    await client.connect(transport)
    t.teardown(() => client.close())
    const echo = await client.callTool({ name: 'echo_text', arguments: { text: 'real' } })
    t.same(echo.structuredContent, { echo: 'real' })
    const request = sent.find(s => s.body.includes('"tools/call"'))!
    t.ok(admitModernCall(Object.fromEntries(request.headers), JSON.parse(request.body), rules))
  })
})

const headers = { 'content-type': 'application/json', ...routing('echo_text') }
const plain = call(1, 'echo_text', { text: 'x' })

function refusedCases () {
  const refused: Array<[string, unknown, Record<string, string>?]> = [
    ['a progress token (progress notifications)', call(1, 'echo_text', {}, { progressToken: 'p' })],
    ['a log level (log notifications)', call(1, 'echo_text', {}, { 'io.modelcontextprotocol/logLevel': 'info' })],
    ['a client that can be asked through a form', call(1, 'echo_text', {}, { 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } })],
    ['a tool that may run as a task (or is not ours)', call(1, 'hold_job', {})],
    ['a retry carrying request state', { ...plain, params: { ...plain.params, requestState: 's' } }],
    ['a batch', [plain]],
    ['an envelope missing its client info', call(1, 'echo_text', {}, { 'io.modelcontextprotocol/clientInfo': undefined })],
    ['a malformed envelope', call(1, 'echo_text', {}, { 'io.modelcontextprotocol/clientInfo': 'raw' })],
    ['another protocol version', plain, { 'mcp-protocol-version': '2025-11-25' }],
    ['no Mcp-Name header', plain, { 'mcp-name': '' }],
    ['a text/plain body', plain, { 'content-type': 'text/plain' }]
  ]
  return refused.map(([what, body, changed]) => ({
    what,
    headers: Object.fromEntries(Object.entries({ ...headers, ...changed }).filter(([, v]) => v !== '')),
    body: JSON.parse(JSON.stringify(body)) as unknown
  }))
}

t.test('what the hot path leaves to the SDK', async t => {
  t.ok(admitModernCall(headers, plain, rules), 'a plain call is taken')
  for (const { what, headers, body } of refusedCases()) t.equal(admitModernCall(headers, body, rules), undefined, what)
})

t.test('an envelope the SDK accepted once is not classified again, and nothing else is let through', async t => {
  const kept = envelopeVerdicts(2)
  const seen = { kept: 0 }
  const classified = { has: (key: string) => kept.has(key), add: (key: string) => { seen.kept++; kept.add(key) } }
  const cached = { ...rules, classified }
  t.ok(admitModernCall(headers, plain, cached), 'a plain call is taken')
  t.equal(seen.kept, 1, 'its envelope is kept once the SDK accepted it')
  const again = admitModernCall(headers, call(2, 'echo_text', { text: 'y' }), cached)
  t.same(again && { id: again.id, args: again.args }, { id: 2, args: { text: 'y' } }, 'the next call with that envelope is taken, with its own id and arguments')
  t.equal(seen.kept, 1, 'without asking the SDK again')
  // Every request refused without the kept verdict is refused with it.
  for (const { what, headers, body } of refusedCases()) t.equal(admitModernCall(headers, body, cached), undefined, what)
  t.equal(seen.kept, 1, 'no refused envelope is kept')
  // Another client's envelope is classified (and kept while there is room), a third one past the cap is not kept.
  const other = (n: number) => call(3, 'echo_text', {}, { 'io.modelcontextprotocol/clientInfo': { name: `client ${n}`, version: '1' } })
  t.ok(admitModernCall(headers, other(1), cached))
  t.ok(admitModernCall(headers, other(2), cached), 'an envelope past the cap is still classified and taken')
  t.notOk(kept.has(JSON.stringify(other(2).params._meta)), 'but not kept')
})
