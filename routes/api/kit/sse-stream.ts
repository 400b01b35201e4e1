// One Server-Sent Events response written straight to the socket (the reply is hijacked): CORS headers
// applied by hand, tracked so shutdown ends it, an AbortSignal for when the client goes away, and
// backpressure exposed so callers skip work instead of buffering without bound.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { applyCorsHeaders } from '../../../plugins/origin-guard.js'
import { trackSse } from '../../../plugins/shutdown.js'

export interface SseStream {
  /** Writes one event; false when the stream is closed (the event is dropped). */
  send: (event: string, data: unknown) => boolean
  /** True while the socket buffer is full: skip optional events until `drain`. */
  readonly congested: boolean
  onDrain: (fn: () => void) => void
  /** Aborted when the client disconnects or the stream is ended. */
  readonly signal: AbortSignal
  end: () => void
}

export function openSse (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, retryMs = 5_000): SseStream {
  reply.hijack()
  const res = reply.raw
  applyCorsHeaders(request, res)
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no', // reverse proxies must not buffer the stream
    'x-content-type-options': 'nosniff'
  })
  res.write(`retry: ${retryMs}\n\n`)
  const untrack = trackSse(app, res)
  const controller = new AbortController()
  res.once('close', () => { untrack(); controller.abort() })
  const open = () => !res.writableEnded && !res.destroyed

  return {
    send (event, data) {
      if (!open()) return false
      // JSON.stringify escapes newlines, so one data line always holds the whole payload.
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      return true
    },
    get congested () { return res.writableNeedDrain },
    onDrain (fn) { res.once('drain', fn) },
    signal: controller.signal,
    end () {
      if (open()) res.end()
      controller.abort()
    }
  }
}
