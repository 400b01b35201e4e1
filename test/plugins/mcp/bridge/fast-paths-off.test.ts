// MCP_FAST_PATHS: the same requests, answered by an app with the fast paths on and by one with them off (every
// request through the SDK), must come back byte for byte the same: results and error replies alike (unknown
// tool, bad arguments, a foreign or expired session, an expired task), in both protocol eras. The counts show
// which way each app went, so a fast path that stopped taking its requests is seen too.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import type { Principal } from '../../../../core/principal.js'
import { buildTestApp } from '../../../helpers/build.js'
import { APPS_CAPABILITIES, listenMcp, postMcp } from '../../../helpers/mcp-client.js'
import { mcpTestTools } from '../test-tools.js'

const OTHER_TOKEN = 'other-principal-token-0123456789abcdef'
const OTHER: Principal = { id: 'oauth:grant-2', kind: 'oauth', clientId: 'client-2', scopes: ['mcp'] }
const MODERN = '2026-07-28'
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } }

interface Side { app: FastifyInstance, url: URL, sid: string, appsSid: string }

async function side (t: Parameters<typeof buildTestApp>[0], fastPaths: 'on' | 'off'): Promise<Side> {
  const { app } = await buildTestApp(t, { config: { MCP_FAST_PATHS: fastPaths }, build: { extraTools: mcpTestTools } })
  app.setAccessTokenVerifier(token => token === OTHER_TOKEN ? OTHER : undefined)
  const url = await listenMcp(app)
  const open = async (capabilities: Record<string, unknown>) => {
    const init = await postMcp(url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw', version: '1' } } })
    const sid = init.headers.get('mcp-session-id')!
    await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' })
    return sid
  }
  return { app, url, sid: await open({}), appsSid: await open(APPS_CAPABILITIES) }
}

/** Status, headers but the date, and the body, with this side's session id replaced by a placeholder. */
function comparable (res: { status: number, headers: Headers, text: string }, s: Side) {
  const hide = (v: string) => v.replaceAll(s.sid, '<sid>').replaceAll(s.appsSid, '<apps-sid>')
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date').map(([k, v]) => [k, hide(v)]))
  return { status: res.status, headers, text: hide(res.text) }
}

const envelope = (capabilities: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': capabilities
})

type Ask = (s: Side) => { body: unknown, headers: Record<string, string> }

const legacy = (id: number | string, method: string, params?: Record<string, unknown>, o: { apps?: boolean, token?: string } = {}): Ask => s => ({
  body: { jsonrpc: '2.0', id, method, ...(params && { params }) },
  headers: {
    'mcp-session-id': o.apps ? s.appsSid : s.sid,
    'mcp-protocol-version': '2025-11-25',
    ...(o.token && { authorization: `Bearer ${o.token}` })
  }
})

const modern = (id: number | string, method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>): Ask => () => ({
  body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(capabilities) } },
  headers: {
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(typeof params.name === 'string' && { 'mcp-name': params.name }),
    ...(typeof params.taskId === 'string' && { 'mcp-name': params.taskId })
  }
})

