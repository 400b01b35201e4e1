// One bound on how long a caller waits for work whose own limits are longer or unknown (a dashboard
// section, one part of a title's state, a background probe). The work itself is not cancelled here: the
// caller aborts it with its own signal when it needs to.

/**
 * How long one source is waited for, everywhere: a backend read (retries included, clients/http.ts), a dashboard
 * section, one part of a title's state. One hung source then reads the same in every answer (issue 34 item 12:
 * it was 10 s, 4 s and 8 s).
 */
export const SOURCE_DEADLINE_MS = 10_000

let sourceDeadlineInForce = SOURCE_DEADLINE_MS
/**
 * The source deadline this process waits with: SOURCE_DEADLINE_MS, unless setSourceDeadline changed it. The test
 * apps (test/helpers/build.ts) wait longer: on a loaded machine a simulator's first answer (its contract
 * validators compile then) can take longer than 10 s. Read when a client or route is built, or at each wait.
 */
export const sourceDeadlineMs = () => sourceDeadlineInForce
export function setSourceDeadline (ms: number) { sourceDeadlineInForce = ms }

/** "10 s" (or "300 ms" below a second): how a deadline is said. */
export const deadlineWords = (ms: number) => ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`

/** The one way a source that did not answer in time is said: "Sonarr did not answer in 10 s." */
export const didNotAnswer = (source: string, ms = sourceDeadlineMs()) => `${source} did not answer in ${deadlineWords(ms)}.`

export class DeadlineError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'DeadlineError'
  }
}

/** Resolves like `work`, or rejects with DeadlineError(message) after `ms`; the timer never holds the process open. */
export async function withDeadline<T> (work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(message)), ms)
    timer.unref()
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
