// Makes app.close() finish promptly (reliability notes §5.4): without this, an open SSE stream or a
// keep-alive socket whose last response finished after close began keeps the HTTP server open.
// - preClose ends every tracked SSE stream with a final `shutdown` event;
// - responses sent while closing carry `Connection: close`;
// - until the server has closed, sockets that turn idle are closed at once (this also covers
//   responses written to reply.raw, which skip onSend).
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { ServerResponse } from 'node:http'

export interface SseTracker {
  /** Ends the stream when the server shuts down. Returns a function that stops tracking it. */
  track: (res: ServerResponse) => () => void
  /** True from the moment app.close() begins. */
  readonly closing: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    sseTracker: SseTracker
  }
}

const FINAL_EVENT = 'event: shutdown\ndata: {"reason":"The server is shutting down; reconnect in a moment."}\n\n'
const IDLE_SWEEP_MS = 100

/** Registers an open Server-Sent Events response so shutdown can end it. Call right after writing its headers. */
export function trackSse (app: FastifyInstance, res: ServerResponse): () => void {
  if (!app.hasDecorator('sseTracker')) throw new Error('trackSse needs the shutdown plugin (plugins/shutdown.ts) registered before this route')
  return app.sseTracker.track(res)
}

function endStream (res: ServerResponse) {
  if (res.writableEnded || res.destroyed) return
  const socket = res.socket
  res.end(FINAL_EVENT)
  // The response was sent with keep-alive; close the socket too so nothing keeps the server open.
  socket?.end()
  // A client that stopped reading never lets end() finish: destroy the socket after a short grace.
  if (socket) setTimeout(() => socket.destroy(), 1000).unref()
}

export default fp(async function shutdownPlugin (app) {
  const streams = new Set<ServerResponse>()
  let closing = false
  let idleSweep: NodeJS.Timeout | undefined

  const tracker: SseTracker = {
    track (res) {
      if (closing) { endStream(res); return () => {} }
      streams.add(res)
      const untrack = () => { streams.delete(res) }
      res.once('close', untrack)
      return untrack
    },
    get closing () { return closing }
  }
  app.decorate('sseTracker', tracker)

  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })

  app.addHook('preClose', async () => {
    closing = true
    for (const res of streams) endStream(res)
    streams.clear()
    if (app.server.listening) {
      idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS)
      idleSweep.unref()
    }
  })

  app.addHook('onClose', async () => { clearInterval(idleSweep) })
}, { name: 'shutdown' })
