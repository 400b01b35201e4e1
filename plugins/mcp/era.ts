// A cheap shortcut for the era classification of a sessionless POST. The SDK's predicate (isLegacyRequest)
// builds a web Request and runs its zod checks, and the modern handler then classifies the same request again;
// for the common 2026-07-28 request the answer is known from the body alone.

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
