// The circuit breaker and concurrency limit of one backend. After `threshold` infrastructure failures in a
// row (timeouts, refused connections, 5xx) calls fail at once with a clear message instead of each waiting out
// its deadline; after `halfOpenAfterMs` the next call is let through as a test (half-open): success closes the
// circuit, failure opens it again. 4xx answers and calls the caller cancelled never count.
import {
  BrokenCircuitError, BulkheadRejectedError, CircuitState, ConsecutiveBreaker, bulkhead, circuitBreaker, handleWhen, wrap
} from 'cockatiel'
import { BackendError } from '../core/errors.js'

export const BREAKER_THRESHOLD = 5
export const BREAKER_HALF_OPEN_MS = 15_000

export interface CircuitOptions {
  /** Consecutive failures that open the circuit (default 5). */
  threshold?: number
  /** How long an open circuit fails fast before letting one test call through (default 15 s). */
  halfOpenAfterMs?: number
}

/** A circuit as /health shows it. */
export interface CircuitStatus {
  state: 'closed' | 'open' | 'half-open'
  /** Infrastructure failures in a row (resets on any success). */
  failures: number
  /** When it opened (ISO 8601); only while open or half-open. */
  openedAt?: string
  /** When the next call is let through as a test (ISO 8601); only while open. */
  retryAt?: string
  /** The last failure that counted (a public message), while any are counted: why it is open. */
  lastError?: string
}

const STATE_NAMES: Record<CircuitState, CircuitStatus['state']> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open'
}

export function createCircuit (o: { service: string, concurrency: number, circuit?: CircuitOptions }) {
  const threshold = o.circuit?.threshold ?? BREAKER_THRESHOLD
  const halfOpenAfterMs = o.circuit?.halfOpenAfterMs ?? BREAKER_HALF_OPEN_MS
  /** Errors of calls the caller cancelled: never held against the backend. */
  const cancelled = new WeakSet<object>()
  const counter = new ConsecutiveBreaker(threshold)
  const breaker = circuitBreaker(handleWhen(err =>
    err instanceof BackendError && (err.code === 'unavailable' || err.code === 'timeout') && !cancelled.has(err)), {
    halfOpenAfter: halfOpenAfterMs,
    breaker: counter
  })
  let openedAt: number | undefined
  /** Why the last counted call failed: the open circuit's message keeps it, so "paused" never hides the cause. */
  let lastCause: string | undefined
  breaker.onBreak(() => { openedAt = Date.now() })
  breaker.onReset(() => { openedAt = undefined })
  breaker.onFailure(({ reason }) => {
    if ('error' in reason && reason.error instanceof BackendError && !cancelled.has(reason.error)) lastCause = reason.error.message
  })
  breaker.onSuccess(() => { lastCause = undefined })
  const policy = wrap(bulkhead(o.concurrency, 64), breaker)

  async function execute<T> (fn: () => Promise<T>): Promise<T> {
    try {
      return await policy.execute(fn)
    } catch (err) {
      if (err instanceof BrokenCircuitError) {
        const wait = openedAt === undefined ? 0 : Math.max(1, Math.ceil((openedAt + halfOpenAfterMs - Date.now()) / 1000))
        const cause = lastCause === undefined ? '' : ` Last failure: ${lastCause}`
        throw new BackendError(o.service, `${o.service} failed ${threshold} times in a row, so calls to it are paused${wait ? ` for about ${wait} s more` : ''}. Check that it is running, then retry.${cause}`, undefined, 'unavailable')
      }
      if (err instanceof BulkheadRejectedError) {
        throw new BackendError(o.service, `${o.service} is busy with too many requests from this server; retry in a moment.`, undefined, 'unavailable')
      }
      throw err
    }
  }

  function status (): CircuitStatus {
    const state = STATE_NAMES[breaker.state]
    const out: CircuitStatus = { state, failures: counter.state }
    if (lastCause !== undefined && (state !== 'closed' || out.failures > 0)) out.lastError = lastCause
    if (state !== 'closed' && openedAt !== undefined) {
      out.openedAt = new Date(openedAt).toISOString()
      if (state === 'open') out.retryAt = new Date(openedAt + halfOpenAfterMs).toISOString()
    }
    return out
  }

  return { execute, status, markCancelled: (err: object) => { cancelled.add(err) } }
}
