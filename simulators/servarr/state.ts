// The state a Sonarr or Radarr simulator holds, apart from the base that serves it (core.ts), so the route
// pieces can type it without importing the base.
import type { SimCommand } from './commands.js'
import type { SimHistory, SimQueueItem } from './downloads.js'
import type { SimBlocklistEntry } from './stuck.js'
import { profiles, type SimKind, type SimProfile } from './qualities.js'
import { SEED_TAGS } from './seed.js'

/** A file a ManualImport command left out, with the reason the real manager only logs. */
export interface ImportFailure { commandId: number, path: string, reason: string }

export interface CachedRelease { release: Record<string, unknown>, at: number, target: { seriesId?: number, episodeIds?: number[], seasonNumber?: number, movieId?: number } }

export const RELEASE_CACHE_MS = 30 * 60_000

/**
 * `manualClock`: the clock stands still until a test moves it (advanceClock), so what a test sees between two
 * calls (a download's progress, a cached release's age) never depends on how fast the machine is.
 */
export function createServarrState (kind: SimKind, media: string, downloads: string, manualClock = false) {
  let clockOffset = 0
  const frozenAt = manualClock ? Date.now() : undefined
  return {
    kind,
    media,
    downloads,
    profiles: profiles(kind) as SimProfile[],
    rootFolders: (kind === 'sonarr' ? ['tv', 'anime'] : ['movies']).map((d, i) => ({ id: i + 1, path: `${media}/${d}` })),
    tags: SEED_TAGS.map(t => ({ ...t })),
    commands: new Map<number, SimCommand>(),
    queue: [] as SimQueueItem[],
    /** Files a ManualImport command left out, with the reason the real manager only logs (tests read it). */
    importFailures: [] as ImportFailure[],
    history: [] as SimHistory[],
    releaseCache: new Map<string, CachedRelease>(),
    /** Every DELETE /queue/{id} with the options it was sent (tests assert removeFromClient and blocklist). */
    queueRemovals: [] as Array<{ id: number, downloadId: string, removeFromClient: boolean, blocklist: boolean, skipRedownload: boolean }>,
    /** Releases marked failed (DELETE /queue/{id}?blocklist=true); GET /blocklist lists them. */
    blocklist: [] as SimBlocklistEntry[],
    /** Episodes in a season (Sonarr sets it; a failed season pack is searched again as a season). */
    seasonSize: (_seriesId: number, _seasonNumber: number) => 0,
    /** The simulator's clock: real time plus what tests moved it, or (manualClock) only what tests moved it. */
    now: () => (frozenAt ?? Date.now()) + clockOffset,
    advanceClock: (ms: number) => { clockOffset += ms }
  }
}

export type ServarrState = ReturnType<typeof createServarrState>
