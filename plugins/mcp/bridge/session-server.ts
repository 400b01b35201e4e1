// One 2025-era session's protocol server and transport: built when the session opens, dropped when it
// hibernates (http/session-store.ts), and built again by its next request. A woken session answers as before:
// same session id, and the requests that set the protocol server's state are replayed into the new one
// through the SDK's own transport (the initialize, so the negotiated revision and the client's capabilities
// and info; the last logging/setLevel). Feature state that must outlive the server (resource subscriptions,
// watched tasks) lives in `kept` (features/feature-types.ts, sessionState). Nothing is in flight on a
// hibernated session: it has no request and no open stream, so nothing the client waits for is lost.
import type { AuthInfo, McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server'
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'
import { createDirectExchange, type DirectExchange, type DirectLists } from './direct-exchange.js'
import { createRequestIds, type RequestIds } from '../http/request-ids.js'
import type { DirectCalls } from './direct-call.js'

export interface SessionParts {
  server: McpServer
  transport: NodeStreamableHTTPServerTransport
  direct: DirectExchange | undefined
  ids: RequestIds
  /** Set when the session hibernates: the transport's close is then not the session's end. */
  hibernating?: boolean
}

/** What a session keeps while hibernated (and while awake). */
export interface SessionValue {
  /** The initialize request that opened the session, replayed when it wakes. */
  readonly initialize: unknown
  /** The last logging/setLevel request with a valid level, replayed when it wakes. */
  logLevel?: unknown
  /** Feature state that outlives the protocol server. */
  kept?: Map<string, unknown>
  /** Present while awake. */
  parts?: SessionParts
  /** The wake in progress, which concurrent requests share. */
  waking?: Promise<SessionParts>
}

export interface PartsHooks {
  sessionId: () => string
  /** The transport opened the session (a new session's initialize). */
  opened?: (id: string) => void
  /** The client ended the session (DELETE). */
  closed: (id: string) => void
  /** The transport closed by itself (not a hibernation). */
  gone: (id: string | undefined) => void
}

/** The levels logging/setLevel accepts (MCP 2025-11-25, schema LoggingLevel). */
const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])

/** Remembers a POST's logging/setLevel with a valid level (one message or in a batch), to replay on wake. */
export function noteLogLevel (value: SessionValue, body: unknown) {
  for (const m of Array.isArray(body) ? body : [body]) {
    const level = (m as { method?: unknown, params?: { level?: unknown } } | null)?.params?.level
    if ((m as { method?: unknown })?.method === 'logging/setLevel' && typeof level === 'string' && LOG_LEVELS.has(level)) value.logLevel = m
  }
}

/**
 * Builds the server and transport; connect with `parts.server.connect(parts.transport)`. `calls`: the server's
 * tools/call handler for the direct answer (bridge/direct-call.ts), when it may be used.
 */
export function buildSessionParts (server: McpServer, hooks: PartsHooks, lists: ((server: McpServer) => DirectLists) | undefined, calls?: (server: McpServer) => DirectCalls | undefined): SessionParts {
  const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: hooks.sessionId,
    ...(hooks.opened && { onsessioninitialized: hooks.opened }),
    onsessionclosed: hooks.closed
  })
  const direct = lists ? createDirectExchange(transport, server, lists(server), calls?.(server)) : undefined
  // After the direct exchange, so its send wrapper sees the replies that path writes itself.
  const ids = createRequestIds(transport)
  const parts: SessionParts = { server, transport, direct, ids }
  transport.onclose = () => {
    direct?.close()
    if (parts.hibernating !== true) hooks.gone(transport.sessionId)
  }
  return parts
}

/**
 * Brings a freshly built, connected session back to where the hibernated one was: the initialize (and the
 * last logging/setLevel) go through the SDK transport as the client sent them; the answers are dropped.
 * The Node transport has no way to adopt a session id without an initialize (upstream: typescript-sdk#1658),
 * and only the web-standard transport inside it can be handed a request without a socket.
 */
export async function replaySession (parts: SessionParts, value: SessionValue, id: string, authInfo: AuthInfo | undefined): Promise<void> {
  const web = (parts.transport as unknown as { _webStandardTransport?: WebStandardStreamableHTTPServerTransport })._webStandardTransport
  if (typeof web?.handleRequest !== 'function') throw new Error('the MCP SDK transport no longer wraps a web-standard transport')
  const post = async (body: unknown, headers: Record<string, string>) => {
    const request = new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers }
    })
    const res = await web.handleRequest(request, { parsedBody: body, ...(authInfo && { authInfo }) })
    const text = await res.text()
    if (res.status !== 200 || !text.includes('"result"')) throw new Error(`replaying ${(body as { method?: string }).method} was refused: ${res.status} ${text.slice(0, 200)}`)
  }
  await post(value.initialize, {})
  if (parts.transport.sessionId !== id) throw new Error('the woken transport did not take the session id')
  const version = parts.server.server.getNegotiatedProtocolVersion()
  if (value.logLevel !== undefined) await post(value.logLevel, { 'mcp-session-id': id, ...(version !== undefined && { 'mcp-protocol-version': version }) })
}
