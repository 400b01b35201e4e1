// The 2026-07-28 hot path: a plain tools/call of a registry tool answered here, without the SDK's per-request
// machinery (a web Request, a classification pass, a whole McpServer built, connected, torn down, a web Response
// streamed back), which cost five times the call itself. Narrow on purpose: only a request whose whole outcome
// is known to be a single JSON answer is admitted, each step of @modelcontextprotocol/server 2.4's modern serving
// reproduced for it (createMcpHandler/serveModern, Server tools/call wrapper, rev2026 codec encodeResult):
// - admitted: JSON POST; one request {jsonrpc, id, method: "tools/call", params: {name, arguments?, _meta}}
//   that the SDK's own classifier (classifyInboundRequest) calls modern 2026-07-28; the routing headers
//   Mcp-Method and Mcp-Name equal to the body's; _meta holding only the envelope (no log level) and our actor;
//   a registry tool without task support, for a client that cannot show a form (no person round).
// - then no notification can be sent (no progress token, no log level) and no request to the client: the
//   answer is 200 application/json {result, jsonrpc, id}, the result projected (text fallback), given its
//   `content` if it has none, stamped resultType "complete" and the server's identity in _meta.
// Everything else goes to the SDK, which answers it (or refuses it) itself.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import {
  CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, SERVER_INFO_META_KEY,
  classifyInboundRequest, isJsonContentType,
  type CallToolResult, type ClientCapabilities
} from '@modelcontextprotocol/server'
import { ACTOR_META } from '../../../core/principal.js'

const MODERN = '2026-07-28'
const ENVELOPE_KEYS = [PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY]
const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params'])
const PARAMS_KEYS = new Set(['name', 'arguments', '_meta'])
const META_KEYS = new Set([...ENVELOPE_KEYS, ACTOR_META])
/** The order the SDK's CallToolResult schema gives a validated result's own fields; others follow as they came. */
const RESULT_FIELDS = ['_meta', 'content', 'structuredContent', 'isError']

export interface ModernCall {
  id: string | number
  name: string
  args: Record<string, unknown> | undefined
  /** params._meta without the envelope: what the SDK hands the tools/call handler. */
  meta: Record<string, unknown> | undefined
  capabilities: ClientCapabilities
}

export interface ModernCallRules {
  /** True for a registry tool that never runs as a task. */
  plainTool: (name: string) => boolean
  /** False when the client could be asked through a form (person-confirm.ts), which needs the SDK's rounds. */
  cannotAskPerson: (capabilities: ClientCapabilities) => boolean
  /** Envelopes the SDK classified as a 2026-07-28 request before (envelopeVerdicts): not classified again. */
  classified?: EnvelopeVerdicts
}

/**
 * The envelopes (a call's `_meta`, as JSON) the SDK's classification accepted. Once the checks above have
 * pinned everything else in the body (its keys, the id's type, the method, the headers), the SDK's verdict
 * depends on the envelope alone, and a client sends the same envelope with every call: its zod checks, the
 * largest cost of a light call, run once per envelope. A few envelopes are kept (clients are few); beyond that
 * every call is classified as before.
 */
export interface EnvelopeVerdicts { has: (key: string) => boolean, add: (key: string) => void }

export function envelopeVerdicts (max = 64): EnvelopeVerdicts {
  const accepted = new Set<string>()
  return {
    has: key => accepted.has(key),
    add: key => { if (accepted.size < max) accepted.add(key) }
  }
}

