// GET /health: the readiness signal. Answers from memory only: the last background probe of each backend
// (plugins/backend-probe.ts) and the job counts. No auth, so it shows nothing sensitive: no URLs, no keys,
// no job details, and the response schema drops any field not listed here. Without a bearer token (monitors,
// HEALTHCHECK) the errors say what failed but not where: URLs and hosts are left out; with a valid token
// (INTERNAL_API_KEY or an OAuth token) they are shown as core/display-url.ts shows any URL.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { withoutAddresses } from '../core/display-url.js'
import { packageVersion } from '../core/package-version.js'
import { Type } from '@sinclair/typebox'
import backendProbe from '../plugins/backend-probe.js'
import { allBackends } from '../plugins/backends.js'
import { CacheHealth } from './health-cache.js'

const BackendHealth = Type.Object({
  service: Type.String({ description: 'Backend name, e.g. Sonarr' }),
  configured: Type.Boolean({ description: 'Whether its credentials are set' }),
  reachable: Type.Boolean({ description: 'Whether the last probe got an answer' }),
  latencyMs: Type.Optional(Type.Integer({ description: 'Round trip of the last probe' })),
  version: Type.Optional(Type.String({ description: 'Version the backend reported' })),
  checkedAt: Type.String({ description: 'When the last probe ran (ISO 8601)' }),
  error: Type.Optional(Type.String({ description: 'Why the last probe failed' })),
  versionStatus: Type.Optional(Type.Union([Type.Literal('supported'), Type.Literal('unsupported'), Type.Literal('untested')], {
    description: 'Verdict on the reported version: unsupported is older than the supported range, untested a newer major'
  })),
  warning: Type.Optional(Type.String({ description: 'What is wrong with the reported version and what to do' })),
  circuit: Type.Optional(Type.Object({
    state: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half-open')], {
      description: 'closed: calls go through; open: calls fail at once after repeated failures; half-open: the next call tests it'
    }),
    failures: Type.Integer({ description: 'Timeouts and connection failures in a row' }),
    openedAt: Type.Optional(Type.String({ description: 'When it opened (ISO 8601)' })),
    retryAt: Type.Optional(Type.String({ description: 'When the next call is let through as a test (ISO 8601)' })),
    lastError: Type.Optional(Type.String({ description: 'Why the last counted call failed, while failures are counted (the cause an open circuit keeps)' }))
  }, { description: 'The circuit breaker on calls to this backend, as of now' }))
})

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], {
    description: 'degraded: a configured backend is unreachable, its circuit is open, or it runs an unsupported version (an untested newer version only warns)'
  }),
  version: Type.String({ description: 'Tool server version' }),
  uptimeSeconds: Type.Integer({ description: 'Seconds since the server started' }),
  backends: Type.Array(BackendHealth, { description: 'Last probe of each backend; empty until the first probe, right after start' }),
  caches: Type.Array(CacheHealth, { description: 'Whole-library caches, one per backend instance that keeps one' }),
  jobs: Type.Object({
    running: Type.Integer({ description: 'Jobs running now' }),
    queued: Type.Integer({ description: 'Jobs waiting for a slot' })
  }),
  warnings: Type.Optional(Type.Array(Type.String(), { description: 'What is wrong with this server\'s own stores (a damaged audit log set aside at start) and what was done' }))
})

type Backend = ReturnType<FastifyInstance['backendStatus']>[number]

/** A backend as anyone may see it: its state and why, without the address it was tried at. */
function statesOnly (b: Backend): Backend {
  const out = b.error === undefined ? { ...b } : { ...b, error: withoutAddresses(b.error) }
  if (out.circuit?.lastError !== undefined) out.circuit = { ...out.circuit, lastError: withoutAddresses(out.circuit.lastError) }
  return out
}

export default fp(async function healthRoutes (app) {
  // Installed here when app.ts has not registered it already, so /health always has its data source.
  if (!app.hasDecorator('backendStatus')) await app.register(backendProbe)
  const version = packageVersion()
  const startedAt = Date.now()

  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async (request, reply) => {
    if (request.headers.authorization !== undefined && app.hasDecorator('authenticate')) {
      await app.authenticate(request, reply)
      if (reply.sent) return reply
    }
    const backends = request.principal ? app.backendStatus() : app.backendStatus().map(statesOnly)
    const warnings = app.hasDecorator('audit') ? app.audit.warnings() : []
    reply.header('cache-control', 'no-store')
    return {
      status: backends.some(b => b.configured && (!b.reachable || b.versionStatus === 'unsupported' || b.circuit?.state === 'open')) ? 'degraded' : 'ok',
      version,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      backends,
      caches: allBackends(app).flatMap(b => (b.cache ? [b.cache.stats()] : [])),
      jobs: app.jobs.counts(),
      ...(warnings.length ? { warnings } : {})
    }
  })
}, { name: 'health', dependencies: ['jobs'] })
