// Backoff for wrong approval passphrases, per client and for the whole server. A few mistakes are free;
// after that each further failure doubles the wait before the next attempt is even checked. A new
// approval request (or a new client) does not reset anything, so the 5-per-request limit cannot be
// sidestepped by starting over. Framework-free, with an injectable clock.

export interface BackoffPolicy {
  /** Failures allowed within `windowMs` before waits begin. */
  free: number
  /** First wait, ms; doubles with each further failure up to `maxWaitMs`. */
  baseWaitMs: number
  maxWaitMs: number
  /** Failures older than this are forgotten, ms. */
  windowMs: number
}

export const PASSPHRASE_BACKOFF: { client: BackoffPolicy, global: BackoffPolicy } = {
  client: { free: 5, baseWaitMs: 2_000, maxWaitMs: 15 * 60_000, windowMs: 60 * 60_000 },
  global: { free: 20, baseWaitMs: 1_000, maxWaitMs: 60_000, windowMs: 15 * 60_000 }
}

/** Clients tracked at most (oldest forgotten first); the global counter bounds anything beyond. */
const MAX_TRACKED = 1000

interface Failures { count: number, last: number }

export function createPassphraseThrottle (policies = PASSPHRASE_BACKOFF) {
  const perClient = new Map<string, Failures>()
  let global: Failures = { count: 0, last: 0 }

  function waitOf (f: Failures | undefined, policy: BackoffPolicy, now: number): number {
    if (!f || now - f.last > policy.windowMs || f.count < policy.free) return 0
    const wait = Math.min(policy.maxWaitMs, policy.baseWaitMs * 2 ** (f.count - policy.free))
    return Math.max(0, f.last + wait - now)
  }

  function bump (f: Failures | undefined, policy: BackoffPolicy, now: number): Failures {
    const count = f && now - f.last <= policy.windowMs ? f.count + 1 : 1
    return { count, last: now }
  }

  return {
    /** Milliseconds to wait before a passphrase for this client may be checked (0: check it now). */
    retryAfter (clientId: string, now: number): number {
      return Math.max(waitOf(perClient.get(clientId), policies.client, now), waitOf(global, policies.global, now))
    },
    failed (clientId: string, now: number) {
      const next = bump(perClient.get(clientId), policies.client, now)
      perClient.delete(clientId)
      perClient.set(clientId, next)
      if (perClient.size > MAX_TRACKED) perClient.delete(perClient.keys().next().value!)
      global = bump(global, policies.global, now)
    },
    succeeded (clientId: string) {
      perClient.delete(clientId)
    }
  }
}

export type PassphraseThrottle = ReturnType<typeof createPassphraseThrottle>
