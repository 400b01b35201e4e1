// The part Sonarr and Radarr simulators share, as the real services share one codebase: auth like the
// real thing (apikey query, X-Api-Key or Bearer; 401 with an empty body), fault modes, contract validation
// of every request and response, and the stateful pieces common to both: quality profiles, root folders,
// tags, commands that run through queued → started → completed, a download queue that progresses over
// time and writes the finished file into the downloads folder, history, and the 30-minute release cache.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { attachContract, loadContract } from '../contract.js'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { createDisk, type SimDisk } from './files.js'
import { profiles, profileResource, qualityModel, type SimKind, type SimProfile, type SimQuality } from './qualities.js'
import { SEED_TAGS, iso } from './seed.js'

export interface ServarrSimOptions {
  apiKey: string
  /** The media and downloads roots as the manager sees them (default /data and /downloads). */
  paths?: { media?: string, downloads?: string }
  /** Real folders behind those roots; file work (import, delete files, finished downloads) happens only there. */
  disk?: { media?: string, downloads?: string }
  /** How long a grabbed download takes to finish (default 20 s). */
  downloadMs?: number
  /** Time between command states queued → started → completed (default 40 ms). */
  commandStepMs?: number
  /** Validate against the OpenAPI contract (default true). */
  validate?: boolean
  /** Serve what first-run setup needs (download clients, adding root folders; default true). */
  setupRoutes?: boolean
}

export interface SimCommand {
  id: number
  name: string
  body: Record<string, unknown>
  status: 'queued' | 'started' | 'completed' | 'failed'
  queued: string
  started?: string
  ended?: string
  message?: string
}

export interface SimQueueItem {
  id: number
  downloadId: string
  title: string
  seriesId?: number
  episodeId?: number
  seasonNumber?: number
  movieId?: number
  size: number
  addedAt: number
  durationMs: number
  protocol: 'torrent' | 'usenet'
  indexer: string
  quality: SimQuality
  /** Folder (manager's view) the download client writes to. */
  outputPath: string
  written?: boolean
}

export interface SimHistory {
  id: number
  seriesId?: number
  episodeId?: number
  movieId?: number
  sourceTitle: string
  date: string
  eventType: string
  downloadId?: string
  quality: SimQuality
  data: Record<string, string | null>
}

export interface CachedRelease { release: Record<string, unknown>, at: number, target: { seriesId?: number, episodeIds?: number[], seasonNumber?: number, movieId?: number } }

export type CommandRunner = (cmd: SimCommand) => string | undefined

const COMMAND_LABELS: Record<string, string> = {
  ManualImport: 'Manual Import',
  RescanSeries: 'Rescan Series',
  RefreshSeries: 'Refresh Series',
  SeriesSearch: 'Series Search',
  EpisodeSearch: 'Episode Search',
  SeasonSearch: 'Season Search',
  RescanMovie: 'Rescan Movie',
  RefreshMovie: 'Refresh Movie',
  MoviesSearch: 'Movies Search',
  RssSync: 'RSS Sync',
  MissingEpisodeSearch: 'Missing Episode Search',
  MissingMoviesSearch: 'Missing Movies Search'
}

export const RELEASE_CACHE_MS = 30 * 60_000

/**
 * Real Sonarr/Radarr answer 201 Created to POST /series, /movie and /command and 202 Accepted to PUT.
 * Their OpenAPI files (Swashbuckle) declare only 200 with the same body; the contract harness validates
 * 201/202 bodies against that 200 schema. The clients accept any 2xx.
 */
