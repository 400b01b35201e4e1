// What Sonarr and Radarr have in common (they share one codebase): X-Api-Key auth on /api/v3, the
// prerequisites (profiles, root folders, tags), queue, history, interactive releases and grabs, manual
// import candidates and commands. Paths the manager reports are translated to ours (PATH_MAP) here, at
// the edge, and paths we send are translated to the manager's, so callers only ever see our paths.
import { BackendError, ToolError } from '../../core/errors.js'
import { createHttpBackend, type HttpBackendOptions, type HttpCall, type ProbeResult } from '../http.js'
import type { PathMap } from '../../core/path-map.js'
import { cachedLibrary, createLibraryCache, libraryLoader, type LibraryListOptions } from './library.js'
import type { TimerClock } from '../../core/timer-clock.js'
import type {
  Command, HistoryRecord, ManualImportCandidate, Paged, QualityProfile, QueueItem, Release, RootFolder,
  SystemStatus, Tag, ValidationFailure
} from './types.js'

export interface ServarrOptions {
  service: 'Sonarr' | 'Radarr'
  baseUrl: string
  apiKey: string
  urlVar: string
  keyVar: string
  pathMap?: PathMap
  deadlineMs?: number
  /** Read deadline and circuit breaker settings (tests shorten them; production uses the defaults). */
  readDeadlineMs?: HttpBackendOptions['readDeadlineMs']
  circuit?: HttpBackendOptions['circuit']
  /** Time and timers of the library cache's background renewals (tests pass a clock they move by hand). */
  clock?: TimerClock
}

const IDENTITY: Pick<PathMap, 'toOurs' | 'toBackend'> = { toOurs: p => p, toBackend: p => p }
const TERMINAL = new Set(['completed', 'failed', 'aborted', 'cancelled', 'orphaned'])

