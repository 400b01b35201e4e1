// The 2025-era MCP sessions: bound to the credential that opened them, capped, hibernated and expired when idle.
// A session is awake while it holds its protocol server and transport (~15 KB of heap); hibernated, it keeps
// only its record here and what the caller stored in its value, and is woken (rebuilt) by its next request.
// A session hibernates when idle for `hibernateMs`, or at once when more than `awake` sessions are awake (the
// least recently used idle one first), so 3,000 open sessions cost ~3,000 records, not ~3,000 servers.
// A credential's sessions make room only for that credential: at a cap, its own least recently used session
// gives way, never another credential's. Room for everyone else comes from the caps on what one credential,
// one OAuth client registration (any number of grants) and one registering address may hold, and from the
// room kept for the internal key (the chat bot), which strangers' sessions never fill.
// Holds no SDK types, so the policy is testable on its own with a fake clock.

export interface SessionLimits {
  /** A session with no request for this long (and no open stream) is closed. */
  idleMs: number
  /** A session with no request for this long (and no open stream) hibernates (default: never). */
  hibernateMs?: number
  /** Awake sessions at most: beyond this, the least recently used idle ones hibernate (default: no cap). */
  awake?: number
  /** Open sessions at most; initialize beyond this is refused. */
  max: number
  /** Open sessions per principal (credential) at most. */
  perPrincipal: number
  /** Open sessions of all the credentials issued to one OAuth client registration, at most. */
  perClient: number
  /** Open sessions of all the credentials of the clients registered from one address, at most. */
  perSource: number
  /** Of `max`, the sessions only a kept holder (the internal key) may open. */
  kept: number
}

/** Who opens a session: the credential, and for OAuth what it was issued to. */
export interface Holder {
  /** The principal id of the credential. */
  readonly id: string
  /** The OAuth client registration the credential was issued to. */
  readonly client?: string
  /** The (hashed) address that registered that client. */
  readonly source?: string
  /** The internal key: `limits.kept` sessions are kept free for it. */
  readonly kept?: boolean
}

export type RefusalReason = 'principal' | 'client' | 'source' | 'full'
export type Reservation = { ok: true } | { ok: false, reason: RefusalReason }

export interface Session<T> {
  readonly id: string
  /** Principal id of the credential that opened the session. */
  readonly owner: string
  readonly holder: Holder
  readonly value: T
  lastSeen: number
  /** Requests (and GET streams) currently being served on this session. */
  active: number
  /** Whether the session holds its protocol server (see woke() and onHibernate). */
  awake: boolean
}

export type SessionLookup<T> =
  | { ok: true, session: Session<T> }
  | { ok: false, reason: 'unknown' | 'foreign' }

export type RemoveReason = 'idle' | 'closed' | 'evicted'

export interface SessionStoreOptions<T> {
  limits: SessionLimits
  /** Called once for every session that leaves the store (expired, deleted or closed at shutdown). */
  onRemove: (session: Session<T>, why: RemoveReason) => void
  /** Called when an idle awake session hibernates: drop what woke() will rebuild. */
  onHibernate?: (session: Session<T>) => void
  now?: () => number
}

/** The tallies a holder counts in: its credential, its registration, its address, and the room not kept. */
function tallyKeys (holder: Holder): string[] {
  const keys = [`p:${holder.id}`]
  if (holder.client !== undefined) keys.push(`c:${holder.client}`)
  if (holder.source !== undefined) keys.push(`s:${holder.source}`)
  if (holder.kept !== true) keys.push('open')
  return keys
}

