// A small read-through cache for answers that only come whole (a manager's full library list), one per backend
// instance. Correct before fast:
//  - invalidate() drops every entry, and a fetch that was already under way when it was called is neither stored
//    nor joined by later callers (it may predate the write that invalidated it);
//  - an entry older than ttlMs is fetched again on the next read (a change made outside this server shows within ttlMs);
//  - bounded: at most maxEntries entries and maxBytes bytes (least recently used go first; a value larger
//    than maxBytes is served but not kept);
//  - single-flight: concurrent reads of a missing key share one fetch;
//  - refreshed ahead: a read of an entry older than refreshAfterMs (half the TTL unless set) is served from it
//    and starts one fetch in the background, so a list in steady use is renewed before it expires and no
//    read waits for a whole list again; an idle entry still expires at ttlMs;
//  - kept warm (keepWarm): a key fetched right away and renewed by a timer, not by a read: every refreshAfterMs
//    while it is read, every idleRefreshMs while nobody reads it, soon after a write. Its entry does not expire
//    at ttlMs but at maxStaleMs (a renewal that keeps failing), so the first read after start, after idle or
//    after a write never waits for a whole list; fetchedAt(value) tells a caller how old what it got is.
//    close() stops every timer and aborts a renewal under way (its loader gets the signal), so a shutdown never
//    waits for a whole list nobody asked for.
// Framework-free; stats() is what /health shows. Time and timers come from an injectable clock.
import { systemClock, type TimerClock } from './timer-clock.js'

export interface KeyedCacheOptions {
  /** The backend instance this cache belongs to (e.g. "Sonarr"); shown in /health. */
  instance: string
  ttlMs: number
  maxEntries: number
  maxBytes: number
  /** Age from which a read also renews the entry in the background (default ttlMs / 2). */
  refreshAfterMs?: number
  now?: () => number
  /** Time and the timers of kept-warm keys (default the system's; `now` above wins for time when given). */
  clock?: TimerClock
  /** A kept-warm key nobody read since its last renewal is renewed this often (default 5 min). */
  idleRefreshMs?: number
  /** A kept-warm key is renewed this soon after a write dropped it (default 1 s; later writes push it back). */
  afterWriteMs?: number
}

/** What a loader hands back: the value and its approximate size in bytes. */
export interface Loaded<T> { value: T, bytes: number }

export interface CacheEntryStats { key: string, ageSeconds: number, bytes: number }

export interface CacheStats {
  instance: string
  entries: number
  bytes: number
  maxBytes: number
  ttlSeconds: number
  hits: number
  misses: number
  /** Reads that joined a fetch already in flight instead of starting their own. */
  shared: number
  evictions: number
  /** Background renewals started by reads of an entry past refreshAfterMs. */
  refreshes: number
  items: CacheEntryStats[]
}

interface Entry { value: unknown, bytes: number, storedAt: number, read: boolean }
interface Flight { promise: Promise<unknown>, epoch: number }
interface Warm { load: (signal: AbortSignal) => Promise<Loaded<unknown>>, afterFetch?: () => void, timer?: unknown }

