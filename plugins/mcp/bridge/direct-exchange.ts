// The hot path of a 2025-era session: a tools/call (or a plain tools/list) POST handed straight to the
// session's protocol server, without the SDK transport's Node → web Request → web Response → Node round trip (@hono/node-server, a
// ReadableStream per reply), which cost more than the call itself. The session's McpServer still does all
// the protocol work (validation, handlers, our tool wrappers, result encoding, notifications, requests to the
// client); only the HTTP framing is done here, byte for byte as the SDK's WebStandardStreamableHTTPServerTransport
// does it without an event store or JSON responses (@modelcontextprotocol/server 2.4, handlePostRequest, send,
// writeSSEEvent): the same status and headers, each message related to the request as one `event: message`
// SSE event, the stream ended after the response.
// Anything else, or a request that transport would refuse, goes to the transport itself, which answers it.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import {
  SUPPORTED_PROTOCOL_VERSIONS, isJsonContentType, parseJSONRPCMessage,
  type AuthInfo, type JSONRPCMessage, type McpServer
} from '@modelcontextprotocol/server'
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'
import type { PreparedLists } from './prepared-list.js'
import { admitDirectCall, answerDirectCall, type DirectCalls } from './direct-call.js'

type RequestId = string | number
type SendOptions = Parameters<NodeStreamableHTTPServerTransport['send']>[1]

interface Sink {
  write: (message: JSONRPCMessage) => void
  end: () => void
}

/**
 * How a POST was served: not touched (false), handed to the protocol server, answered on the session's handler
 * without the SDK's checks (direct-call.ts), or answered from a prepared list.
 */
export type DirectOutcome = false | 'call' | 'answer' | 'list' | 'prepared'

/** The prepared tools/list bodies (prepared-list.ts) and this session's key into them (undefined: none apply). */
export interface DirectLists { store: PreparedLists, key: () => string | undefined }

export interface DirectExchange {
  /** Serves a tools/call or a plain tools/list the transport would accept; false: not touched. */
  serve: (headers: IncomingHttpHeaders, body: unknown, authInfo: AuthInfo | undefined, res: ServerResponse) => DirectOutcome
  /** Ends the streams still open, as the transport's close ends its own (DELETE, idle sweep, shutdown). */
  close: () => void
}

/** Wires the direct path into one session's transport. Call before `mcp.connect(transport)`. */
export function createDirectExchange (transport: NodeStreamableHTTPServerTransport, mcp: McpServer, lists?: DirectLists, calls?: DirectCalls): DirectExchange {
  const pending = new Map<RequestId, Sink>()
  let supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS
  let closed = false

  // The protocol layer tells the transport which MCP-Protocol-Version headers to accept; keep the same list.
  const setSupported = transport.setSupportedProtocolVersions.bind(transport)
  transport.setSupportedProtocolVersions = versions => {
    supported = versions
    setSupported(versions)
  }
  // Messages for a request served here go to its stream; everything else to the transport, as before.
  const send = transport.send.bind(transport)
  transport.send = async (message: JSONRPCMessage, options?: SendOptions) => {
    const response = 'id' in message && ('result' in message || 'error' in message)
    const id = response ? message.id : options?.relatedRequestId
    const sink = id === undefined || id === null ? undefined : pending.get(id)
    if (!sink) return await send(message, options)
    sink.write(message)
    if (response) {
      pending.delete(id!)
      sink.end()
    }
  }
  function admit (headers: IncomingHttpHeaders, body: unknown, authInfo: AuthInfo | undefined) {
    const method = typeof body === 'object' && body !== null ? (body as { method?: unknown }).method : undefined
    if (closed || (method !== 'tools/call' && (method !== 'tools/list' || !lists))) return undefined
    // The transport's own checks, in its order; a request failing one is left to it to refuse.
    const accept = headers.accept
    if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined
    if (!isJsonContentType(headers['content-type'] ?? null)) return undefined
    const version = headers['mcp-protocol-version']
    if (version !== undefined && (typeof version !== 'string' || !supported.includes(version))) return undefined
    let message: JSONRPCMessage
    try {
      message = parseJSONRPCMessage(body)
    } catch {
      return undefined
    }
    if (!('method' in message) || !('id' in message) || pending.has(message.id)) return undefined
    if (method === 'tools/call' ? !wellFormedCall(message.params) : !plainList(message.params)) return undefined
    // A tool that answers with a scope challenge is answered by the transport (403 with WWW-Authenticate).
    if (mcp.resolveScopeChallenge({ request: message, ...(authInfo && { authInfo }) }) !== undefined) return undefined
    return message
  }

  return {
    serve (headers, body, authInfo, res) {
      const message = admit(headers, body, authInfo)
      if (!message || !('id' in message)) return false
      const id = message.id
      const head = {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        ...(transport.sessionId !== undefined && { 'mcp-session-id': transport.sessionId })
      }
      if (message.method === 'tools/list') {
        // The SDK answers tools/list at once, so the transport's Node adapter has the whole stream before it
        // writes and sends it with a Content-Length: so does this path, from the prepared body when there is one.
        const key = lists!.key()
        const sendWhole = (json: string) => {
          const event = `event: message\ndata: ${json}\n\n`
          res.writeHead(200, { ...head, 'content-length': Buffer.byteLength(event) })
          res.end(event)
        }
        const prepared = key === undefined ? undefined : lists!.store.reply(key, id, true)
        if (prepared !== undefined) {
          res.writeHead(200, { ...head, 'content-length': prepared.length })
          res.write(prepared.head)
          res.end(prepared.tail)
          return 'prepared'
        }
        pending.set(id, {
          write: m => {
            const json = JSON.stringify(m)
            if (key !== undefined) lists!.store.keep(key, id, json)
            if (!res.writableEnded) sendWhole(json)
          },
          end: () => { if (!res.writableEnded) res.end() }
        })
        transport.onmessage?.(message, { ...(authInfo && { authInfo }) })
        return 'list'
      }
      res.writeHead(200, head)
      res.flushHeaders()
      let open = true
      res.once('close', () => { open = false })
      pending.set(id, {
        write: m => { if (open) res.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`) },
        end: () => { if (open) res.end() }
      })
      if (calls && admitDirectCall(message, mcp, calls)) {
        answerDirectCall(message, mcp, calls, transport, authInfo)
        return 'answer'
      }
      transport.onmessage?.(message, { ...(authInfo && { authInfo }) })
      return 'call'
    },
    close () {
      closed = true
      for (const sink of pending.values()) sink.end()
      pending.clear()
    }
  }
}

/**
 * A tools/call whose params the SDK's request schema accepts. One it refuses is answered before any handler
 * runs, so quickly that the transport's Node adapter sends it with a Content-Length instead of chunked: left to
 * the transport, the reply is the transport's own.
 */
function wellFormedCall (params: unknown): boolean {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false
  const { name, arguments: args, _meta: meta } = params as Record<string, unknown>
  return typeof name === 'string' && isObjectOrAbsent(args) && isObjectOrAbsent(meta)
}

const isObjectOrAbsent = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))

/** A tools/list of the first page with nothing else asked (no cursor, no progress token). */
function plainList (params: unknown): boolean {
  return params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params) && Object.keys(params).length === 0)
}