export function createSessionStore<T> (options: SessionStoreOptions<T>) {
  const limits = { ...options.limits }
  const now = options.now ?? Date.now
  const sessions = new Map<string, Session<T>>()
  // The awake sessions, least recently used first (a Map keeps insertion order; a use re-inserts).
  const awake = new Map<string, Session<T>>()
  // Sessions and initialize requests in flight (which count before their session id exists), per tally key.
  const tally = new Map<string, number>()
  // Initialize requests in flight per principal id, so a slot is given back at most once.
  const pending = new Map<string, number>()
  let pendingTotal = 0

  const count = (key: string) => tally.get(key) ?? 0
  function bump (holder: Holder, by: 1 | -1) {
    for (const key of tallyKeys(holder)) {
      const n = count(key) + by
      if (n <= 0) tally.delete(key)
      else tally.set(key, n)
    }
  }

  /** The caps other than the credential's own that a new session of `holder` would exceed. */
  function overCap (holder: Holder): RefusalReason | undefined {
    if (holder.client !== undefined && count(`c:${holder.client}`) >= limits.perClient) return 'client'
    if (holder.source !== undefined && count(`s:${holder.source}`) >= limits.perSource) return 'source'
    if (sessions.size + pendingTotal >= limits.max) return 'full'
    if (holder.kept !== true && count('open') >= limits.max - limits.kept) return 'full'
    return undefined
  }

  /** The credential's least recently used session: an idle one, else (when `busyToo`) any. */
  function ownOldest (owner: string, busyToo: boolean): Session<T> | undefined {
    const mine = [...sessions.values()].filter(session => session.owner === owner).sort((a, b) => a.lastSeen - b.lastSeen)
    return mine.find(session => session.active === 0) ?? (busyToo ? mine[0] : undefined)
  }

  /**
   * Takes a slot for a new session of `holder`. Pair with add() or release(). At its own cap a credential
   * gives up its least recently used session (an open GET event stream counts as activity, and clients often
   * leave one open, so a busy one too: a client that reconnects without DELETE never locks itself out). At
   * any other cap it gives up its least recently used idle session, if it has one; otherwise it is refused.
   * Another credential's session is never given up.
   */
  function reserve (holder: Holder): Reservation {
    if (count(`p:${holder.id}`) >= limits.perPrincipal) {
      const own = ownOldest(holder.id, true)
      if (!own) return { ok: false, reason: 'principal' }
      remove(own.id, 'evicted')
    }
    const over = overCap(holder)
    if (over !== undefined) {
      const own = ownOldest(holder.id, false)
      if (!own) return { ok: false, reason: over }
      remove(own.id, 'evicted')
      const still = overCap(holder)
      if (still !== undefined) return { ok: false, reason: still }
    }
    bump(holder, 1)
    pending.set(holder.id, (pending.get(holder.id) ?? 0) + 1)
    pendingTotal++
    return { ok: true }
  }

  /** Ends a reservation; returns false when `holder` had none. */
  function unreserve (holder: Holder): boolean {
    const n = pending.get(holder.id) ?? 0
    if (n === 0) return false
    if (n === 1) pending.delete(holder.id)
    else pending.set(holder.id, n - 1)
    pendingTotal--
    return true
  }

  /** Gives back a slot reserve() took whose session never opened. */
  function release (holder: Holder) {
    if (unreserve(holder)) bump(holder, -1)
  }

  /** Turns a reserved slot into a session (it keeps counting where the slot counted). */
  function add (id: string, holder: Holder, value: T): Session<T> {
    if (!unreserve(holder)) bump(holder, 1)
    const session: Session<T> = { id, owner: holder.id, holder, value, lastSeen: now(), active: 0, awake: false }
    sessions.set(id, session)
    woke(session)
    return session
  }

  /** Marks a session awake (just opened, or rebuilt by its next request); others beyond the cap hibernate. */
  function woke (session: Session<T>) {
    if (!sessions.has(session.id)) return
    session.awake = true
    touch(session)
    for (const other of awake.values()) {
      if (awake.size <= (limits.awake ?? Infinity)) break
      if (other !== session) hibernate(other)
    }
  }

  function touch (session: Session<T>) {
    if (!session.awake) return
    awake.delete(session.id)
    awake.set(session.id, session)
  }

  /** Hibernates an awake session with nothing in flight; returns whether it did. */
  function hibernate (session: Session<T>): boolean {
    if (!session.awake || session.active > 0) return false
    session.awake = false
    awake.delete(session.id)
    options.onHibernate?.(session)
    return true
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
    touch(session)
    let left = false
    return () => {
      if (left) return
      left = true
      session.active--
      session.lastSeen = now()
      touch(session)
    }
  }

  /** Forgets a session without calling onRemove (the transport reported it closed itself). */
  function forget (id: string | undefined) {
    const session = id === undefined ? undefined : sessions.get(id)
    if (!session) return
    sessions.delete(session.id)
    awake.delete(session.id)
    bump(session.holder, -1)
  }

  function remove (id: string, why: RemoveReason) {
    const session = sessions.get(id)
    if (!session) return
    sessions.delete(id)
    awake.delete(id)
    bump(session.holder, -1)
    options.onRemove(session, why)
  }

  /**
   * Closes every session idle for longer than limits.idleMs at `at`, and hibernates the awake ones idle for
   * longer than limits.hibernateMs. Returns how many were closed.
   */
  function sweep (at = now()): number {
    let closed = 0
    for (const session of [...sessions.values()]) {
      if (session.active > 0) continue
      if (at - session.lastSeen > limits.idleMs) {
        remove(session.id, 'idle')
        closed++
      } else if (at - session.lastSeen > (limits.hibernateMs ?? Infinity)) hibernate(session)
    }
    return closed
  }

  /** The open sessions of one credential (principal id). */
  function ownedBy (owner: string): Session<T>[] {
    return [...sessions.values()].filter(session => session.owner === owner)
  }

  function closeAll () {
    for (const id of [...sessions.keys()]) remove(id, 'closed')
  }

  function configure (next: Partial<SessionLimits>) {
    if (next.idleMs !== undefined) limits.idleMs = next.idleMs
    if (next.hibernateMs !== undefined) limits.hibernateMs = next.hibernateMs
    if (next.awake !== undefined) limits.awake = next.awake
    if (next.max !== undefined) limits.max = next.max
    if (next.perPrincipal !== undefined) limits.perPrincipal = next.perPrincipal
    if (next.perClient !== undefined) limits.perClient = next.perClient
    if (next.perSource !== undefined) limits.perSource = next.perSource
    if (next.kept !== undefined) limits.kept = next.kept
  }

  return {
    reserve,
    release,
    add,
    lookup,
    enter,
    forget,
    remove,
    woke,
    hibernate,
    sweep,
    ownedBy,
    closeAll,
    configure,
    get size () { return sessions.size },
    get awakeCount () { return awake.size },
    get limits (): Readonly<SessionLimits> { return limits }
  }
}

export type SessionStore<T> = ReturnType<typeof createSessionStore<T>>
