// Release sizes seen by series_releases and movie_releases, so a grab, which names a release only by guid
// and indexer, can check that it fits on disk. The managers keep search results 30 minutes (the grab tools'
// "search cache"), so an older size belongs to a release the manager would no longer grab anyway.
import type { Release } from '../../clients/servarr/types.js'

const TTL_MS = 30 * 60_000
const MAX_PER_CLIENT = 5000

interface Seen { sizeBytes: number, title: string, at: number }
const byClient = new WeakMap<object, Map<string, Seen>>()
const key = (guid: string, indexerId: number) => `${indexerId}\u0000${guid}`

export function rememberReleaseSizes (client: object, releases: Release[], now = Date.now()): void {
  let seen = byClient.get(client)
  if (!seen) byClient.set(client, seen = new Map())
  for (const r of releases) {
    if (typeof r.guid !== 'string' || typeof r.indexerId !== 'number' || typeof r.size !== 'number' || r.size <= 0) continue
    const k = key(r.guid, r.indexerId)
    seen.delete(k) // re-insert: the map's order is oldest first
    seen.set(k, { sizeBytes: r.size, title: typeof r.title === 'string' ? r.title : '', at: now })
  }
  for (const k of seen.keys()) {
    if (seen.size <= MAX_PER_CLIENT) break
    seen.delete(k)
  }
}

export function rememberedReleaseSize (client: object, guid: string, indexerId: number, now = Date.now()): number | undefined {
  return rememberedRelease(client, guid, indexerId, now)?.sizeBytes
}

/** The release's title (raw indexer text) and size as the last search showed them, so a preview can name it. */
export function rememberedRelease (client: object, guid: string, indexerId: number, now = Date.now()): { title: string, sizeBytes: number } | undefined {
  const seen = byClient.get(client)?.get(key(guid, indexerId))
  return seen && now - seen.at <= TTL_MS ? { title: seen.title, sizeBytes: seen.sizeBytes } : undefined
}

// The best approved release each title's last search showed (series_releases, movie_releases), so the upgrades
// view can say what an upgrade costs on disk from a real release rather than an estimate. `keysOf` names the
// titles a release covers ("movie:12", "episode:345"); releases come best first (sortReleases).
const bestByClient = new WeakMap<object, Map<string, { release: Release, at: number }>>()

export function rememberBestApproved (client: object, sorted: Release[], keysOf: (r: Release) => string[], now = Date.now()): void {
  let best = bestByClient.get(client)
  if (!best) bestByClient.set(client, best = new Map())
  const seen = new Set<string>()
  for (const r of sorted) {
    if (r.approved !== true || typeof r.size !== 'number' || r.size <= 0) continue
    for (const k of keysOf(r)) {
      if (seen.has(k)) continue
      seen.add(k)
      best.delete(k)
      best.set(k, { release: r, at: now })
    }
  }
  for (const k of best.keys()) {
    if (best.size <= MAX_PER_CLIENT) break
    best.delete(k)
  }
}

/** The best approved release last seen for the title, while the manager still holds the search (30 min). */
export function bestApprovedFor (client: object, key: string, now = Date.now()): Release | undefined {
  const seen = bestByClient.get(client)?.get(key)
  return seen && now - seen.at <= TTL_MS ? seen.release : undefined
}
