// The /mcp route's HTTP glue: socket writes coalesced for one-event replies, the AuthInfo the SDK sees for a
// principal, and the JSON-RPC error for a request Fastify refused before the transport saw it.
import type { ServerResponse } from 'node:http'
import type { AuthInfo } from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'
import { SERVER_ERROR } from './json-rpc.js'

/**
 * The SDK's Node adapter flushes a reply's headers, then writes its events and the end separately: several
 * socket writes for a one-event reply, the hot path's largest cost. With the socket corked they leave as one:
 * end() uncorks fully, and the next turn of the event loop uncorks anyway, so a long call's progress events
 * are never held back. (The socket, not the response: a corked response drops a chunked write made in the
 * same tick as its end.)
 */
export function coalesceWrites (raw: ServerResponse) {
  const socket = raw.socket
  if (!socket) return
  socket.cork()
  setImmediate(() => socket.uncork())
}

// The raw token is never copied here: nothing downstream needs it, and AuthInfo may end up in logs.
export function authInfoFor (principal: Principal): AuthInfo {
  return {
    token: '',
    clientId: principal.clientId,
    scopes: principal.scopes,
    ...(principal.expiresAt !== undefined && { expiresAt: principal.expiresAt }),
    extra: { principal }
  }
}

/** JSON-RPC error for a request refused before the transport saw it; only messages we wrote ourselves pass through. */
export function routeError (status: number, message: string): { code: number, message: string } {
  switch (status) {
    case 400: return { code: -32700, message: 'Parse error: the body is not valid JSON' }
    case 413: return { code: SERVER_ERROR, message: 'Request body too large' }
    case 415: return { code: SERVER_ERROR, message: 'Unsupported Media Type: use Content-Type: application/json' }
    case 429: return { code: SERVER_ERROR, message } // the rate limiter's own text: which path, when to retry
    default: return status < 500 ? { code: SERVER_ERROR, message: 'Bad Request' } : { code: -32603, message: 'Internal error' }
  }
}
