// /api/dashboard: the dashboard's data, actions and live stream (routes declared in dashboard/routes.ts).
// Behind the origin guard (global onRequest hook) and bearer auth (this plugin's preHandler).
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actionHandlers } from './dashboard/actions.js'
import { auditHandler, auditedAction } from './dashboard/audit.js'
import { eventStreamHandler, type EventStreamOptions } from './dashboard/events.js'
import { DASHBOARD_ROUTES as R } from './dashboard/routes.js'
import { createSnapshotSource, type SnapshotOptions } from './dashboard/snapshot.js'
import { apiScope } from './kit/scope.js'

export type DashboardOptions = SnapshotOptions & EventStreamOptions

export default fp<DashboardOptions>(async function dashboardRoutes (app, opts) {
  await app.register(apiScope(async function dashboardApi (child: FastifyInstance) {
    const source = createSnapshotSource(child, opts)
    const actions = actionHandlers(child, source)
    const principal = (request: FastifyRequest) => request.principal!

    const route = (r: { method: 'GET' | 'POST', url: string, schema: object }, handler: (...args: any[]) => unknown) =>
      child.route({ method: r.method, url: r.url, schema: r.schema, handler: handler as never })

    route(R.snapshot, async request => source.snapshot(principal(request)))
    route(R.services, async () => source.services())
    route(R.downloads, async () => source.downloads())
    route(R.nowPlaying, async () => source.nowPlaying())
    route(R.library, async () => source.library())
    route(R.jobs, async request => source.jobs(principal(request)))
    route(R.activity, async () => source.activity())
    route(R.audit, auditHandler(child))
    route(R.events, eventStreamHandler(child, source, opts))
    // Actions change things: each is recorded in the audit trail first (refused with 503 when it cannot be).
    route(R.stopSession, auditedAction(child, 'dashboard.stop_playback', actions.stopSession))
    route(R.messageSession, auditedAction(child, 'dashboard.message_player', actions.messageSession))
    route(R.cancelJob, auditedAction(child, 'dashboard.cancel_job', actions.cancelJob))
  }))
}, { name: 'dashboard-routes', dependencies: ['auth', 'origin-guard', 'jobs', 'backends', 'shutdown', 'audit'] })
