// The polite search loop as a job (lib/library/search-loop.ts has the logic): check_jobs {start: "search-loop"}
// starts it, check_jobs shows and cancels it. Its sources are every series and movie manager instance: their
// wanted/missing and wanted/cutoff lists (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Wanted/MissingController.cs and
// CutoffController.cs; Radarr v6.0.3.10276 src/Radarr.Api.V3/Wanted/ the same), searched one title per command:
// Sonarr's EpisodeSearch {episodeIds} (src/NzbDrone.Core/IndexerSearch/EpisodeSearchCommand.cs) and Radarr's
// MoviesSearch {movieIds} (src/NzbDrone.Core/IndexerSearch/MoviesSearchCommand.cs).
import type { FastifyInstance } from 'fastify'
import type { Episode, Movie, Paged, Series } from '../../clients/servarr/types.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { ToolError } from '../../core/errors.js'
import type { JobRecord } from '../../core/job-types.js'
import type { Principal } from '../../core/principal.js'
import { HOUR, runSearchLoop, searchLoopSentence, type SearchSource, type SearchTarget } from '../../lib/library/search-loop.js'
import { openSearchMemory } from '../../lib/library/search-memory.js'
import { movieManager, seriesManager } from '../chosen-client.js'

export const SEARCH_LOOP_KIND = 'search-loop'
/** A title searched (by the loop or the manager) within this long is skipped. */
export const RECENT_MS = 24 * HOUR
/** Estimates when a manager has no files to average: an episode, a film. */
const TYPICAL = { series: 1.5 * 1024 ** 3, movies: 8 * 1024 ** 3 }
const MAX_PAGES = 5
const PAGE = 200

const ms = (iso?: string | null) => (iso ? Date.parse(iso) || undefined : undefined)
const average = (bytes: number, count: number, fallback: number) => (count > 0 && bytes > 0 ? bytes / count : fallback)

/** Every page (up to MAX_PAGES) of a wanted list. */
async function wanted<T> (read: (q: { page: number, pageSize: number, signal?: AbortSignal }) => Promise<Paged<T>>, signal: AbortSignal): Promise<T[]> {
  const out: T[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await read({ page, pageSize: PAGE, signal })
    out.push(...res.records)
    if (out.length >= res.totalRecords || res.records.length === 0) break
  }
  return out
}

async function both<A, B> (missing: () => Promise<A[]>, upgrades: () => Promise<B[]>) {
  const [m, u] = await Promise.allSettled([missing(), upgrades()])
  if (m.status === 'rejected' && u.status === 'rejected') throw m.reason
  const unread = [
    ...(m.status === 'rejected' ? [`the missing list (${String(m.reason?.message ?? m.reason)})`] : []),
    ...(u.status === 'rejected' ? [`the upgrades list (${String(u.reason?.message ?? u.reason)})`] : [])
  ]
  return { missing: m.status === 'fulfilled' ? m.value : [], upgrades: u.status === 'fulfilled' ? u.value : [], unread }
}

/** What the loop needs of one kind of manager: its library (for the size estimates), its wanted lists, and how
 * one wanted row becomes a target and a search command. */
interface ManagerKind<T, L> {
  library: (signal: AbortSignal) => Promise<readonly L[]>
  /** The estimated size of one missing item of the row's title, from the library's averages. */
  typicalOf: (library: readonly L[]) => (row: T) => number
  missing: (q: { page: number, pageSize: number, signal?: AbortSignal }) => Promise<Paged<T>>
  cutoffUnmet: (q: { page: number, pageSize: number, signal?: AbortSignal }) => Promise<Paged<T>>
  key: (row: T) => string
  /** The row's name in words, from the library's titles. */
  titleOf: (library: readonly L[]) => (row: T) => string
  lastSearchTime: (row: T) => string | null | undefined
  /** Bytes of the file an upgrade would replace. */
  currentBytes: (row: T) => number
  search: (id: number) => Promise<unknown>
}

function managerSource<T, L> (label: string, kind: ManagerKind<T, L>): SearchSource {
  return {
    label,
    async targets (signal) {
      const library = await kind.library(signal)
      const typical = kind.typicalOf(library)
      const title = kind.titleOf(library)
      const read = await both(() => wanted<T>(kind.missing, signal), () => wanted<T>(kind.cutoffUnmet, signal))
      const target = (row: T, why: SearchTarget['why']): SearchTarget => {
        const size = typical(row)
        const last = ms(kind.lastSearchTime(row))
        return {
          key: kind.key(row),
          title: title(row),
          why,
          ...(last !== undefined && { lastSearchMs: last }),
          estimatedBytes: Math.round(why === 'missing' ? size : Math.max(0, size - kind.currentBytes(row)))
        }
      }
      return { targets: [...read.missing.map(r => target(r, 'missing')), ...read.upgrades.map(r => target(r, 'upgrade'))], unread: read.unread }
    },
    search: async t => { await kind.search(Number(t.key.split(':')[1])) }
  }
}

