// Turns a dashboard section's failure into a reason a person can read.
import type { FastifyBaseLogger } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import { DeadlineError } from '../../../core/deadline.js'

/** BackendError/ToolError and deadline messages are public by design; anything else is logged. */
export function publicReason (err: unknown, service: string, log: FastifyBaseLogger): string {
  if (err instanceof DeadlineError || err instanceof ToolError) return err.message
  log.warn({ err, service }, 'dashboard section failed unexpectedly')
  return `${service} could not be read; the server log has details.`
}