/** The call, when this request is one the hot path answers exactly as the SDK would; otherwise undefined. */
export function admitModernCall (headers: IncomingHttpHeaders, body: unknown, rules: ModernCallRules): ModernCall | undefined {
  if (!isJsonContentType(headers['content-type'] ?? null) || !isPlainObject(body)) return undefined
  if (body.jsonrpc !== '2.0' || body.method !== 'tools/call' || !onlyKeys(body, MESSAGE_KEYS)) return undefined
  const id = body.id
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined
  const params = body.params
  if (!isPlainObject(params) || !onlyKeys(params, PARAMS_KEYS)) return undefined
  const { name, arguments: args, _meta: meta } = params
  if (typeof name !== 'string' || name.startsWith('=?') || (args !== undefined && !isPlainObject(args))) return undefined
  if (!isPlainObject(meta) || !onlyKeys(meta, META_KEYS) || !ENVELOPE_KEYS.every(key => key in meta)) return undefined
  if (headers['mcp-protocol-version'] !== MODERN || headers['mcp-method'] !== 'tools/call' || headers['mcp-name'] !== name) return undefined
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY]
  if (!isPlainObject(capabilities) || !rules.plainTool(name) || !rules.cannotAskPerson(capabilities)) return undefined
  // The SDK's own classification: a malformed envelope or a header it disagrees with is left to it to refuse.
  const envelope = rules.classified && JSON.stringify(meta)
  if (envelope === undefined || !rules.classified!.has(envelope)) {
    const route = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader: MODERN, mcpMethodHeader: 'tools/call', mcpNameHeader: name, body })
    if (route.kind !== 'modern' || route.messageKind !== 'request' || route.classification.revision !== MODERN) return undefined
    if (envelope !== undefined) rules.classified!.add(envelope)
  }
  const rest = Object.fromEntries(Object.entries(meta).filter(([key]) => !ENVELOPE_KEYS.includes(key)))
  return { id: id as string | number, name, args: args as Record<string, unknown> | undefined, meta: Object.keys(rest).length > 0 ? rest : undefined, capabilities }
}

/** The JSON-RPC answer to the call, as the SDK encodes a tools/call result on 2026-07-28. */
export function modernCallAnswer (call: ModernCall, result: CallToolResult, serverInfo: { name: string, version: string }): string {
  let r: Record<string, unknown> = withTextFallback(result)
  if (r.content === undefined) r = { ...r, content: [] }
  r = inSchemaOrder(r)
  if (r.resultType === undefined) r = { ...r, resultType: 'complete' }
  const meta = r._meta
  if (meta === undefined) r = { ...r, _meta: { [SERVER_INFO_META_KEY]: serverInfo } }
  else if (isPlainObject(meta) && meta[SERVER_INFO_META_KEY] === undefined) r = { ...r, _meta: { ...meta, [SERVER_INFO_META_KEY]: serverInfo } }
  return JSON.stringify({ result: r, jsonrpc: '2.0', id: call.id })
}

/**
 * The error reply to a call whose handler threw, as the SDK's Protocol answers one in either era: the error's
 * code when it has one, else -32603 (-32002 sent as -32602, both codecs' encodeErrorCode), its message, its data.
 */
export function thrownAnswer (id: string | number, err: unknown) {
  const e = err as { code?: unknown, message?: string, data?: unknown }
  const code = Number.isSafeInteger(e.code) ? e.code as number : -32603
  return { jsonrpc: '2.0' as const, id, error: { code: code === -32002 ? -32602 : code, message: e.message ?? 'Internal error', ...(e.data !== undefined && { data: e.data }) } }
}

/** Writes the answer as the SDK's Node adapter writes a JSON Response: status, its one header, the body. */
export function sendModernAnswer (res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write(body)
  res.end()
}

/** A non-object structuredContent gets its JSON as text content, unless the result has text already. */
function withTextFallback (result: CallToolResult): Record<string, unknown> {
  const sc = result.structuredContent as unknown
  if (sc === undefined || isPlainObject(sc)) return result
  if (result.content?.some(c => c.type === 'text') ?? false) return result
  return { ...result, content: [...(result.content ?? []), { type: 'text', text: JSON.stringify(sc) }] }
}

/** The result's fields in the order the SDK's CallToolResult schema (both eras) gives a validated result. */
export function inSchemaOrder (r: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {}
  for (const key of RESULT_FIELDS) if (key in r) ordered[key] = r[key]
  for (const [key, value] of Object.entries(r)) if (!(key in ordered)) ordered[key] = value
  return ordered
}

function onlyKeys (o: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const key in o) if (!allowed.has(key)) return false
  return true
}

function isPlainObject (v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
