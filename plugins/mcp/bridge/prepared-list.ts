// tools/list answered from a body prepared once per capability combination and protocol revision. The list is
// the registry's (fixed once the app is ready) reshaped by the extensions a client declared; the SDK validated
// and serialized its 60 KB again on every request. Here the SDK's own first answer for a combination is kept
// and every later request gets those bytes with its id spliced in, so the answer stays the SDK's.
// 2026-07-28: admitted like the tools/call fast path (modern-call.ts): a single JSON request
// {jsonrpc, id, method: "tools/list", params: {_meta: the envelope alone}} that the SDK's classifier calls
// modern, with routing headers that agree. Anything else (a cursor, a log level, a batch) goes to the SDK.
import type { IncomingHttpHeaders } from 'node:http'
import {
  CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, classifyInboundRequest, isJsonContentType,
  type ClientCapabilities
} from '@modelcontextprotocol/server'

const MODERN = '2026-07-28'
const ENVELOPE_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY])
const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params'])
const HEAD = '{"result":'

/** One answer: the prepared bytes up to the request id, then the id and what closes the message. */
export interface PreparedReply { head: Buffer, tail: string, length: number }

export interface PreparedLists {
  /** The answer to request `id` when a body was prepared for `key`: as JSON, or as one SSE `message` event. */
  reply: (key: string, id: string | number, sse: boolean) => PreparedReply | undefined
  /** Keeps the SDK's serialized answer to request `id` as the body of `key` (when it has the usual shape). */
  keep: (key: string, id: string | number, json: string) => void
}

const SSE_HEAD = 'event: message\ndata: '

export function createPreparedLists (): PreparedLists {
  // Each body up to the request id (`{"result":{…},"jsonrpc":"2.0","id":`), encoded once: a 60 KB string
  // would be encoded to UTF-8 again on every write.
  const heads = new Map<string, { json: Buffer, sse: Buffer }>()
  return {
    reply (key, id, sse) {
      const head = heads.get(key)
      if (head === undefined) return undefined
      const tail = `${JSON.stringify(id)}}${sse ? '\n\n' : ''}`
      const bytes = sse ? head.sse : head.json
      return { head: bytes, tail, length: bytes.length + Buffer.byteLength(tail) }
    },
    keep (key, id, json) {
      const tail = `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`
      if (heads.has(key) || !json.startsWith(HEAD) || !json.endsWith(tail)) return
      const head = json.slice(0, json.length - JSON.stringify(id).length - 1)
      heads.set(key, { json: Buffer.from(head), sse: Buffer.from(SSE_HEAD + head) })
    }
  }
}

export interface ModernList { id: string | number, capabilities: ClientCapabilities, body: Record<string, unknown> }

/** The tools/list request the prepared body may answer on 2026-07-28; otherwise undefined (the SDK answers). */
export function admitModernList (headers: IncomingHttpHeaders, body: unknown): ModernList | undefined {
  if (!isPlainObject(body) || body.method !== 'tools/list' || body.jsonrpc !== '2.0') return undefined
  if (!isJsonContentType(headers['content-type'] ?? null) || headers['mcp-protocol-version'] !== MODERN || headers['mcp-method'] !== 'tools/list') return undefined
  for (const key in body) if (!MESSAGE_KEYS.has(key)) return undefined
  const id = body.id
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined
  const params = body.params
  if (!isPlainObject(params) || Object.keys(params).length !== 1 || !isPlainObject(params._meta)) return undefined
  const meta = params._meta
  if (Object.keys(meta).length !== ENVELOPE_KEYS.size || !Object.keys(meta).every(key => ENVELOPE_KEYS.has(key))) return undefined
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY]
  if (!isPlainObject(capabilities)) return undefined
  // The SDK's own classification: a malformed envelope is left to it to refuse.
  const route = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader: MODERN, mcpMethodHeader: 'tools/list', body })
  if (route.kind !== 'modern' || route.messageKind !== 'request' || route.classification.revision !== MODERN) return undefined
  return { id: id as string | number, capabilities, body }
}

function isPlainObject (v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
