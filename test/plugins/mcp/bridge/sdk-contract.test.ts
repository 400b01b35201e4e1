// The MCP SDK members plugins/mcp patches or relies on (plugins/mcp/README.md, "SDK touch points"), probed on
// the SDK alone: an upgrade that removes one, renames it or changes how it is called fails here, by name,
// instead of somewhere downstream as a changed byte. Each case says which of our files relies on it.
import t from 'tap'
import { readFileSync } from 'node:fs'
import {
  CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, McpServer, PROTOCOL_VERSION_META_KEY, ResourceTemplate, SUPPORTED_PROTOCOL_VERSIONS,
  classifyInboundRequest, createMcpHandler, isLegacyRequest,
  type JSONRPCMessage, type ServerContext, type TransportSendOptions
} from '@modelcontextprotocol/server'
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node'
import { Type } from '@sinclair/typebox'
import { claimsModernEnvelope } from '../../../../plugins/mcp/http/era.js'
import { completableArgs } from '../../../../plugins/mcp/features/completions.js'
import { buildSessionParts, replaySession } from '../../../../plugins/mcp/bridge/session-server.js'
import { until } from '../../../helpers/until.js'

const INFO = { name: 'contract', version: '1' }
const principal = { id: 'internal', kind: 'internal' }
const authInfo = { token: '', clientId: 'c', scopes: [], extra: { principal } }
const ENVELOPE = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' },
  [CLIENT_CAPABILITIES_META_KEY]: {}
}

