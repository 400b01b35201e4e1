// The polite search loop as a job (lib/library/search-loop.ts has the logic): check_jobs {start: "search-loop"}
// starts it, check_jobs shows and cancels it. Its sources are every series and movie manager instance: their
// wanted/missing and wanted/cutoff lists (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Wanted/MissingController.cs and
// CutoffController.cs; Radarr v6.0.3.10276 src/Radarr.Api.V3/Wanted/ the same), searched one title per command:
// Sonarr's EpisodeSearch {episodeIds} (src/NzbDrone.Core/IndexerSearch/EpisodeSearchCommand.cs) and Radarr's
// MoviesSearch {movieIds} (src/NzbDrone.Core/IndexerSearch/MoviesSearchCommand.cs).
import type { FastifyInstance } from 'fastify'
import type { Episode, Movie, Paged } from '../../clients/servarr/types.js'
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

function seriesSource (app: FastifyInstance, name: string, label: string): SearchSource {
  const sonarr = seriesManager(app, name)
  return {
    label,
    async targets (signal) {
      const all = await sonarr.listSeries(signal)
      const sum = all.reduce((a, s) => ({ bytes: a.bytes + (s.statistics?.sizeOnDisk ?? 0), files: a.files + (s.statistics?.episodeFileCount ?? 0) }), { bytes: 0, files: 0 })
      const overall = average(sum.bytes, sum.files, TYPICAL.series)
      const typical = new Map(all.map(s => [s.id, average(s.statistics?.sizeOnDisk ?? 0, s.statistics?.episodeFileCount ?? 0, overall)]))
      const names = new Map(all.map(s => [s.id, s.title ?? `series ${s.id}`]))
      const read = await both(
        () => wanted<Episode>(q => sonarr.missing(q), signal),
        () => wanted<Episode>(q => sonarr.cutoffUnmet(q), signal))
      const target = (e: Episode, why: SearchTarget['why']): SearchTarget => {
        const size = typical.get(e.seriesId) ?? overall
        return {
          key: `episode:${e.id}`,
          title: `${names.get(e.seriesId) ?? `series ${e.seriesId}`} S${String(e.seasonNumber).padStart(2, '0')}E${String(e.episodeNumber).padStart(2, '0')}`,
          why,
          ...(ms(e.lastSearchTime) !== undefined && { lastSearchMs: ms(e.lastSearchTime) }),
          estimatedBytes: Math.round(why === 'missing' ? size : Math.max(0, size - (e.episodeFile?.size ?? 0)))
        }
      }
      return { targets: [...read.missing.map(e => target(e, 'missing')), ...read.upgrades.map(e => target(e, 'upgrade'))], unread: read.unread }
    },
    search: async t => { await sonarr.command({ name: 'EpisodeSearch', episodeIds: [Number(t.key.split(':')[1])] }) }
  }
}

function movieSource (app: FastifyInstance, name: string, label: string): SearchSource {
  const radarr = movieManager(app, name)
  return {
    label,
    async targets (signal) {
      const all = await radarr.listMovies(signal)
      const withFile = all.filter(m => m.hasFile)
      const typical = average(withFile.reduce((n, m) => n + (m.sizeOnDisk ?? 0), 0), withFile.length, TYPICAL.movies)
      const read = await both(
        () => wanted<Movie>(q => radarr.missing(q), signal),
        () => wanted<Movie>(q => radarr.cutoffUnmet(q), signal))
      const target = (m: Movie, why: SearchTarget['why']): SearchTarget => ({
        key: `movie:${m.id}`,
        title: `${m.title ?? `movie ${m.id}`}${m.year ? ` (${m.year})` : ''}`,
        why,
        ...(ms(m.lastSearchTime) !== undefined && { lastSearchMs: ms(m.lastSearchTime) }),
        estimatedBytes: Math.round(why === 'missing' ? typical : Math.max(0, typical - (m.movieFile?.size ?? m.sizeOnDisk ?? 0)))
      })
      return { targets: [...read.missing.map(m => target(m, 'missing')), ...read.upgrades.map(m => target(m, 'upgrade'))], unread: read.unread }
    },
    search: async t => { await radarr.command({ name: 'MoviesSearch', movieIds: [Number(t.key.split(':')[1])] }) }
  }
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
