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
//    read waits for a whole list again; an idle entry still expires at ttlMs.
// Framework-free; stats() is what /health shows.

export interface KeyedCacheOptions {
  /** The backend instance this cache belongs to (e.g. "Sonarr"); shown in /health. */
  instance: string
  ttlMs: number
  maxEntries: number
  maxBytes: number
  /** Age from which a read also renews the entry in the background (default ttlMs / 2). */
  refreshAfterMs?: number
  now?: () => number
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

interface Entry { value: unknown, bytes: number, storedAt: number }
interface Flight { promise: Promise<unknown>, epoch: number }

export function createKeyedCache (opts: KeyedCacheOptions) {
  const now = opts.now ?? Date.now
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
    entries.set(key, { value: loaded.value, bytes: loaded.bytes, storedAt: now() })
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
    if (hit && age < opts.ttlMs) {
      counts.hits++
      entries.delete(key) // move to the most recently used end
      entries.set(key, hit)
      if (age >= refreshAfterMs && !current(key)) {
        counts.refreshes++
        // A failed renewal leaves the entry as it is: it still expires at ttlMs, and the next read then fetches.
        start(key, load).promise.catch(() => {})
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

  /** Forget everything: called after every write this server sends to the backend. */
  function invalidate () {
    epoch++
    entries.clear()
    bytes = 0
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

  return { get, invalidate, stats }
}

export type KeyedCache = ReturnType<typeof createKeyedCache>

function untilAborted<T> (promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
