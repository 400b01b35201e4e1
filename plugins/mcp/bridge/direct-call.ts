// The 2025 hot path's answer: a plain tools/call of a registry tool in a 2025-era session, run on the session's
// own tools/call handler (protocol-server.ts: the tasks wrapper, the registry, the revision projection) but
// without the SDK's per-message checks around it (the JSON-RPC shape checked again, the era gate, the request
// schema, the result schema), which were most of a light call's cost. Each step of @modelcontextprotocol/server
// 2.4 for a 2025-era request is kept or reproduced (Protocol._onrequest, Server.buildContext, Server._wrapHandler
// for tools/call, rev2025 codec encodeResult and encodeErrorCode):
// - admitted: params holding only name, arguments and a `_meta` of our actor alone (no progress token, no task,
//   no other material the SDK lifts), a registry tool without task support, no raw tools, a session that
//   negotiated a 2025-era revision and cannot show a form (no person round, so no input_required result).
// - the context is the SDK's own (Server.buildContext: its log, which honours logging/setLevel; notifications
//   through the protocol server, so they reach this request's stream); the abort controller is registered where
//   the SDK registers its own, so notifications/cancelled and the session's close abort the call as before, and
//   a cancelled call gets no reply, as from the SDK.
// - the result, given `content` when it has none, in the order the 2025 CallToolResult schema gives its fields,
//   goes out through transport.send as {result, jsonrpc, id}; a thrown error as {jsonrpc, id, error}.
// Anything else goes to the protocol server, which does every check itself.
import type { AuthInfo, JSONRPCRequest, McpServer } from '@modelcontextprotocol/server'
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'
import { ACTOR_META } from '../../../core/principal.js'
import { canShowForm } from '../apps/person-confirm.js'
import type { ToolCallHandler } from '../features/feature-types.js'
import { inSchemaOrder, thrownAnswer } from './modern-call.js'

type RequestId = string | number

/** What the session's server offers the direct answer; undefined when calls must go through the SDK. */
export interface DirectCalls {
  /** True for a registry tool that never runs as a task, on a server without raw tools. */
  plainTool: (name: string) => boolean
  /** The server's tools/call handler as installed (wrappers included), without the SDK's checks around it. */
  handler: ToolCallHandler
}

const PARAMS_KEYS = new Set(['name', 'arguments', '_meta'])
const TOOL_RESULT_FOREIGN_KEYS = ['task', 'inputRequests', 'requestState']

/** True when the request is one this path answers exactly as the session's protocol server would. */
export function admitDirectCall (message: JSONRPCRequest, mcp: McpServer, calls: DirectCalls): boolean {
  const params = message.params as Record<string, unknown> | undefined
  if (message.method !== 'tools/call' || params === undefined || !onlyKeys(params, PARAMS_KEYS)) return false
  const meta = params._meta
  if (meta !== undefined && !onlyKeys(meta as Record<string, unknown>, new Set([ACTOR_META]))) return false
  const version = mcp.server.getNegotiatedProtocolVersion()
  if (version === undefined || !version.startsWith('2025-')) return false
  return calls.plainTool(params.name as string) && !canShowForm(mcp.server.getClientCapabilities())
}

/** Runs the admitted call; its messages and reply go through transport.send, as the SDK sends them. */
export function answerDirectCall (message: JSONRPCRequest, mcp: McpServer, calls: DirectCalls, transport: NodeStreamableHTTPServerTransport, authInfo: AuthInfo | undefined): void {
  const server = mcp.server
  const id = message.id as RequestId
  // Where the SDK keeps its own: notifications/cancelled and the session's close abort through this map.
  const controllers = (server as unknown as { _requestHandlerAbortControllers: Map<RequestId, AbortController> })._requestHandlerAbortControllers
  const abort = new AbortController()
  controllers.set(id, abort)
  const base = {
    sessionId: transport.sessionId,
    mcpReq: {
      id,
      method: message.method,
      _meta: message.params?._meta,
      requestState: () => undefined,
      signal: abort.signal,
      send: () => { throw new Error('A request to the client is not available on this path') },
      notify: async (n: { method: string, params?: Record<string, unknown> }) => await server.notification(n as Parameters<typeof server.notification>[0], { relatedRequestId: id })
    },
    http: authInfo ? { authInfo } : undefined
  }
  // Server.buildContext is protected: its log (honouring logging/setLevel) and the rest of the SDK's context.
  const build = (server as unknown as { buildContext: (c: unknown, t: unknown) => Parameters<ToolCallHandler>[1] }).buildContext.bind(server)
  const ctx = build(base, { authInfo })
  const request = message as unknown as Parameters<ToolCallHandler>[0]
  Promise.resolve().then(async () => await calls.handler(request, ctx)).then(async result => {
    if (abort.signal.aborted) return
    await transport.send({ result: inSchemaOrder(withContent(result as Record<string, unknown>)), jsonrpc: '2.0', id } as never)
  }, async (err: unknown) => {
    if (abort.signal.aborted) return
    await transport.send(thrownAnswer(id, err))
  }).catch((err: unknown) => server.onerror?.(new Error(`Failed to send response: ${String(err)}`))).finally(() => {
    if (controllers.get(id) === abort) controllers.delete(id)
  })
}

/** A result without content gets an empty one, unless it belongs to another result family (the SDK's rule). */
function withContent (r: Record<string, unknown>): Record<string, unknown> {
  if (r.content !== undefined || TOOL_RESULT_FOREIGN_KEYS.some(key => key in r)) return r
  return { ...r, content: [] }
}

function onlyKeys (o: Record<string, unknown>, allowed: Set<string>): boolean {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false
  for (const key in o) if (!allowed.has(key)) return false
  return true
}