export function createKeyedCache (opts: KeyedCacheOptions) {
  const clock = opts.clock ?? systemClock
  const now = opts.now ?? clock.now
  const idleRefreshMs = opts.idleRefreshMs ?? 5 * 60_000
  const afterWriteMs = opts.afterWriteMs ?? 1_000
  /** A kept-warm entry is served until this age (renewals that keep failing); past it a read fetches. */
  const maxStaleMs = Math.max(opts.ttlMs, 2 * idleRefreshMs)
  const warm = new Map<string, Warm>()
  /** When each value handed out was fetched (values are objects: the shared, frozen lists). */
  const fetched = new WeakMap<object, number>()
  let closed = false
  /** Aborts the kept-warm fetches still under way at close(): nobody waits for them, and a shutdown must not. */
  const closing = new AbortController()
  const entries = new Map<string, Entry>() // insertion order = least recently used first
  const flights = new Map<string, Flight>()
  let epoch = 0
  let bytes = 0
  const refreshAfterMs = opts.refreshAfterMs ?? opts.ttlMs / 2
  const counts = { hits: 0, misses: 0, shared: 0, evictions: 0, refreshes: 0 }

  function drop (key: string) {
    const e = entries.get(key)
    if (!e) return
    entries.delete(key)
    bytes -= e.bytes
  }

  function store (key: string, loaded: Loaded<unknown>) {
    drop(key)
    if (loaded.bytes > opts.maxBytes || opts.maxEntries < 1) return
    const storedAt = now()
    if (loaded.value !== null && typeof loaded.value === 'object') fetched.set(loaded.value, storedAt)
    entries.set(key, { value: loaded.value, bytes: loaded.bytes, storedAt, read: false })
    bytes += loaded.bytes
    for (const oldest of entries.keys()) {
      if (bytes <= opts.maxBytes && entries.size <= opts.maxEntries) break
      drop(oldest)
      counts.evictions++
    }
  }

  /**
   * The cached value for key, or the one `load` fetches (shared with every concurrent caller). A caller's
   * signal only stops that caller waiting: the shared fetch goes on for the others.
   */
  async function get<T> (key: string, load: () => Promise<Loaded<T>>, signal?: AbortSignal): Promise<T> {
    const hit = entries.get(key)
    const age = hit ? now() - hit.storedAt : 0
    if (hit && age < (warm.has(key) ? maxStaleMs : opts.ttlMs)) {
      counts.hits++
      if (!hit.read) {
        hit.read = true
        // Read now: a kept-warm key waiting for its idle renewal is renewed at refreshAfterMs instead.
        if (warm.get(key)?.timer !== undefined) plan(key, nextRenewalIn(key))
      }
      entries.delete(key) // move to the most recently used end
      entries.set(key, hit)
      if (age >= refreshAfterMs && !current(key)) {
        counts.refreshes++
        // A failed renewal leaves the entry as it is: it still expires at ttlMs, and the next read then fetches.
        if (warm.has(key)) renew(key)
        else start(key, load).promise.catch(() => {})
      }
      return hit.value as T
    }
    if (hit) drop(key)
    let flight = current(key)
    if (flight) counts.shared++
    else {
      counts.misses++
      flight = start(key, load)
    }
    return await untilAborted(flight.promise as Promise<T>, signal)
  }

  /** The fetch of key under way since the last invalidate(), if any. */
  function current (key: string): Flight | undefined {
    const flight = flights.get(key)
    return flight && flight.epoch === epoch ? flight : undefined
  }

  function start<T> (key: string, load: () => Promise<Loaded<T>>): Flight {
    const started = epoch
    const promise = load().then(loaded => {
      if (epoch === started) store(key, loaded)
      return loaded.value
    }).finally(() => { if (flights.get(key)?.promise === promise) flights.delete(key) })
    const flight = { promise, epoch: started }
    flights.set(key, flight)
    return flight
  }

  /** Forget everything: called after every write this server sends to the backend. Kept-warm keys are fetched again soon. */
  function invalidate () {
    epoch++
    entries.clear()
    bytes = 0
    for (const key of warm.keys()) plan(key, afterWriteMs)
  }

  /**
   * Fetch key now and keep it warm from then on (see the top of this file); a second call replaces the loader.
   * afterFetch is told each time one of its fetches ends, with a list or not (the memory trim counts it as work).
   */
  function keepWarm<T> (key: string, load: (signal: AbortSignal) => Promise<Loaded<T>>, afterFetch?: () => void) {
    if (closed) return
    warm.set(key, { load, afterFetch, timer: warm.get(key)?.timer })
    renew(key)
  }

  /** Renews a kept-warm key now (joining a fetch under way), then plans the next renewal from the outcome. */
  function renew (key: string) {
    const w = warm.get(key)
    if (!w || closed) return
    const flight = current(key) ?? start(key, () => w.load(closing.signal))
    plan(key, undefined) // no timer while the fetch runs
    flight.promise.then(() => plan(key, nextRenewalIn(key)), () => plan(key, refreshAfterMs)).finally(() => w.afterFetch?.())
  }

  /** From the entry now: due at refreshAfterMs if it was read since it was fetched, else at idleRefreshMs. */
  function nextRenewalIn (key: string): number {
    const e = entries.get(key)
    if (!e) return afterWriteMs // dropped by a write while it was fetched
    return Math.max(0, e.storedAt + (e.read ? refreshAfterMs : idleRefreshMs) - now())
  }

  /** Replaces key's timer: fires in ms (undefined: none). */
  function plan (key: string, ms: number | undefined) {
    const w = warm.get(key)
    if (!w) return
    if (w.timer !== undefined) clock.clearTimer(w.timer)
    w.timer = undefined
    if (ms === undefined || closed) return
    w.timer = clock.setTimer(() => {
      w.timer = undefined
      // The entry's state decides: read since fetched and past refreshAfterMs, or idle past idleRefreshMs, or gone.
      const due = nextRenewalIn(key)
      if (due === 0 || !entries.has(key)) renew(key)
      else plan(key, due)
    }, ms)
  }

  /** When this value (as handed out by get) was fetched, if this cache fetched it. */
  function fetchedAt (value: unknown): number | undefined {
    return value !== null && typeof value === 'object' ? fetched.get(value) : undefined
  }

  /** Stops every kept-warm timer and aborts a renewal still under way. The cache still answers reads. */
  function close () {
    closed = true
    closing.abort(new Error(`${opts.instance}'s cache was closed`))
    for (const key of warm.keys()) plan(key, undefined)
    warm.clear()
  }

  function stats (): CacheStats {
    const t = now()
    return {
      instance: opts.instance,
      entries: entries.size,
      bytes,
      maxBytes: opts.maxBytes,
      ttlSeconds: Math.round(opts.ttlMs / 1000),
      ...counts,
      items: [...entries].map(([key, e]) => ({ key, ageSeconds: Math.floor((t - e.storedAt) / 1000), bytes: e.bytes }))
    }
  }

  return { get, invalidate, keepWarm, fetchedAt, close, stats, now }
}

export type KeyedCache = ReturnType<typeof createKeyedCache>

/** A shared promise as one caller sees it: rejected when their signal aborts, while the promise runs on for others. */
export function untilAborted<T> (promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
