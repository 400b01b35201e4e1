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
 * The simulator's clock: real time plus what tests moved it (advanceClock), so its history, command and release
 * times never fall behind the tool server's own. With `manualClock` the downloads stand still in real time: every
 * reading shifts each queue item's start by the real time gone since the last one, so a download's progress
 * (clock − start) changes only when a test moves the clock, however fast or slow the machine is.
 */
function simClock (manualClock: boolean, queue: () => SimQueueItem[]) {
  let offset = 0
  let lastReal = Date.now()
  return {
    now (): number {
      const real = Date.now()
      if (manualClock && real > lastReal) for (const item of queue()) item.addedAt += real - lastReal
      lastReal = real
      return real + offset
    },
    advance (ms: number) { offset += ms }
  }
}

export function createServarrState (kind: SimKind, media: string, downloads: string, manualClock = false) {
  const clock = simClock(manualClock, () => state.queue)
  const state = {
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
    /** The simulator's clock (simClock above): tests move it forward to finish downloads or expire the release cache. */
    now: () => clock.now(),
    advanceClock: (ms: number) => clock.advance(ms)
  }
  return state
}

export type ServarrState = ReturnType<typeof createServarrState>
