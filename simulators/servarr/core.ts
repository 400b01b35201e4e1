// The part Sonarr and Radarr simulators share, as the real services share one codebase: auth like the
// real thing (apikey query, X-Api-Key or Bearer; 401 with an empty body), fault modes, contract validation
// of every request and response, and the stateful pieces common to both: quality profiles, root folders,
// tags, commands (commands.ts), the download queue and history (downloads.ts), the shared routes
// (shared-routes.ts) and the 30-minute release cache. The pieces' types and helpers are re-exported here,
// so the simulators import the base from one place.
import Fastify, { type FastifyInstance } from 'fastify'
import { attachContract, loadContract } from '../contract.js'
import { attachRequestLog } from '../request-log.js'
import { attachRouteList } from '../route-list.js'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { listenLocal, requireApiKey } from '../shared-http.js'
import { createCommandQueue } from './commands.js'
import { downloadProgress, writeFinishedDownloads, type SimHistory, type SimQueueItem } from './downloads.js'
import { createDisk, type SimDisk } from './files.js'
import type { SimKind } from './qualities.js'
import { invalid, notFound, paged } from './responses.js'
import { iso } from './seed.js'
import { registerSharedRoutes } from './shared-routes.js'
import { createServarrState } from './state.js'
import { DEFAULT_DOWNLOAD_CLIENT, type SimDownloadClient } from './download-client.js'

export { RELEASE_CACHE_MS, type CachedRelease, type ImportFailure, type ServarrState } from './state.js'

export { ACCEPTED, CREATED, idList, sortedPage, timespan } from './responses.js'
export type { CommandRunner, SimCommand } from './commands.js'
export type { SimHistory, SimQueueItem } from './downloads.js'

export interface ServarrSimOptions {
  apiKey: string
  /** The media and downloads roots as the manager sees them (default /data and /downloads). */
  paths?: { media?: string, downloads?: string }
  /** Real folders behind those roots; file work (import, delete files, finished downloads) happens only there. */
  disk?: { media?: string, downloads?: string }
  /** How long a grabbed download takes to finish (default 20 s) on the simulator's clock. */
  downloadMs?: number
  /**
   * Downloads stand still in real time: they progress and finish only when the test moves the simulator's clock
   * (`sim.state.advanceClock(ms)`; state.ts simClock). Tests; the demo runs on real time.
   */
  manualClock?: boolean
  /** Time between command states queued → started → completed (default 40 ms). */
  commandStepMs?: number
  /**
   * Debounce before a grab shows in the queue (default 5000 ms, as the real one: DownloadMonitoringService
   * refreshes tracked downloads through a 5 s Debouncer after EpisodeGrabbedEvent/MovieGrabbedEvent; a
   * RefreshMonitoredDownloads command refreshes at once). Sonarr v4.0.19.2979 / Radarr v6.0.3.10276
   * src/NzbDrone.Core/Download/TrackedDownloads/DownloadMonitoringService.cs.
   */
  queueRefreshMs?: number
  /** Validate against the OpenAPI contract (default true). */
  validate?: boolean
  /** Serve what first-run setup needs (download clients, adding root folders; default true). */
  setupRoutes?: boolean
  /** The download client grabs go to (download-client.ts; default qBittorrent): the releases' protocol, the downloadIds. */
  downloadClient?: SimDownloadClient
}

export async function createServarrBase (kind: SimKind, opts: ServarrSimOptions) {
  const app: FastifyInstance = Fastify({ logger: false })
  const contract = opts.validate === false ? undefined : await loadContract(kind)
  const media = (opts.paths?.media ?? '/data').replace(/\/+$/, '')
  const downloads = (opts.paths?.downloads ?? '/downloads').replace(/\/+$/, '')
  const mounts = [
    ...(opts.disk?.media ? [{ seen: media, real: opts.disk.media }] : []),
    ...(opts.disk?.downloads ? [{ seen: downloads, real: opts.disk.downloads }] : [])
  ]
  const disk: SimDisk = createDisk(mounts)
  const timers = new Set<NodeJS.Timeout>()
  const nextId = { queue: 1, history: 1 }
  const state = createServarrState(kind, media, downloads, opts.manualClock)

  function later (ms: number, fn: () => void) {
    const t = setTimeout(() => { timers.delete(t); fn() }, ms)
    timers.add(t)
  }

  const commands = createCommandQueue(state.commands, { now: state.now, later, stepMs: opts.commandStepMs ?? 40 })
  // The queue lists only tracked downloads: a grab becomes tracked when the monitored downloads are next refreshed.
  const refreshQueue = () => { for (const item of state.queue) item.tracked = true }
  let refreshTimer: NodeJS.Timeout | undefined
  function debounceQueueRefresh () {
    if (refreshTimer) { clearTimeout(refreshTimer); timers.delete(refreshTimer) }
    refreshTimer = setTimeout(() => { if (refreshTimer) timers.delete(refreshTimer); refreshTimer = undefined; refreshQueue() }, opts.queueRefreshMs ?? 5_000)
    timers.add(refreshTimer)
  }
  commands.onCommand('RefreshMonitoredDownloads', () => { refreshQueue(); return undefined })
  const faults: FaultSwitch = attachFaults(app)
  const requests = attachRequestLog(app)
  attachRouteList(app, kind === 'sonarr' ? 'Sonarr' : 'Radarr')
  requireApiKey(app, opts.apiKey, { bearer: true, onAuthorized: () => writeFinishedDownloads(state.queue, disk, state.now()) })
  // Contract hooks go on after auth, so a 401 is never validated and every answered request is.
  const violations: string[] = contract ? attachContract(app, contract) : []

  /** A grabbed download: untracked (absent from GET /queue) until the debounced refresh or a RefreshMonitoredDownloads. */
  function addQueueItem (item: Omit<SimQueueItem, 'id' | 'addedAt' | 'durationMs' | 'outputPath' | 'tracked'>): SimQueueItem {
    const full: SimQueueItem = { ...item, id: nextId.queue++, addedAt: state.now(), durationMs: opts.downloadMs ?? 20_000, outputPath: `${downloads}/complete/${item.title}`, tracked: false }
    state.queue.push(full)
    debounceQueueRefresh()
    return full
  }

  function addHistory (h: Omit<SimHistory, 'id' | 'date'> & { date?: string }): SimHistory {
    const full: SimHistory = { ...h, id: nextId.history++, date: h.date ?? iso(state.now()) }
    state.history.push(full)
    return full
  }

  return {
    app,
    state,
    disk,
    faults,
    requests,
    violations,
    timers,
    onCommand: commands.onCommand,
    registerSharedRoutes: () => registerSharedRoutes(app, state, disk, commands, addHistory),
    addQueueItem,
    addHistory,
    downloadClient: opts.downloadClient ?? DEFAULT_DOWNLOAD_CLIENT,
    progress: (item: SimQueueItem) => downloadProgress(item, state.now()),
    invalid,
    notFound,
    paged,
    later,
    async listen (): Promise<{ url: string, close: () => Promise<void> }> {
      app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t); timers.clear() })
      const url = await listenLocal(app)
      return { url, close: () => app.close() }
    },
  }
}

export type ServarrBase = Awaited<ReturnType<typeof createServarrBase>>
