// /api/dashboard/leaving: the dashboard's "Leaving soon" list, read from the watched cleanup's marks
// (lib/library/leaving-soon.ts, STATE_DIR). Read-only, behind the same bearer auth as the rest of /api/dashboard.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createLeavingSoonStore, LeavingSoonStoreError } from '../../lib/library/leaving-soon.js'
import { apiScope } from './kit/scope.js'
import { LEAVING_ROUTES as R } from './leaving/routes.js'

export default fp(async function leavingApiRoutes (app) {
  await app.register(apiScope(async function leavingApi (child: FastifyInstance) {
    child.route({
      method: R.list.method,
      url: R.list.url,
      schema: R.list.schema,
      handler: async (_request, reply) => {
        const days = child.config.CLEANUP_LEAVING_SOON_DAYS
        try {
          const marks = await createLeavingSoonStore(child.config.STATE_DIR).list(days * 86_400_000)
          return {
            items: marks.map(m => ({ key: m.key, title: m.title, ...(m.kind ? { kind: m.kind } : {}), ...(m.year ? { year: m.year } : {}), markedAt: m.markedAt, deletableFrom: m.deletableFrom })),
            windowDays: days
          }
        } catch (err) {
          if (!(err instanceof LeavingSoonStoreError)) throw err
          return reply.code(503).send({ error: 'leaving_unavailable', message: err.message, hint: 'Fix or remove the file; the watched cleanup marks the titles again.' })
        }
      }
    })
  }))
}, { name: 'leaving-api-routes', dependencies: ['auth', 'origin-guard'] })
