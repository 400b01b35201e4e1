// Which routes a simulator was asked for, by route pattern ("GET /api/v3/series/:id") with each request's query
// and the size of its answer, so tests can prove a read about one title never asked for a whole library and the
// bench can show how many bytes each read tool pulled from the backends.
import type { FastifyInstance } from 'fastify'

export interface LoggedRequest {
  route: string
  query: Record<string, unknown>
  bytes: number
  /** Time the simulator took to answer (Fastify's reply.elapsedTime). */
  ms: number
}

function sizeOf (payload: unknown): number {
  if (typeof payload === 'string') return Buffer.byteLength(payload)
  if (payload instanceof Uint8Array) return payload.byteLength
  return -1 // a stream: its size is not known here
}

export function attachRequestLog (app: FastifyInstance) {
  const log: LoggedRequest[] = []
  const sizes = new WeakMap<object, number>()
  app.addHook('onSend', async (request, _reply, payload) => { sizes.set(request, sizeOf(payload)) })
  app.addHook('onResponse', async (request, reply) => {
    log.push({ route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`, query: { ...(request.query as Record<string, unknown>) }, bytes: sizes.get(request) ?? 0, ms: reply.elapsedTime })
  })
  return {
    /** Every request so far, oldest first. */
    all: (): readonly LoggedRequest[] => log,
    /** How many requests hit this route pattern (optionally only those whose query passes `where`). */
    count: (route: string, where?: (query: Record<string, unknown>) => boolean) => log.filter(r => r.route === route && (!where || where(r.query))).length,
    clear: () => { log.length = 0 }
  }
}

export type RequestLog = ReturnType<typeof attachRequestLog>
