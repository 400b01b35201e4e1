// The 2025-era MCP sessions: bound to the principal that opened them, capped per principal and overall,
// and expired when idle. When the server is full, the principal holding the most sessions gives up its
// least recently used idle one, so credentials that filled the table cannot keep everyone else out.
// Holds no SDK types, so the policy is testable on its own with a fake clock.

export interface SessionLimits {
  /** A session with no request for this long (and no open stream) is closed. */
  idleMs: number
  /** Open sessions at most; initialize beyond this is refused. */
  max: number
  /** Open sessions per principal (credential) at most. */
  perPrincipal: number
}

export type Reservation = { ok: true } | { ok: false, reason: 'principal' | 'full' }

export interface Session<T> {
  readonly id: string
  /** Principal id of the credential that opened the session. */
  readonly owner: string
  readonly value: T
  lastSeen: number
  /** Requests (and GET streams) currently being served on this session. */
  active: number
}

export type SessionLookup<T> =
  | { ok: true, session: Session<T> }
  | { ok: false, reason: 'unknown' | 'foreign' }

export type RemoveReason = 'idle' | 'closed' | 'evicted'

export interface SessionStoreOptions<T> {
  limits: SessionLimits
  /** Called once for every session that leaves the store (expired, deleted or closed at shutdown). */
  onRemove: (session: Session<T>, why: RemoveReason) => void
  now?: () => number
}

export function createSessionStore<T> (options: SessionStoreOptions<T>) {
  const limits = { ...options.limits }
  const now = options.now ?? Date.now
  const sessions = new Map<string, Session<T>>()
  // Initialize requests in flight, per principal: they count against the caps before their session id exists.
  const pending = new Map<string, number>()
  let pendingTotal = 0

  function held (owner: string): number {
    let n = pending.get(owner) ?? 0
    for (const session of sessions.values()) if (session.owner === owner) n++
    return n
  }

  /** The least recently used idle session of the principal (other than `requester`) holding the most. */
  function evictable (requester: string): Session<T> | undefined {
    const counts = new Map<string, number>()
    for (const session of sessions.values()) if (session.owner !== requester) counts.set(session.owner, (counts.get(session.owner) ?? 0) + 1)
    const heaviest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
    return [...sessions.values()]
      .filter(session => session.owner === heaviest && session.active === 0)
      .sort((a, b) => a.lastSeen - b.lastSeen)[0]
  }

  /**
   * The session of `owner` to give up for its new one: the least recently used idle one, else the least
   * recently used (an open GET event stream counts as activity, and clients often leave one open).
   */
  function ownOldest (owner: string): Session<T> | undefined {
    const mine = [...sessions.values()].filter(session => session.owner === owner).sort((a, b) => a.lastSeen - b.lastSeen)
    return mine.find(session => session.active === 0) ?? mine[0]
  }

  /**
   * Takes a slot for a new session of `owner`. Pair with add() or release(). At its cap a credential gives up
   * its own least recently used session (a client that reconnects without DELETE never locks itself out, and
   * one credential still never holds more than perPrincipal); refused only while its cap is all initializing.
   */
  function reserve (owner: string): Reservation {
    if (held(owner) >= limits.perPrincipal) {
      const own = ownOldest(owner)
      if (!own) return { ok: false, reason: 'principal' }
      remove(own.id, 'evicted')
    }
    if (sessions.size + pendingTotal >= limits.max) {
      const victim = evictable(owner)
      if (!victim) return { ok: false, reason: 'full' }
      remove(victim.id, 'evicted')
    }
    pending.set(owner, (pending.get(owner) ?? 0) + 1)
    pendingTotal++
    return { ok: true }
  }

  function release (owner: string) {
    const n = pending.get(owner) ?? 0
    if (n === 0) return
    if (n === 1) pending.delete(owner)
    else pending.set(owner, n - 1)
    pendingTotal--
  }

  /** Turns a reserved slot into a session. */
  function add (id: string, owner: string, value: T): Session<T> {
    release(owner)
    const session: Session<T> = { id, owner, value, lastSeen: now(), active: 0 }
    sessions.set(id, session)
    return session
  }

  function lookup (id: string, principalId: string): SessionLookup<T> {
    const session = sessions.get(id)
    if (!session) return { ok: false, reason: 'unknown' }
    if (session.owner !== principalId) return { ok: false, reason: 'foreign' }
    return { ok: true, session }
  }

  /** Marks the start of a request on the session; call the returned function when its response ends. */
  function enter (session: Session<T>): () => void {
    session.active++
    session.lastSeen = now()
    let left = false
    return () => {
      if (left) return
      left = true
      session.active--
      session.lastSeen = now()
    }
  }

  /** Forgets a session without calling onRemove (the transport reported it closed itself). */
  function forget (id: string | undefined) {
    if (id !== undefined) sessions.delete(id)
  }

  function remove (id: string, why: RemoveReason) {
    const session = sessions.get(id)
    if (!session) return
    sessions.delete(id)
    options.onRemove(session, why)
  }

  /** Closes every session idle for longer than limits.idleMs at `at`. Returns how many were closed. */
  function sweep (at = now()): number {
    let closed = 0
    for (const session of [...sessions.values()]) {
      if (session.active === 0 && at - session.lastSeen > limits.idleMs) {
        remove(session.id, 'idle')
        closed++
      }
    }
    return closed
  }

  function closeAll () {
    for (const id of [...sessions.keys()]) remove(id, 'closed')
  }

  function configure (next: Partial<SessionLimits>) {
    if (next.idleMs !== undefined) limits.idleMs = next.idleMs
    if (next.max !== undefined) limits.max = next.max
    if (next.perPrincipal !== undefined) limits.perPrincipal = next.perPrincipal
  }

  return {
    reserve,
    release,
    add,
    lookup,
    enter,
    forget,
    remove,
    sweep,
    closeAll,
    configure,
    get size () { return sessions.size },
    get limits (): Readonly<SessionLimits> { return limits }
  }
}

export type SessionStore<T> = ReturnType<typeof createSessionStore<T>>
