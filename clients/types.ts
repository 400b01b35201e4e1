// The contract every backend client meets. Each client file augments `Backends` with its own entry
// (`declare module '../types.js' { interface Backends { jellyfin: JellyfinClient } }`), so adding a backend
// touches its own folder and the factory list in clients/index.ts, nothing else.
import type { Config } from '../config.js'
import type { ProbeResult } from './http.js'
import type { CircuitStatus } from './circuit.js'
import type { PathMap } from '../core/path-map.js'
import type { CacheStats } from '../core/keyed-cache.js'
import type { TimerClock } from '../core/timer-clock.js'
import type { PlexTvFetch } from './plex/shares.js'

export interface Backends {}

export interface BackendClientBase {
  /** Cheap reachability and version check, run in the background by the health plugin. */
  probe: () => Promise<ProbeResult>
  /** The circuit breaker's state now, shown by /health (absent while a client has no connection yet). */
  circuit?: () => CircuitStatus | undefined
  close?: () => Promise<void>
  /** The client's cache of whole lists, when it keeps one (shown in /health). */
  cache?: { stats: () => CacheStats }
  /**
   * Fetches the client's whole lists now and keeps them renewed in the background (plugins/library-prefetch.ts);
   * afterFetch is told each time one of those fetches ends.
   */
  prefetch?: (afterFetch?: () => void) => void
}

/** What a client may need from the running server, given as plain functions so clients stay framework-free. */
export interface BackendDeps {
  /** The URL (with its per-process secret) of the URL guard's loopback forward proxy, started on first use. */
  forwardProxyUrl?: () => Promise<string>
  /** Reads plex.tv through the URL guard (the Plex client asks it for users' shares). */
  plexTv?: PlexTvFetch
  /** Time and timers of the clients' background renewals (default the system's; tests pass one they move). */
  clock?: TimerClock
}

/** What every factory gets besides the config: the running server's deps and PATH_MAP, parsed once. */
export interface ClientDeps extends BackendDeps {
  /** Paths a backend reports are translated to ours with it, and ours to the backend's, inside each client. */
  pathMap: PathMap
}

export type BackendFactory = (config: Config, deps: ClientDeps) => Partial<Record<keyof Backends, BackendClientBase>>