t.test('the @modelcontextprotocol packages are pinned exactly, and installed at those versions', async t => {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }
  const sdk = Object.entries(pkg.dependencies).filter(([name]) => name.startsWith('@modelcontextprotocol/'))
  t.ok(sdk.length >= 4)
  for (const [name, range] of sdk) {
    t.match(range, /^\d+\.\d+\.\d+$/, `${name} is pinned to one version (an upgrade is a deliberate change, checked by this file)`)
    const installed = JSON.parse(readFileSync(new URL(`../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }
    t.equal(installed.version, range, `${name}: the installed version is the pinned one`)
  }
})

t.test('the session transport: send, setSupportedProtocolVersions and onmessage (bridge/direct-exchange.ts, http/request-ids.ts)', async t => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => 'sid-contract' })
  t.type(transport.send, 'function')
  t.type(transport.setSupportedProtocolVersions, 'function')
  t.type(transport.handleRequest, 'function')
  const versions: string[][] = []
  const setSupported = transport.setSupportedProtocolVersions.bind(transport)
  transport.setSupportedProtocolVersions = list => { versions.push([...list]); setSupported(list) }
  const sent: Array<{ message: JSONRPCMessage, options: TransportSendOptions | undefined }> = []
  // Replaced on the instance, as our wrappers do: the protocol layer must look it up there at each send.
  transport.send = async (message, options) => { sent.push({ message, options }) }

  const mcp = new McpServer(INFO, { capabilities: { tools: {}, logging: {} } })
  let seen: ServerContext | undefined
  mcp.server.setRequestHandler('tools/call', async (_request, ctx) => {
    seen = ctx
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } })
    return { content: [{ type: 'text', text: 'ok' }] }
  })
  let closed = false
  const previous = mcp.server.onclose
  mcp.server.onclose = () => { closed = true; previous?.() }
  await mcp.connect(transport)

  t.ok(versions.length > 0 && versions.at(-1)!.includes('2025-11-25'), 'connect tells the transport which MCP-Protocol-Version headers to accept')
  t.type(transport.onmessage, 'function', 'connect installs onmessage, which the direct exchange calls itself')
  const replyTo = async (id: number) => {
    for (let i = 0; i < 100 && !sent.some(s => 'id' in s.message && s.message.id === id && ('result' in s.message || 'error' in s.message)); i++) await new Promise(resolve => setImmediate(resolve))
    return sent.find(s => 'id' in s.message && s.message.id === id && ('result' in s.message || 'error' in s.message))
  }
  transport.onmessage!({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'raw', version: '1' } } }, { authInfo })
  t.ok(await replyTo(1), 'initialize answered through transport.send')
  transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/initialized' }, { authInfo })
  transport.onmessage!({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: { progressToken: 'p' } } }, { authInfo })
  const reply = await replyTo(2)
  t.match(reply?.message, { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'ok' }] } }, 'the response goes to transport.send with its id')
  const progress = sent.find(s => 'method' in s.message && s.message.method === 'notifications/progress')
  t.equal(progress?.options?.relatedRequestId, 2, 'a notification of a request carries relatedRequestId: the direct exchange routes it to that stream')

  t.equal((seen?.http?.authInfo?.extra as { principal?: unknown } | undefined)?.principal, principal, 'the handler finds authInfo (our principal) at ctx.http.authInfo (bridge/request-principal.ts)')
  t.ok(seen?.mcpReq.signal instanceof AbortSignal)
  t.type(seen?.mcpReq.notify, 'function')
  t.type(seen?.mcpReq.log, 'function')
  t.type(seen?.mcpReq.requestState, 'function', 'apps/client-round.ts reads the verified request state')
  t.equal(seen?.mcpReq._meta?.progressToken, 'p', 'bridge/tool-context.ts reads the progress token here')
  t.equal(seen?.mcpReq.envelope, undefined, 'tasks/tasks.ts tells the eras apart by ctx.mcpReq.envelope')

  t.same(mcp.server.getClientCapabilities(), { roots: {} })
  t.equal(mcp.server.getNegotiatedProtocolVersion(), '2025-11-25', 'bridge/result-revision.ts reads the negotiated revision')
  t.type(mcp.server.projectCallToolResult, 'function')
  t.type(mcp.server.notification, 'function')
  t.type(mcp.server.sendResourceUpdated, 'function')
  t.equal(mcp.resolveScopeChallenge({ request: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x' } } }), undefined,
    'resolveScopeChallenge answers undefined for a tool without scopes (the direct exchange then serves the call)')
  await mcp.close()
  t.ok(closed, 'close() calls server.onclose, which our features chain (tasks/tasks-notify.ts, features/resource-subscriptions.ts)')
})

t.test('a 2025 tools/call as bridge/direct-call.ts reproduces it: abort controllers, buildContext, the result\'s field order', async t => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => 'sid-contract-2' })
  const sent: JSONRPCMessage[] = []
  transport.send = async message => { sent.push(message) }
  const mcp = new McpServer(INFO, { capabilities: { tools: {}, logging: {} } })
  const server = mcp.server as unknown as { _requestHandlerAbortControllers: Map<unknown, AbortController>, buildContext: (c: unknown, t: unknown) => ServerContext }
  let signal: AbortSignal | undefined
  let inFlight: AbortController | undefined
  mcp.server.setRequestHandler('tools/call', async (request, ctx) => {
    signal = ctx.mcpReq.signal
    inFlight = server._requestHandlerAbortControllers.get(request.params.name === 'slow' ? 2 : 3)
    // Runs until cancelled (2 s at most), so a loaded machine cannot finish it before the cancel arrives.
    if (request.params.name === 'slow') await new Promise(resolve => { ctx.mcpReq.signal.addEventListener('abort', resolve); setTimeout(resolve, 2000).unref() })
    // Extra keys first, our fields out of order: the SDK's validated result puts them in schema order.
    return { extra: 1, isError: false, structuredContent: { a: 1 }, _meta: { m: 1 } } as never
  })
  await mcp.connect(transport)
  transport.onmessage!({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }, { authInfo })
  transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/initialized' }, { authInfo })
  const settle = async () => { for (let i = 0; i < 20; i++) await new Promise(resolve => setImmediate(resolve)) }

  transport.onmessage!({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {} } }, { authInfo })
  await settle()
  t.equal(inFlight?.signal, signal, 'the handler\'s abort controller is kept in _requestHandlerAbortControllers under the request id')
  transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } }, { authInfo })
  await until(() => signal?.aborted === true)
  await settle()
  t.ok(signal?.aborted, 'notifications/cancelled aborts the controller found there')
  t.notOk(sent.some(m => 'id' in m && m.id === 2), 'and the cancelled request gets no reply')

  transport.onmessage!({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'fast', arguments: {} } }, { authInfo })
  await settle()
  const reply = sent.find(m => 'id' in m && m.id === 3)
  t.equal(JSON.stringify(reply), '{"result":{"_meta":{"m":1},"content":[],"structuredContent":{"a":1},"isError":false,"extra":1},"jsonrpc":"2.0","id":3}',
    'the reply: content [] added, fields in schema order then the rest, {result, jsonrpc, id}')
  const ctx = server.buildContext({ sessionId: 's', mcpReq: { id: 4, method: 'tools/call', signal: new AbortController().signal, notify: async () => {} } }, { authInfo })
  t.type(ctx.mcpReq.log, 'function', 'buildContext (protected) adds the log that honours logging/setLevel')
  await mcp.close()
})

t.test('registrations go through server.setRequestHandler with a plain handler (bridge/shared-catalogue.ts captures them)', async t => {
  const mcp = new McpServer(INFO, { capabilities: {} })
  const captured = new Map<string, unknown>()
  mcp.server.setRequestHandler = ((method: string, handler: unknown) => { captured.set(method, handler) }) as typeof mcp.server.setRequestHandler
  mcp.registerResource('r', 'test://r', {}, async uri => ({ contents: [{ uri: uri.href, text: 'r' }] }))
  mcp.registerResource('tpl', new ResourceTemplate('test://{id}', { list: undefined, complete: { id: () => ['a'] } }), {}, async uri => ({ contents: [{ uri: uri.href, text: 't' }] }))
  const args = completableArgs(Type.Object({ kind: Type.String() }), { kind: typed => ['series', 'movie'].filter(k => k.startsWith(typed)) })
  mcp.registerPrompt('p', { argsSchema: args }, () => ({ messages: [] }))
  for (const method of ['resources/list', 'resources/templates/list', 'resources/read', 'prompts/list', 'prompts/get', 'completion/complete']) {
    t.type(captured.get(method), 'function', `${method} is registered with a plain (request, ctx) handler`)
  }
  t.match(mcp.server.getCapabilities(), { resources: {}, prompts: {}, completions: {} }, 'the capabilities follow the registrations')
  const complete = captured.get('completion/complete') as (request: unknown, ctx: unknown) => Promise<{ completion: { values: string[] } }>
  const answer = await complete({ method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'kind', value: 'se' } } }, {})
  t.same(answer.completion.values, ['series'], 'the SDK finds prompt completers on the arguments\' `shape` (features/completions.ts)')
})

t.test('the stateless handler: parsedBody, toolInputSchemaJson and the era classifiers (http/web-exchange.ts, bridge/protocol-server.ts, http/era.ts)', async t => {
  const asked: string[] = []
  const handler = createMcpHandler(() => {
    const mcp = new McpServer(INFO, { capabilities: { tools: {} } })
    mcp.server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'text', text: 'ok' }] }))
    t.type(mcp.toolInputSchemaJson, 'function')
    const registered = mcp.toolInputSchemaJson.bind(mcp)
    mcp.toolInputSchemaJson = name => { asked.push(name); return registered(name) }
    return mcp
  }, { legacy: 'reject' })
  t.type(handler.fetch, 'function')
  t.type(handler.close, 'function')
  t.type(toNodeHandler(handler), 'function', 'MCP_FAST_PATHS=off serves through the SDK\'s Node adapter')

  const body = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: ENVELOPE } }
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'x' }
  // No body on the Request: the handler must take the value Fastify parsed.
  const res = await handler.fetch(new Request('http://localhost/mcp', { method: 'POST', headers }), { authInfo, parsedBody: body })
  t.equal(res.status, 200)
  t.match(JSON.parse(await res.text()), { id: 5, result: { content: [{ text: 'ok' }] } }, 'answered from parsedBody')
  t.same(asked, ['x'], 'a 2026-07-28 tools/call reads the tool\'s input schema through toolInputSchemaJson (raw tools patch it)')
  await handler.close()

  const modern = await isLegacyRequest(new Request('http://localhost/mcp', { method: 'POST', headers }), body)
  t.equal(modern, false, 'a request with the envelope is not legacy (http/era.ts answers so without asking)')
  t.equal(claimsModernEnvelope(body), true)
  t.equal(PROTOCOL_VERSION_META_KEY, 'io.modelcontextprotocol/protocolVersion', 'http/era.ts names this key itself')
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: INFO } }
  t.equal(await isLegacyRequest(new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json' } }), initialize), true)
  t.equal(claimsModernEnvelope(initialize), false)
  const route = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader: '2026-07-28', mcpMethodHeader: 'tools/call', mcpNameHeader: 'x', body })
  t.match(route, { kind: 'modern', messageKind: 'request', classification: { revision: '2026-07-28' } }, 'bridge/modern-call.ts admits on this shape')
  t.ok(SUPPORTED_PROTOCOL_VERSIONS.includes('2025-11-25'), 'bridge/direct-exchange.ts starts from this list')
})

t.test('a hibernated session is rebuilt by replaying its initialize through the transport inside the Node one (bridge/session-server.ts)', async t => {
  const server = new McpServer(INFO, { capabilities: { tools: {}, logging: {} } })
  const parts = buildSessionParts(server, { sessionId: () => 'sid-woken', closed: () => {}, gone: () => {} }, undefined)
  await server.connect(parts.transport)
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'raw', version: '7' } } }
  await replaySession(parts, { initialize, logLevel: { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } } }, 'sid-woken', authInfo)
  t.equal(parts.transport.sessionId, 'sid-woken', 'the transport took the session id from sessionIdGenerator')
  t.equal(server.server.getNegotiatedProtocolVersion(), '2025-11-25')
  t.same(server.server.getClientCapabilities(), { roots: {} })
  t.same(server.server.getClientVersion(), { name: 'raw', version: '7' })
  // The woken transport accepts the session's requests without a new initialize.
  const web = (parts.transport as unknown as { _webStandardTransport: { handleRequest: (r: Request, o: object) => Promise<Response> } })._webStandardTransport
  const res = await web.handleRequest(new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-session-id': 'sid-woken', 'mcp-protocol-version': '2025-11-25' }
  }), { parsedBody: { jsonrpc: '2.0', id: 3, method: 'ping' } })
  t.equal(res.status, 200)
  t.match(await res.text(), /"result":\{\},"jsonrpc":"2.0","id":3/)
  await server.close()
})
