// The polite search loop (issue 37 item 3): asks each series and movie manager instance to search for its
// missing episodes and films and its upgrades, one title per search, at most `perHour` searches per instance in
// any hour, skipping titles searched recently (by this loop, kept across restarts, or by the manager itself:
// its lastSearchTime), and stopping before the disk would drop below the free-space floor by the estimated size
// of what the searches may bring. It paces on the clock it is given (the job registry's), so tests never wait.
import { checkLanding, type LandingPlace, type ReadFigures } from './landing-space.js'
import { formatBytes } from '../../core/format.js'
import type { SearchMemory } from './search-memory.js'

export const HOUR = 3_600_000

/** One title to search for. */
export interface SearchTarget {
  /** Unique within its source: "episode:12", "movie:7". */
  key: string
  title: string
  why: 'missing' | 'upgrade'
  /** When the manager last searched for it (its lastSearchTime), epoch ms. */
  lastSearchMs?: number
  /** What the search may add to the disk: a missing title's typical size, an upgrade's typical size minus its file. */
  estimatedBytes: number
}

/** One manager instance. */
export interface SearchSource {
  /** "the series manager", 'the movie manager "4k"': also the key of its pacing record. */
  label: string
  targets: (signal: AbortSignal) => Promise<{ targets: SearchTarget[], unread: string[] }>
  /** Starts the manager's search command for one target (Sonarr EpisodeSearch, Radarr MoviesSearch). */
  search: (target: SearchTarget, signal: AbortSignal) => Promise<void>
}

export interface SearchLoopDeps {
  sources: SearchSource[]
  perHour: number
  /** A title searched less than this long ago is skipped. */
  recentMs: number
  minFreeBytes: number
  /** Where the searches' downloads land (downloads, library), as the free-space check reads them. */
  places: LandingPlace[]
  figures: ReadFigures
  memory: SearchMemory
  clock: { now: () => number, sleep: (ms: number, signal: AbortSignal) => Promise<void> }
  signal: AbortSignal
  report: (percent: number, message: string) => void
}

export interface SearchLoopResult {
  searched: Array<{ manager: string, title: string, why: string }>
  searchedCount: number
  skippedRecent: number
  /** Why the loop ended before searching everything (the disk); absent when it went through the list. */
  stopped?: string
  /** Sources or lists that could not be read. */
  unread: string[]
  estimatedBytes: number
}

const SHOWN = 100

export async function runSearchLoop (d: SearchLoopDeps): Promise<SearchLoopResult> {
  const { clock, memory } = d
  const unread: string[] = []
  const queues: Array<{ source: SearchSource, todo: SearchTarget[] }> = []
  let skippedRecent = 0
  for (const source of d.sources) {
    try {
      const read = await source.targets(d.signal)
      unread.push(...read.unread.map(u => `${source.label}: ${u}`))
      const recent = (t: SearchTarget) => {
        const last = Math.max(t.lastSearchMs ?? 0, memory.lastSearch(source.label, t.key) ?? 0)
        return clock.now() - last < d.recentMs
      }
      const todo = read.targets.filter(t => !recent(t))
      skippedRecent += read.targets.length - todo.length
      // Missing before upgrades; within each, the longest unsearched first (as the managers' own searches order).
      todo.sort((a, b) => (a.why === b.why ? (a.lastSearchMs ?? 0) - (b.lastSearchMs ?? 0) : a.why === 'missing' ? -1 : 1))
      queues.push({ source, todo })
    } catch (err) {
      unread.push(`${source.label}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  const total = queues.reduce((n, q) => n + q.todo.length, 0)
  const searched: SearchLoopResult['searched'] = []
  let searchedCount = 0
  let committed = 0
  let stopped: string | undefined

  // The next moment a source may search: now while it has searched fewer than perHour in the last hour.
  const nextSlot = (label: string) => {
    const inHour = memory.searchesSince(label, clock.now() - HOUR)
    return inHour.length < d.perHour ? clock.now() : inHour[inHour.length - d.perHour] + HOUR
  }

  while (!stopped) {
    const ready = queues.filter(q => q.todo.length > 0)
    if (ready.length === 0) break
    d.signal.throwIfAborted()
    const slots = ready.map(q => ({ q, at: nextSlot(q.source.label) })).sort((a, b) => a.at - b.at)
    const { q, at } = slots[0]
    if (at > clock.now()) {
      d.report(100 * searchedCount / Math.max(1, total), `Searched ${searchedCount} of ${total}; at most ${d.perHour} searches per hour per manager, the next at ${new Date(at).toISOString()}`)
      await clock.sleep(at - clock.now(), d.signal)
      continue
    }
    const target = q.todo[0]
    const verdict = await checkLanding(d.minFreeBytes + committed + target.estimatedBytes, d.places, d.figures)
    if (verdict.short.length > 0) {
      const disk = verdict.short[0]
      stopped = `Stopped before searching ${target.title}: the ${disk.labels.join(' and ')} disk has ${formatBytes(disk.freeBytes)} free, and the searches so far and this one may bring about ${formatBytes(committed + target.estimatedBytes)}, ` +
        `which would leave less than DISK_MIN_FREE_GIB (${formatBytes(d.minFreeBytes)})`
      break
    }
    q.todo.shift()
    await q.source.search(target, d.signal)
    await memory.record(q.source.label, target.key, clock.now())
    committed += target.estimatedBytes
    searchedCount++
    if (searched.length < SHOWN) searched.push({ manager: q.source.label, title: target.title, why: target.why })
    d.report(100 * searchedCount / Math.max(1, total), `Searched ${searchedCount} of ${total}: ${target.title} (${target.why}) on ${q.source.label}`)
  }
  return { searched, searchedCount, skippedRecent, ...(stopped && { stopped }), unread, estimatedBytes: committed }
}

/** The job's closing sentence. */
export function searchLoopSentence (r: SearchLoopResult): string {
  const parts = [`Asked for ${r.searchedCount} search${r.searchedCount === 1 ? '' : 'es'} (about ${formatBytes(r.estimatedBytes)} if all are found)`]
  if (r.skippedRecent > 0) parts.push(`${r.skippedRecent} searched recently were skipped`)
  let out = `${parts.join('; ')}.`
  if (r.stopped) out += ` ${r.stopped}.`
  if (r.unread.length > 0) out += ` Not read: ${r.unread.join('; ')}.`
  return out
}