function seriesSource (app: FastifyInstance, name: string, label: string): SearchSource {
  const sonarr = seriesManager(app, name)
  return managerSource<Episode, Series>(label, {
    library: signal => sonarr.listSeries(signal),
    typicalOf: all => {
      const sum = all.reduce((a, s) => ({ bytes: a.bytes + (s.statistics?.sizeOnDisk ?? 0), files: a.files + (s.statistics?.episodeFileCount ?? 0) }), { bytes: 0, files: 0 })
      const overall = average(sum.bytes, sum.files, TYPICAL.series)
      const perSeries = new Map(all.map(s => [s.id, average(s.statistics?.sizeOnDisk ?? 0, s.statistics?.episodeFileCount ?? 0, overall)]))
      return e => perSeries.get(e.seriesId) ?? overall
    },
    missing: q => sonarr.missing(q),
    cutoffUnmet: q => sonarr.cutoffUnmet(q),
    key: e => `episode:${e.id}`,
    titleOf: all => {
      const names = new Map(all.map(s => [s.id, s.title ?? `series ${s.id}`]))
      return e => `${names.get(e.seriesId) ?? `series ${e.seriesId}`} S${String(e.seasonNumber).padStart(2, '0')}E${String(e.episodeNumber).padStart(2, '0')}`
    },
    lastSearchTime: e => e.lastSearchTime,
    currentBytes: e => e.episodeFile?.size ?? 0,
    search: id => sonarr.command({ name: 'EpisodeSearch', episodeIds: [id] })
  })
}

function movieSource (app: FastifyInstance, name: string, label: string): SearchSource {
  const radarr = movieManager(app, name)
  return managerSource<Movie, Movie>(label, {
    library: signal => radarr.listMovies(signal),
    typicalOf: all => {
      const withFile = all.filter(m => m.hasFile)
      const typical = average(withFile.reduce((n, m) => n + (m.sizeOnDisk ?? 0), 0), withFile.length, TYPICAL.movies)
      return () => typical
    },
    missing: q => radarr.missing(q),
    cutoffUnmet: q => radarr.cutoffUnmet(q),
    key: m => `movie:${m.id}`,
    titleOf: () => m => `${m.title ?? `movie ${m.id}`}${m.year ? ` (${m.year})` : ''}`,
    lastSearchTime: m => m.lastSearchTime,
    currentBytes: m => m.movieFile?.size ?? m.sizeOnDisk ?? 0,
    search: id => radarr.command({ name: 'MoviesSearch', movieIds: [id] })
  })
}

function sources (app: FastifyInstance): SearchSource[] {
  const out: SearchSource[] = []
  for (const kind of ['series', 'movies'] as const) {
    const names = instanceNames(app.backends, kind)
    const noun = kind === 'series' ? 'the series manager' : 'the movie manager'
    for (const name of names) {
      const label = names.length > 1 ? `${noun} "${name}"` : noun
      out.push(kind === 'series' ? seriesSource(app, name, label) : movieSource(app, name, label))
    }
  }
  return out
}

export function defineSearchLoop (app: FastifyInstance) {
  app.jobs.defineKind(SEARCH_LOOP_KIND, { concurrency: 1, queueLimit: 1 })
}

/** Starts the loop, or answers the one already running (one loop at a time keeps the pace per manager). */
export function startSearchLoop (app: FastifyInstance, principal: Principal): { job: JobRecord, started: boolean } {
  const running = app.jobs.list({ kind: SEARCH_LOOP_KIND, status: ['queued', 'running'] })[0]
  if (running) return { job: running, started: false }
  const cfg = app.config
  const { media, downloads } = app.sandbox.roots()
  if (!media) throw new ToolError('The search loop needs MEDIA_ROOT to measure the disk before it asks for downloads.')
  const job = app.jobs.start({
    kind: SEARCH_LOOP_KIND,
    owner: principal.id,
    description: `Search for missing titles and upgrades, at most ${cfg.SEARCH_LOOP_PER_HOUR} searches per hour per manager`,
    run: async handle => {
      const memory = await openSearchMemory(cfg.STATE_DIR, RECENT_MS, app.jobs.clock.now)
      const result = await runSearchLoop({
        sources: sources(app),
        perHour: cfg.SEARCH_LOOP_PER_HOUR,
        recentMs: RECENT_MS,
        minFreeBytes: cfg.DISK_MIN_FREE_GIB * 1024 ** 3,
        places: [{ label: 'library', path: media }, ...(downloads ? [{ label: 'downloads', path: downloads }] : [])],
        figures: app.disk.figures,
        memory,
        clock: app.jobs.clock,
        signal: handle.signal,
        report: (percent, message) => handle.progress(percent, message)
      })
      handle.message(searchLoopSentence(result))
      return { ...result, summary: searchLoopSentence(result) }
    }
  })
  return { job, started: true }
}