const CASES: Array<[string, Ask]> = [
  ['2025: tools/list', legacy(2, 'tools/list')],
  ['2025: tools/list for an Apps client', legacy(3, 'tools/list', undefined, { apps: true })],
  ['2025: tools/list again (the prepared body)', legacy(12, 'tools/list')],
  ['2025: tools/list again for an Apps client, empty params', legacy(13, 'tools/list', {}, { apps: true })],
  ['2025: a plain call', legacy(4, 'tools/call', { name: 'echo_text', arguments: { text: 'hi' } })],
  ['2025: an unknown tool', legacy(5, 'tools/call', { name: 'no_such_tool', arguments: {} })],
  ['2025: bad arguments (too long)', legacy(6, 'tools/call', { name: 'echo_text', arguments: { text: 'far more than twenty characters' } })],
  ['2025: bad arguments (wrong type)', legacy(7, 'tools/call', { name: 'echo_text', arguments: { text: 5 } })],
  ['2025: arguments that are not an object', legacy(8, 'tools/call', { name: 'echo_text', arguments: 'text' })],
  ['2025: a call that logs, on a session that set no log level', legacy(14, 'tools/call', { name: 'slow_steps', arguments: { steps: 2 } })],
  ['2025: a call with progress (the session server answers it)', legacy(15, 'tools/call', { name: 'slow_steps', arguments: { steps: 1 }, _meta: { progressToken: 'p' } })],
  ['2025: a call naming an actor', legacy(16, 'tools/call', { name: 'who_am_i', arguments: {}, _meta: { 'io.mediastack/actor': 'person-1' } })],
  ['2025: a call with no arguments', legacy(17, 'tools/call', { name: 'who_am_i' })],
  ['2025: a call from an Apps client', legacy(18, 'tools/call', { name: 'echo_text', arguments: { text: 'hi' } }, { apps: true })],
  ['2025: a foreign session', legacy(9, 'tools/call', { name: 'echo_text', arguments: { text: 'hi' } }, { token: OTHER_TOKEN })],
  ['2025: an expired session', s => ({ ...legacy(10, 'tools/list')(s), headers: { 'mcp-session-id': 'ended-session', 'mcp-protocol-version': '2025-11-25' } })],
  ['2025: an expired task', legacy(11, 'tasks/get', { taskId: 'expired-task-0001' })],
  ['2026: tools/list', modern(20, 'tools/list', {})],
  ['2026: tools/list for an Apps client', modern(21, 'tools/list', {}, APPS_CAPABILITIES)],
  ['2026: tools/list again (the prepared body)', modern('list-27', 'tools/list', {})],
  ['2026: tools/list again for an Apps client', modern(28, 'tools/list', {}, APPS_CAPABILITIES)],
  ['2026: a plain call', modern(22, 'tools/call', { name: 'echo_text', arguments: { text: 'hi' } })],
  ['2026: an unknown tool', modern(23, 'tools/call', { name: 'no_such_tool', arguments: {} })],
  ['2026: bad arguments (too long)', modern(24, 'tools/call', { name: 'echo_text', arguments: { text: 'far more than twenty characters' } })],
  ['2026: bad arguments (wrong type)', modern(25, 'tools/call', { name: 'echo_text', arguments: { text: 5 } })],
  ['2026: an expired task', modern(26, 'tasks/get', { taskId: 'expired-task-0001' }, TASKS)]
]

t.test('fast paths on and off answer the same bytes', async t => {
  const on = await side(t, 'on')
  const off = await side(t, 'off')
  t.equal(on.app.mcpFastPaths.on, true)
  t.equal(off.app.mcpFastPaths.on, false, 'MCP_FAST_PATHS=off reaches the plugin')

  for (const [what, ask] of CASES) {
    await t.test(what, async t => {
      const a = ask(on)
      const b = ask(off)
      const fast = await postMcp(on.url, a.body, a.headers)
      const sdk = await postMcp(off.url, b.body, b.headers)
      t.same(comparable(fast, on), comparable(sdk, off))
      t.not(fast.text, '', 'an answer came')
    })
  }

  await t.test('a tools/list answered from the prepared body frees its id (the next request may use it)', async t => {
    for (let i = 0; i < 2; i++) {
      const again = await postMcp(on.url, { jsonrpc: '2.0', id: 'reused', method: 'tools/list' }, { 'mcp-session-id': on.sid, 'mcp-protocol-version': '2025-11-25' })
      t.match(again.text, /"result":\{"tools":/, `request ${i + 1} answered with the list`)
    }
  })

  t.same(off.app.mcpFastPaths.served, { directCall: 0, directAnswer: 0, directList: 0, modernCall: 0, modernList: 0 }, 'off: nothing took a fast path')
  const served = on.app.mcpFastPaths.served
  t.ok(served.directCall >= 2 && served.directAnswer >= 7 && served.modernCall >= 2, `on: the call fast paths were taken (${JSON.stringify(served)})`)
  t.equal(served.directList, 4, 'on: the repeated 2025 tools/list came from the prepared body')
  t.equal(served.modernList, 2, 'on: the repeated 2026 tools/list came from the prepared body')
})
