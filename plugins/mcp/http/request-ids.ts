// The JSON-RPC ids of the requests a 2025-era session is still serving. Both the SDK transport and the direct
// path route a reply by its request id, so a second request reusing the id of one still running took over the
// first one's stream, and each caller received the other's reply. MCP forbids the reuse (basic protocol,
// "Requests": the id MUST NOT have been used before by the requestor in the same session); such a request is
// refused before anything routes it. An id is freed when its reply goes out, or when its POST ends refused
// before it reached the protocol server. A cancelled request's id stays taken (the SDK sends it no reply, its
// handler may still be running, and the direct path still holds its stream): a client never reuses it anyway.
import type { ServerResponse } from 'node:http'
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'

type RequestId = string | number
type SendOptions = Parameters<NodeStreamableHTTPServerTransport['send']>[1]

export interface RequestIds {
  /**
   * Claims the ids of the requests in a POST body (one message or a batch). Returns the first id that is
   * already in flight (or repeated within the batch), claiming nothing; undefined when all were claimed.
   */
  claim: (body: unknown, res: ServerResponse) => RequestId | undefined
  /** Frees the ids of a POST answered without the protocol server (no reply goes through send to free them). */
  release: (body: unknown) => void
}

function messagesOf (body: unknown): Array<Record<string, unknown>> {
  const list = Array.isArray(body) ? body : [body]
  return list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
}

const isId = (id: unknown): id is RequestId => typeof id === 'string' || typeof id === 'number'

/** Tracks one session's ids; wraps the transport's send to see replies. Call before `mcp.connect(transport)`. */
export function createRequestIds (transport: NodeStreamableHTTPServerTransport): RequestIds {
  const inflight = new Set<RequestId>()
  const send = transport.send.bind(transport)
  transport.send = async (message: JSONRPCMessage, options?: SendOptions) => {
    if ('id' in message && ('result' in message || 'error' in message) && isId(message.id)) inflight.delete(message.id)
    return await send(message, options)
  }

  return {
    claim (body, res) {
      const ids: RequestId[] = []
      for (const m of messagesOf(body)) {
        if (typeof m.method !== 'string' || !isId(m.id)) continue
        if (inflight.has(m.id) || ids.includes(m.id)) return m.id
        ids.push(m.id)
      }
      if (ids.length === 0) return undefined
      for (const id of ids) inflight.add(id)
      // A POST the transport refused (4xx JSON error) never reached the protocol server: no reply will free its ids.
      res.once('close', () => {
        if (res.statusCode !== 200) for (const id of ids) inflight.delete(id)
      })
      return undefined
    },
    release (body) {
      for (const m of messagesOf(body)) if (isId(m.id)) inflight.delete(m.id)
    }
  }
}
