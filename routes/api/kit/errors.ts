// The error handler of the /api/* route plugins: validation failures become 400 with what to fix,
// other 4xx keep their status, 5xx are masked (logged with detail, answered generically).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

export function apiErrorHandler (err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store')
  if (err.validation || err.code === 'FST_ERR_VALIDATION') {
    return reply.code(400).send({
      error: 'invalid_request',
      message: `Invalid ${err.validationContext ?? 'request'}: ${err.message}`,
      hint: 'See /api/openapi.json for the accepted fields.'
    })
  }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: status === 429 ? 'rate_limited' : 'bad_request', message: err.message, hint: status === 429 ? 'Wait a moment and retry.' : 'Check the request against /api/openapi.json.' })
  }
  request.log.error({ err }, 'api route failed')
  return reply.code(500).send({ error: 'internal_error', message: 'The server failed to answer this request.', hint: 'It has been logged; try again, and check the server log if it keeps failing.' })
}
