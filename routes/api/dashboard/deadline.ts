// Bounds how long one dashboard section may wait for its backend, and turns failures into public reasons.
import type { FastifyBaseLogger } from 'fastify'
import { ToolError } from '../../../core/errors.js'

export class DeadlineError extends Error {}

/** Resolves like `work`, or rejects with DeadlineError after `ms` (the backend call itself is bounded by its client). */
export async function withDeadline<T> (work: Promise<T>, ms: number, service: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${service} did not answer within ${ms / 1000} s.`)), ms)
    timer.unref()
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** A reason a person can read: BackendError/ToolError messages are public by design; anything else is logged. */
export function publicReason (err: unknown, service: string, log: FastifyBaseLogger): string {
  if (err instanceof DeadlineError || err instanceof ToolError) return err.message
  log.warn({ err, service }, 'dashboard section failed unexpectedly')
  return `${service} could not be read; the server log has details.`
}