export const CREATED = 201
export const ACCEPTED = 202

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
  const stepMs = opts.commandStepMs ?? 40
  const timers = new Set<NodeJS.Timeout>()
  const runners = new Map<string, CommandRunner>()
  let clockOffset = 0
  const nextId = { command: 1, queue: 1, history: 1 }

  const state = {
    kind,
    media,
    downloads,
    profiles: profiles(kind) as SimProfile[],
    rootFolders: (kind === 'sonarr' ? ['tv', 'anime'] : ['movies']).map((d, i) => ({ id: i + 1, path: `${media}/${d}` })),
    tags: SEED_TAGS.map(t => ({ ...t })),
    commands: new Map<number, SimCommand>(),
    queue: [] as SimQueueItem[],
    history: [] as SimHistory[],
    releaseCache: new Map<string, CachedRelease>(),
    /** Every DELETE /queue/{id} with the options it was sent (tests assert removeFromClient and blocklist). */
    queueRemovals: [] as Array<{ id: number, downloadId: string, removeFromClient: boolean, blocklist: boolean }>,
    /** The simulator's clock (tests move it forward to expire the release cache). */
    now: () => Date.now() + clockOffset,
    advanceClock: (ms: number) => { clockOffset += ms }
  }

  const faults: FaultSwitch = attachFaults(app)
  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://sim')
    if (url.pathname === '/ping') return
    const bearer = /^Bearer\s+(.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1]
    const key = url.searchParams.get('apikey') ?? (request.headers['x-api-key'] as string | undefined) ?? bearer
    if (key !== opts.apiKey) return reply.code(401).send()
    tick()
  })
  // Contract hooks go on after auth, so a 401 is never validated and every answered request is.
  const violations: string[] = contract ? attachContract(app, contract) : []

  function later (ms: number, fn: () => void) {
    const t = setTimeout(() => { timers.delete(t); fn() }, ms)
    timers.add(t)
  }

  /** Finished downloads appear in the downloads folder, once, as a real (small) video file. */
  function tick () {
    for (const item of state.queue) {
      if (item.written || progress(item) < 1) continue
      item.written = true
      const real = disk.real(item.outputPath)
      if (!real) continue
      mkdirSync(real, { recursive: true })
      writeFileSync(join(real, `${item.title}.mkv`), Buffer.alloc(64 * 1024, 7))
    }
  }

  function progress (item: SimQueueItem) {
    return Math.min(1, Math.max(0, (state.now() - item.addedAt) / item.durationMs))
  }

  function queueResource (item: SimQueueItem): Record<string, unknown> {
    const p = progress(item)
    const left = Math.round(item.size * (1 - p))
    const secondsLeft = Math.ceil((1 - p) * item.durationMs / 1000)
    const done = p >= 1
    return {
      id: item.id,
      ...(kind === 'sonarr' ? { seriesId: item.seriesId, episodeId: item.episodeId, seasonNumber: item.seasonNumber } : { movieId: item.movieId }),
      languages: [{ id: 1, name: 'English' }],
      quality: qualityModel(kind, item.quality),
      customFormats: [],
      customFormatScore: 0,
      size: item.size,
      title: item.title,
      estimatedCompletionTime: iso(item.addedAt + item.durationMs),
      added: iso(item.addedAt),
      status: done ? 'completed' : 'downloading',
      trackedDownloadStatus: done ? 'warning' : 'ok',
      trackedDownloadState: done ? 'importBlocked' : 'downloading',
      statusMessages: done ? [{ title: item.title, messages: ['Found matching release via grab history, but automatic import is not possible. Import it manually.'] }] : [],
      downloadId: item.downloadId,
      protocol: item.protocol,
      downloadClient: 'qBittorrent',
      downloadClientHasPostImportCategory: false,
      indexer: item.indexer,
      outputPath: item.outputPath,
      ...(kind === 'sonarr' ? { episodeHasFile: false } : {}),
      sizeleft: left,
      timeleft: done ? '00:00:00' : timespan(secondsLeft)
    }
  }

  function historyResource (h: SimHistory): Record<string, unknown> {
    return {
      id: h.id,
      ...(kind === 'sonarr' ? { episodeId: h.episodeId ?? 0, seriesId: h.seriesId ?? 0 } : { movieId: h.movieId ?? 0 }),
      sourceTitle: h.sourceTitle,
      languages: [{ id: 1, name: 'English' }],
      quality: qualityModel(kind, h.quality),
      customFormats: [],
      customFormatScore: 0,
      qualityCutoffNotMet: false,
      date: h.date,
      downloadId: h.downloadId ?? null,
      eventType: h.eventType,
      data: h.data
    }
  }

  function commandResource (c: SimCommand): Record<string, unknown> {
    return {
      id: c.id,
      name: c.name,
      commandName: COMMAND_LABELS[c.name] ?? c.name,
      ...(c.message ? { message: c.message } : {}),
      body: {
        sendUpdatesToClient: true,
        updateScheduledTask: false,
        completionMessage: 'Completed',
        requiresDiskAccess: c.name === 'ManualImport',
        isExclusive: false,
        isLongRunning: false,
        name: c.name,
        trigger: 'manual',
        suppressMessages: false
      },
      priority: 'normal',
      status: c.status,
      result: c.status === 'completed' ? 'successful' : c.status === 'failed' ? 'unsuccessful' : 'unknown',
      queued: c.queued,
      ...(c.started ? { started: c.started } : {}),
      ...(c.ended ? { ended: c.ended, duration: timespan((Date.parse(c.ended) - Date.parse(c.queued)) / 1000) } : {}),
      trigger: 'manual',
      stateChangeTime: c.ended ?? c.started ?? c.queued,
      sendUpdatesToClient: true,
      updateScheduledTask: false
    }
  }

  /** Queues a command; it starts one step later and runs its effect one step after that. */
  function startCommand (name: string, body: Record<string, unknown>): SimCommand {
    const cmd: SimCommand = { id: nextId.command++, name, body, status: 'queued', queued: iso(state.now()) }
    state.commands.set(cmd.id, cmd)
    later(stepMs, () => {
      cmd.status = 'started'
      cmd.started = iso(state.now())
      later(stepMs, () => {
        try {
          cmd.message = runners.get(name)?.(cmd) ?? 'Completed'
          cmd.status = 'completed'
        } catch (err) {
          cmd.message = err instanceof Error ? err.message : 'Failed'
          cmd.status = 'failed'
        }
        cmd.ended = iso(state.now())
      })
    })
    return cmd
  }

  function addQueueItem (item: Omit<SimQueueItem, 'id' | 'addedAt' | 'durationMs' | 'outputPath'>): SimQueueItem {
    const full: SimQueueItem = { ...item, id: nextId.queue++, addedAt: state.now(), durationMs: opts.downloadMs ?? 20_000, outputPath: `${downloads}/complete/${item.title}` }
    state.queue.push(full)
    return full
  }

  function addHistory (h: Omit<SimHistory, 'id' | 'date'> & { date?: string }): SimHistory {
    const full: SimHistory = { ...h, id: nextId.history++, date: h.date ?? iso(state.now()) }
    state.history.push(full)
    return full
  }

  function paged<T> (records: T[], q: { page?: string, pageSize?: string }, sortKey: string) {
    const page = Math.max(1, Number(q.page ?? 1) || 1)
    const pageSize = Math.max(1, Number(q.pageSize ?? 10) || 10)
    return { page, pageSize, sortKey, sortDirection: 'descending', totalRecords: records.length, records: records.slice((page - 1) * pageSize, page * pageSize) }
  }

  /** The managers' 400 answer: a list of FluentValidation failures. */
  function invalid (reply: FastifyReply, failures: Array<{ propertyName: string, errorMessage: string, errorCode: string, attemptedValue?: unknown }>) {
    return reply.code(400).send(failures.map(f => ({ ...f, severity: 'error', formattedMessagePlaceholderValues: {} })))
  }

  function notFound (reply: FastifyReply, message = 'NotFound') {
    return reply.code(404).send({ message })
  }

  function registerSharedRoutes () {
    app.get('/ping', async () => ({ status: 'OK' }))
    app.get('/api/v3/system/status', async () => systemStatus(kind, state.now()))
    app.get('/api/v3/qualityprofile', async () => state.profiles.map(p => profileResource(kind, p)))
    app.get('/api/v3/rootfolder', async () => state.rootFolders.map(r => ({ id: r.id, path: r.path, accessible: true, freeSpace: 2_000_000_000_000, unmappedFolders: [] })))
    app.get('/api/v3/tag', async () => state.tags)
    app.get('/api/v3/command', async () => [...state.commands.values()].map(commandResource))
    app.get<{ Params: { id: string } }>('/api/v3/command/:id', async (req, reply) => {
      const cmd = state.commands.get(Number(req.params.id))
      return cmd ? commandResource(cmd) : notFound(reply)
    })
    app.post<{ Body: Record<string, unknown> }>('/api/v3/command', async (req, reply) => {
      const name = String(req.body?.name ?? '')
      if (!runners.has(name)) return invalid(reply, [{ propertyName: 'Name', errorMessage: `Unknown command: ${name || '(empty)'}`, errorCode: 'CommandValidator', attemptedValue: name }])
      return reply.code(CREATED).send(commandResource(startCommand(name, req.body)))
    })
    app.get<{ Querystring: Record<string, string> }>('/api/v3/queue', async (req) => {
      const ids = idList(req.query, kind === 'sonarr' ? 'seriesIds' : 'movieIds')
      const items = state.queue.filter(q => !ids || ids.includes((kind === 'sonarr' ? q.seriesId : q.movieId) ?? -1))
        .sort((a, b) => (a.addedAt + a.durationMs) - (b.addedAt + b.durationMs))
      return { ...paged(items.map(queueResource), req.query, 'timeleft'), sortDirection: 'ascending' }
    })
    app.delete<{ Params: { id: string }, Querystring: Record<string, string> }>('/api/v3/queue/:id', async (req, reply) => {
      const item = state.queue.find(q => q.id === Number(req.params.id))
      if (!item) return notFound(reply)
      // Like the real managers, removing one item removes its whole download (every episode of a season pack).
      state.queueRemovals.push({ id: item.id, downloadId: item.downloadId, removeFromClient: req.query.removeFromClient !== 'false', blocklist: req.query.blocklist === 'true' })
      state.queue = state.queue.filter(q => q.downloadId !== item.downloadId)
      return reply.code(200).send()
    })
    app.get<{ Querystring: Record<string, string> }>('/api/v3/history', async (req) => {
      const ids = idList(req.query, kind === 'sonarr' ? 'seriesIds' : 'movieIds')
      const records = state.history.filter(h => (!ids || ids.includes((kind === 'sonarr' ? h.seriesId : h.movieId) ?? -1)) &&
        (!req.query.downloadId || h.downloadId === req.query.downloadId))
        .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
      return paged(records.map(historyResource), req.query, 'date')
    })
  }

  return {
    app,
    state,
    disk,
    faults,
    violations,
    timers,
    onCommand: (name: string, run: CommandRunner) => runners.set(name, run),
    registerSharedRoutes,
    addQueueItem,
    addHistory,
    progress,
    invalid,
    notFound,
    paged,
    later,
    async listen (): Promise<{ url: string, close: () => Promise<void> }> {
      app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t); timers.clear() })
      await app.listen({ host: '127.0.0.1', port: 0 })
      const addr = app.server.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      return { url: `http://127.0.0.1:${port}`, close: () => app.close() }
    },
  }
}

