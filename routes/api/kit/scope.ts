// The one /api scope every route plugin opens its routes in: bearer auth before the handler, no caching of
// answers, the shared error shape, and TypeBox validation that refuses unknown fields.
import type { FastifyInstance } from 'fastify'
import { apiErrorHandler } from './errors.js'
import { typeboxValidator } from './validation.js'

export function apiScope (build: (child: FastifyInstance) => Promise<void> | void) {
  return async function apiScopePlugin (child: FastifyInstance) {
    child.addHook('preHandler', child.authenticate)
    child.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store')
      return payload
    })
    child.setErrorHandler(apiErrorHandler)
    child.setValidatorCompiler(typeboxValidator)
    await build(child)
  }
}
