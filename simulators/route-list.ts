// Which routes each simulator serves, by service ("GET /Items/{itemId}"), gathered as the routes are registered,
// so test/simulators/fidelity.test.ts can require a fidelity row (a cited source) for every one of them.
import type { FastifyInstance } from 'fastify'
import type { Service } from './fidelity/types.js'

const served = new Map<Service, Set<string>>()

/** Records routes served outside Fastify's router (pyLoad dispatches /api/<method> itself). */
export function recordRoutes (service: Service, routes: Iterable<string>): void {
  const set = served.get(service) ?? new Set<string>()
  for (const r of routes) set.add(r)
  served.set(service, set)
}

/**
 * Records every route registered on `app` from now on (HEAD, which Fastify adds to each GET, left out; path
 * parameters written {name}). `except` names catch-all routes that only forward to another simulator.
 */
export function attachRouteList (app: FastifyInstance, service: Service, o: { except?: string[] } = {}): void {
  app.addHook('onRoute', route => {
    if (o.except?.includes(route.url)) return
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(m => m !== 'HEAD')
    recordRoutes(service, methods.map(m => `${m} ${route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`))
  })
}

/** The routes every simulator created so far in this process has served, by service. */
export function servedRoutes (): ReadonlyMap<Service, ReadonlySet<string>> {
  return served
}
