// Which routes a simulator was asked for, by route pattern ("GET /api/v3/series/:id") with each request's query,
// so tests can prove a read about one title never asked for a whole library.
import type { FastifyInstance } from 'fastify'

export interface LoggedRequest { route: string, query: Record<string, unknown> }

export function attachRequestLog (app: FastifyInstance) {
  const log: LoggedRequest[] = []
  app.addHook('onResponse', async (request) => {
    log.push({ route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`, query: { ...(request.query as Record<string, unknown>) } })
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