export function createServarrCore (opts: ServarrOptions) {
  const http = createHttpBackend({
    service: opts.service,
    baseUrl: opts.baseUrl,
    urlVar: opts.urlVar,
    keyVar: opts.keyVar,
    configured: () => opts.apiKey !== '',
    headers: () => ({ 'x-api-key': opts.apiKey }),
    deadlineMs: opts.deadlineMs,
    readDeadlineMs: opts.readDeadlineMs,
    circuit: opts.circuit,
    // The library lists are parsed as they stream (library.ts), so a large one is never held whole.
    maxResponseBytes: 128 * 1024 * 1024
  })
  const paths = opts.pathMap ?? IDENTITY
  // This instance's whole-library lists; every write this server sends through the client drops them.
  const library = createLibraryCache(opts.service, opts.clock)

  async function api<T> (c: HttpCall): Promise<T> {
    try {
      const res = await http.call<T>({ ...c, path: `/api/v3${c.path}` })
      return res.data
    } finally {
      if ((c.method ?? 'GET') !== 'GET') library.invalidate()
    }
  }

  /** A translated copy of `obj` with each named path field mapped to our side. */
  function ours<T> (obj: T, keys: string[]): T {
    if (!obj || typeof obj !== 'object') return obj
    const copy = { ...obj } as Record<string, unknown>
    for (const k of keys) if (typeof copy[k] === 'string') copy[k] = paths.toOurs(copy[k] as string)
    return copy as T
  }

  /**
   * Sends a write that the manager may refuse with a 400 list of validation failures; those become a
   * ToolError listing the failures (messages only, trimmed), never the raw body.
   */
  async function write<T> (c: HttpCall, what: string): Promise<T> {
    try {
      const res = await http.call<T | ValidationFailure[]>({ ...c, path: `/api/v3${c.path}`, allowStatus: [400] })
      if (res.status === 400) throw validationError(what, res.data)
      return res.data as T
    } finally {
      library.invalidate()
    }
  }

  function validationError (what: string, data: unknown): ToolError {
    const failures = Array.isArray(data) ? data as ValidationFailure[] : []
    const reasons = failures.slice(0, 5).map(f => `${f.errorCode ? `${f.errorCode}: ` : ''}${String(f.errorMessage ?? 'invalid').slice(0, 200)}`)
    return new ToolError(`${opts.service} refused to ${what}${reasons.length ? `: ${reasons.join('; ')}` : ' (validation failed)'}.`,
      { codes: failures.map(f => f.errorCode).filter(Boolean) })
  }

  async function probe (): Promise<ProbeResult> {
    const started = performance.now()
    const checkedAt = new Date().toISOString()
    const configured = opts.apiKey !== ''
    try {
      const status = await api<SystemStatus>({ path: '/system/status', deadlineMs: 5_000 })
      return { service: opts.service, configured, reachable: true, latencyMs: Math.round(performance.now() - started), version: status?.version ?? undefined, checkedAt }
    } catch (err) {
      const reachable = err instanceof BackendError && err.code === 'unauthorized'
      return { service: opts.service, configured, reachable, checkedAt, error: err instanceof Error ? err.message : 'probe failed' }
    }
  }

  async function waitForCommand (id: number, { timeoutMs = 20_000, intervalMs = 250, signal }: { timeoutMs?: number, intervalMs?: number, signal?: AbortSignal } = {}): Promise<Command> {
    const deadline = Date.now() + timeoutMs
    let cmd = await api<Command>({ path: `/command/${id}`, signal })
    while (!TERMINAL.has(cmd.status ?? '') && Date.now() < deadline && !signal?.aborted) {
      await new Promise(resolve => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))))
      cmd = await api<Command>({ path: `/command/${id}`, signal })
    }
    // A finished command (rescan, import, rename) changed what the library lists show.
    if (TERMINAL.has(cmd.status ?? '')) library.invalidate()
    return cmd
  }

  /**
   * Asks the manager to refresh its tracked downloads now, so a fresh grab shows in the queue without waiting
   * for the 5 s debounce (RefreshMonitoredDownloadsCommand; Sonarr v4.0.19.2979 / Radarr v6.0.3.10276
   * src/NzbDrone.Core/Download/TrackedDownloads/DownloadMonitoringService.cs).
   */
  async function refreshQueue (signal?: AbortSignal): Promise<void> {
    const cmd = await write<Command>({ method: 'POST', path: '/command', json: { name: 'RefreshMonitoredDownloads' } }, 'refresh the queue')
    await waitForCommand(cmd.id, { timeoutMs: 5_000, intervalMs: 50, signal })
  }

  return {
    service: opts.service,
    refreshQueue,
    baseUrl: opts.baseUrl,
    paths,
    api,
    write,
    ours,
    probe,
    circuit: http.circuit,
    close: async () => { library.close(); await http.close() },
    /** The whole-library cache of this instance, shown in /health. */
    cache: library,
    /** A whole list only the manager's full answer gives, read through the cache (see library.ts). */
    /** fresh: asked of the manager now, not served from the cache (a check right before a delete). */
    libraryList: <T extends { sortTitle?: string | null, title?: string | null }>(key: string, path: string, project: (raw: unknown) => T, o?: LibraryListOptions & { fresh?: boolean }) => {
      if (o?.fresh) library.invalidate()
      return cachedLibrary(http, library, key, path, project, o)
    },
    /**
     * Fetches a whole list now and keeps it renewed in the background (core/keyed-cache.ts keepWarm); nothing when
     * not configured. afterFetch is told each time one of those fetches ends.
     */
    keepLibraryWarm: <T extends { sortTitle?: string | null, title?: string | null }>(key: string, path: string, project: (raw: unknown) => T, o?: Pick<LibraryListOptions, 'query' | 'fields'> & { afterFetch?: () => void }) => {
      if (opts.apiKey !== '') library.keepWarm(key, libraryLoader(http, path, project, o, true), o?.afterFetch)
    },
    /** How old a list this client handed out is (ms), when it came from the library cache. */
    libraryAgeMs: (list: unknown): number | undefined => {
      const at = library.fetchedAt(list)
      return at === undefined ? undefined : library.now() - at
    },
    systemStatus: () => api<SystemStatus>({ path: '/system/status' }),
    qualityProfiles: (signal?: AbortSignal) => api<QualityProfile[]>({ path: '/qualityprofile', signal }),
    rootFolders: async (signal?: AbortSignal) => (await api<RootFolder[]>({ path: '/rootfolder', signal })).map(r => ours(r, ['path'])),
    tags: (signal?: AbortSignal) => api<Tag[]>({ path: '/tag', signal }),
    async queue (q: { page: number, pageSize: number, ids?: number[], signal?: AbortSignal }): Promise<Paged<QueueItem>> {
      const idParam = opts.service === 'Sonarr' ? 'seriesIds' : 'movieIds'
      const data = await api<Paged<QueueItem>>({
        path: '/queue',
        query: { page: q.page, pageSize: q.pageSize, [idParam]: q.ids, sortKey: 'timeleft', sortDirection: 'ascending' },
        signal: q.signal
      })
      return { ...data, records: (data.records ?? []).map(r => ours(r, ['outputPath'])) }
    },
    /** Removes a queue item; removeFromClient also deletes the download from the download client. */
    /** skipRedownload false (the manager's default) has the manager search again after a blocklist. */
    deleteQueueItem: (id: number, o: { removeFromClient: boolean, blocklist: boolean, skipRedownload?: boolean }) =>
      api<null>({ method: 'DELETE', path: `/queue/${id}`, query: { removeFromClient: o.removeFromClient, blocklist: o.blocklist, skipRedownload: o.skipRedownload }, as: 'none' }),
    // downloadId: the records of one download (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/History/HistoryController.cs
    // GetHistory 65-89; Radarr's the same).
    async history (q: { page: number, pageSize: number, ids?: number[], downloadId?: string, signal?: AbortSignal }): Promise<Paged<HistoryRecord>> {
      const idParam = opts.service === 'Sonarr' ? 'seriesIds' : 'movieIds'
      return await api<Paged<HistoryRecord>>({
        path: '/history',
        query: { page: q.page, pageSize: q.pageSize, [idParam]: q.ids, downloadId: q.downloadId, sortKey: 'date', sortDirection: 'descending' },
        signal: q.signal
      })
    },
    /**
     * Every import from a download folder since `since`, oldest first: one record per episode (Sonarr) or movie,
     * each with the imported file's size as text in data.size and its file id in data.fileId (HistoryService.cs
     * Handle(EpisodeImportedEvent) / Handle(MovieFileImportedEvent); HistoryController.cs GetHistorySince,
     * HistoryRepository.cs Since: Date >= since, ordered by date; Sonarr v4.0.19.2979, Radarr v6.0.3.10276).
     */
    importsSince: (since: string, signal?: AbortSignal) =>
      api<HistoryRecord[]>({ path: '/history/since', query: { date: since, eventType: 'downloadFolderImported' }, signal }),
    /** Interactive search: the manager asks every indexer, so this is slow; the results are cached there for 30 minutes. */
    releases: (query: Record<string, number>, signal?: AbortSignal) =>
      api<Release[]>({ path: '/release', kind: 'command', query, deadlineMs: 90_000, signal }),
    /**
     * Grabs a release from the manager's cache, naming the title (seriesId/episodeId or movieId) for a release
     * the manager could not map itself. Returns false when the cache no longer has the release; a 404 for a
     * release it cannot match to episodes or a movie is a ToolError saying so (ReleaseController.DownloadRelease,
     * Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Indexers/ReleaseController.cs, Radarr v6.0.3.10276
     * src/Radarr.Api.V3/Indexers/ReleaseController.cs).
     */
    async grab (guid: string, indexerId: number, names: { seriesId?: number, episodeId?: number, movieId?: number } = {}): Promise<boolean> {
      const res = await http.call<{ message?: string } | null>({ method: 'POST', path: '/api/v3/release', json: { guid, indexerId, ...names }, allowStatus: [404, 409], deadlineMs: 60_000 })
      if (res.status === 409) throw new BackendError(opts.service, `${opts.service} could not fetch the release from the indexer (409). Pick another release or try again later.`, 409, 'rejected')
      if (res.status !== 404) {
        // The queue shows a grab only after the manager's debounced refresh (5 s); ask for it now. A manager
        // that refuses the command still refreshes on its own.
        await refreshQueue().catch(() => undefined)
        return true
      }
      const message = typeof res.data?.message === 'string' ? res.data.message : ''
      if (/unable to parse episodes/i.test(message)) {
        throw new ToolError(`${opts.service} cannot tell which episodes this release contains ("Unable to parse episodes in the release"). Pick a release whose title names the season or episode, or search one episode at a time.`)
      }
      if (/unable to find matching/i.test(message)) {
        const what = opts.service === 'Sonarr' ? 'series and episodes' : 'movie'
        throw new ToolError(`${opts.service} cannot match this release to a ${what} ("Unable to find matching ${what}"). Pick another release from the same search.`)
      }
      return false
    },
    /**
     * Candidates in a folder, or in a tracked download's output folder when downloadId is given (the manager
     * then ignores folder). Never sends seriesId/movieId: with those the manager ignores the folder and lists
     * the title's existing library files instead (ManualImportController.GetMediaFiles, Sonarr v4.0.19.2979
     * src/Sonarr.Api.V3/ManualImport/ManualImportController.cs; Radarr v6.0.3.10276 the same without downloadId).
     */
    async manualImportCandidates (q: { folder: string, downloadId?: string, signal?: AbortSignal }): Promise<ManualImportCandidate[]> {
      const list = await api<ManualImportCandidate[]>({
        path: '/manualimport',
        kind: 'command', // the manager reads the folder and parses every file in it
        query: { folder: paths.toBackend(q.folder), downloadId: q.downloadId, filterExistingFiles: false },
        deadlineMs: 60_000,
        signal: q.signal
      })
      return list.map(c => ours(c, ['path']))
    },
    /** Starts a command (RescanSeries, ManualImport, …). Paths in the body must already be the manager's. */
    command: (body: { name: string, [key: string]: unknown }) => write<Command>({ method: 'POST', path: '/command', json: body }, `run ${body.name}`),
    getCommand: (id: number) => api<Command>({ path: `/command/${id}` }),
    waitForCommand
  }
}

export type ServarrCore = ReturnType<typeof createServarrCore>
