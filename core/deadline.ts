// One bound on how long a caller waits for work whose own limits are longer or unknown (a dashboard
// section, one part of a title's state, a background probe). The work itself is not cancelled here: the
// caller aborts it with its own signal when it needs to.

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
