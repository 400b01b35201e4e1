// The era classification of a sessionless POST, with a cheap shortcut: the SDK's predicate (isLegacyRequest)
// builds a web Request and runs its zod checks, and the modern handler then classifies the same request again;
// for the common 2026-07-28 request the answer is known from the body alone.
import type { FastifyRequest } from 'fastify'
import { isLegacyRequest } from '@modelcontextprotocol/server'

const CLASSIFY_URL = 'http://localhost/mcp'
const CLASSIFY_HEADERS = ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name'] as const

const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion'

/**
 * True for a single JSON-RPC request (not initialize, not a response) whose params carry the 2026-07-28
 * envelope claim: the SDK never routes such a body to the legacy era (it is served as modern, or refused by
 * the modern handler with the precise reason), see classifyRequestBody and classifyNotificationBody in
 * @modelcontextprotocol/server 2.4. False means "ask the SDK", never "legacy".
 */
export function claimsModernEnvelope (body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const message = body as Record<string, unknown>
  if (typeof message.method !== 'string' || message.method === 'initialize') return false
  if ('result' in message || 'error' in message) return false
  const params = message.params
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false
  const meta = (params as Record<string, unknown>)._meta
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) && PROTOCOL_VERSION_META_KEY in meta
}

/**
 * Whether a sessionless POST is 2025-era traffic (initialize, or a request without the 2026-07-28 envelope).
 * `shortcut` (the fast paths' setting) lets a body that claims the envelope skip the SDK's predicate.
 */
export async function isLegacyPost (request: FastifyRequest, shortcut = true): Promise<boolean> {
  // The hot path: a 2026-07-28 request is known from its body; the modern handler classifies it fully itself.
  if (shortcut && claimsModernEnvelope(request.body)) return false
  const headers = new Headers()
  for (const name of CLASSIFY_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  // The body is already parsed, so the predicate classifies from the value and reads nothing.
  return isLegacyRequest(new Request(CLASSIFY_URL, { method: 'POST', headers }), request.body ?? undefined)
}
