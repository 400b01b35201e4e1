// JSON-RPC error replies written straight to the raw response: every /mcp reply is hijacked from Fastify,
// so even refusals (no session, foreign session, cap reached) must be finished by hand.
import type { ServerResponse } from 'node:http'

// Codes from the MCP SDK's conventions: -32000 generic server error, -32001 session not found.
export const SERVER_ERROR = -32000
export const SESSION_NOT_FOUND = -32001
export const INTERNAL_ERROR = -32603
export const INVALID_REQUEST = -32600

export function sendJsonRpcError (raw: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) {
  if (raw.writableEnded) return
  if (raw.headersSent) {
    raw.end()
    return
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })
  raw.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers })
  raw.end(body)
}

/** Finishes a response a failed SDK call left open: a JSON-RPC 500 if nothing was sent yet, else just the end. */
export function endAfterFailure (raw: ServerResponse) {
  sendJsonRpcError(raw, 500, INTERNAL_ERROR, 'Internal error')
}