export type ServarrBase = Awaited<ReturnType<typeof createServarrBase>>

export function idList (q: Record<string, unknown>, key: string): number[] | undefined {
  const raw = q[key]
  if (raw === undefined || raw === '') return undefined
  return (Array.isArray(raw) ? raw : String(raw).split(',')).map(Number).filter(n => Number.isInteger(n))
}

export function timespan (seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}

function systemStatus (kind: SimKind, now: number) {
  const sonarr = kind === 'sonarr'
  return {
    appName: sonarr ? 'Sonarr' : 'Radarr',
    instanceName: sonarr ? 'Sonarr' : 'Radarr',
    version: sonarr ? '4.0.14.2939' : '5.21.1.9799',
    buildTime: '2025-03-01T00:00:00Z',
    isDebug: false,
    isProduction: true,
    isAdmin: false,
    isUserInteractive: false,
    startupPath: '/app/bin',
    appData: '/config',
    osName: 'debian',
    osVersion: '12',
    isNetCore: true,
    isLinux: true,
    isOsx: false,
    isWindows: false,
    isDocker: true,
    mode: 'console',
    branch: sonarr ? 'main' : 'master',
    authentication: 'forms',
    ...(sonarr ? { sqliteVersion: '3.46.1' } : {}),
    migrationVersion: sonarr ? 215 : 241,
    urlBase: '',
    runtimeVersion: '6.0.36',
    runtimeName: '.NET',
    startTime: iso(now),
    packageUpdateMechanism: 'docker',
    databaseType: 'sqLite'
  }
}
