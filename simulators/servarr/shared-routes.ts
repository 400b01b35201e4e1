// Routes Sonarr and Radarr serve alike: ping, system status, quality profiles, root folders, tags,
// commands, the download queue and history.
import type { FastifyInstance } from 'fastify'
import { commandResource, type CommandQueue } from './commands.js'
import type { ServarrState } from './state.js'
import { historyResource, queueResource, type SimHistory, type SimQueueItem } from './downloads.js'
import { MANUALLY_FAILED, blocklistResource, redownloadCommand } from './stuck.js'
import { profileResource, type SimKind } from './qualities.js'
import { CREATED, idList, invalid, notFound, paged } from './responses.js'
import { iso } from './seed.js'
import { DOCKER_HOST } from '../shared-status.js'
import type { SimDisk } from './files.js'
import { rootFolderResource } from './root-folders.js'

export function registerSharedRoutes (app: FastifyInstance, state: ServarrState, disk: SimDisk, commands: CommandQueue, addHistory: (h: Omit<SimHistory, 'id' | 'date'>) => SimHistory): void {
  const kind = state.kind
  app.get('/ping', async () => ({ status: 'OK' }))
  app.get('/api/v3/system/status', async () => systemStatus(kind, state.now()))
  app.get('/api/v3/qualityprofile', async () => state.profiles.map(p => profileResource(kind, p)))
  app.get('/api/v3/rootfolder', async () => state.rootFolders.map(r => rootFolderResource(r, disk)))
  app.get('/api/v3/tag', async () => state.tags)
  // TagController.Create: only Radarr validates the label (^[a-z0-9-]+$ case-insensitive, else 400 "Allowed
  // characters a-z, 0-9 and -": Radarr v6.0.3.10276 src/Radarr.Api.V3/Tags/TagController.cs); Sonarr's has no
  // validator (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Tags/TagController.cs). TagService.Add (both,
  // src/NzbDrone.Core/Tags/TagService.cs) returns the tag whose label is exactly the one sent, else stores it
  // lower-cased; Label is UNIQUE (Sonarr Migration/079_dedupe_tags.cs, Radarr Migration/001_initial_setup.cs), so a
  // label differing only in case from a stored one fails the insert: SQLiteException "constraint failed" on a POST
  // → 409 (SonarrErrorPipeline.cs / RadarrErrorPipeline.cs). A null label throws NullReferenceException in Sonarr
  // (tag.Label.ToLowerInvariant()) → 500. 201 with the resource.
  app.post<{ Body: { label?: unknown } }>('/api/v3/tag', async (req, reply) => {
    const raw = req.body?.label
    if (kind === 'radarr' && (typeof raw !== 'string' || !/^[a-z0-9-]+$/i.test(raw))) {
      return invalid(reply, [{ propertyName: 'Label', errorMessage: raw ? 'Allowed characters a-z, 0-9 and -' : "'Label' must not be empty.", errorCode: raw ? 'RegularExpressionValidator' : 'NotEmptyValidator', attemptedValue: raw ?? null }])
    }
    if (typeof raw !== 'string') return reply.code(500).send({ message: 'Object reference not set to an instance of an object.' })
    const same = state.tags.find(t => t.label === raw)
    if (same) return reply.code(201).send(same)
    const label = raw.toLowerCase()
    if (state.tags.some(t => t.label === label)) return reply.code(409).send({ message: 'constraint failed\nUNIQUE constraint failed: Tags.Label' })
    const tag = { id: Math.max(0, ...state.tags.map(t => t.id)) + 1, label }
    state.tags.push(tag)
    return reply.code(201).send(tag)
  })
  app.get('/api/v3/command', async () => [...state.commands.values()].map(commandResource))
  app.get<{ Params: { id: string } }>('/api/v3/command/:id', async (req, reply) => {
    const cmd = state.commands.get(Number(req.params.id))
    return cmd ? commandResource(cmd) : notFound(reply)
  })
  app.post<{ Body: Record<string, unknown> }>('/api/v3/command', async (req, reply) => {
    const asked = String(req.body?.name ?? '')
    // PostValidator.RuleFor(c => c.Name).NotBlank(); an unknown name makes .Single() throw, which the error
    // pipeline answers with 500 and the exception's message (SonarrErrorPipeline.cs / RadarrErrorPipeline.cs).
    if (asked.trim() === '') return invalid(reply, [{ propertyName: 'Name', errorMessage: "'Name' must not be empty.", errorCode: 'NotEmptyValidator', attemptedValue: asked }])
    const name = commands.lookup(asked)
    if (!name) return reply.code(500).send({ message: 'Sequence contains no matching element' })
    return reply.code(CREATED).send(commandResource(commands.start(name, req.body)))
  })
  app.get<{ Querystring: Record<string, string> }>('/api/v3/queue', async (req) => {
    const ids = idList(req.query, kind === 'sonarr' ? 'seriesIds' : 'movieIds')
    const items = state.queue.filter(q => q.tracked && (!ids || ids.includes((kind === 'sonarr' ? q.seriesId : q.movieId) ?? -1)))
      .sort((a, b) => (a.addedAt + a.durationMs) - (b.addedAt + b.durationMs))
    return { ...paged(items.map(item => queueResource(kind, item, state.now())), req.query, 'timeleft'), sortDirection: 'ascending' }
  })
  app.delete<{ Params: { id: string }, Querystring: Record<string, string> }>('/api/v3/queue/:id', async (req, reply) => {
    const item = state.queue.find(q => q.tracked && q.id === Number(req.params.id))
    if (!item) return notFound(reply)
    // QueueController.RemoveAction(id, removeFromClient = true, blocklist = false, skipRedownload = false, …)
    // (Sonarr v4.0.19.2979 / Radarr v6.0.3.10276 src/*.Api.V3/Queue/QueueController.cs): a bool query
    // parameter reads "true"/"false"; anything else is its default.
    const flag = (name: string, byDefault: boolean) => req.query[name] === 'true' ? true : req.query[name] === 'false' ? false : byDefault
    const removal = { id: item.id, downloadId: item.downloadId, removeFromClient: flag('removeFromClient', true), blocklist: flag('blocklist', false), skipRedownload: flag('skipRedownload', false) }
    state.queueRemovals.push(removal)
    // Like the real managers, removing one item removes its whole download (every episode of a season pack).
    const download = state.queue.filter(q => q.downloadId === item.downloadId)
    state.queue = state.queue.filter(q => q.downloadId !== item.downloadId)
    if (removal.blocklist) markAsFailed(download, removal.skipRedownload)
    return reply.code(200).send()
  })
  app.get<{ Querystring: Record<string, string> }>('/api/v3/blocklist', async (req) => {
    const ids = idList(req.query, kind === 'sonarr' ? 'seriesIds' : 'movieIds')
    const entries = state.blocklist.filter(b => !ids || ids.includes((kind === 'sonarr' ? b.seriesId : b.movieId) ?? -1))
    return paged(entries.map(b => blocklistResource(kind, b)).reverse(), req.query, 'date')
  })

  /**
   * FailedDownloadService.MarkAsFailed(trackedDownload, skipRedownload): a DownloadFailedEvent that the
   * blocklist (Blocklisting/BlocklistService.cs Handle) and history (History/HistoryService.cs Handle, event
   * DownloadFailed) record, and that RedownloadFailedDownloadService answers with a new search.
   */
  function markAsFailed (download: SimQueueItem[], skipRedownload: boolean) {
    const first = download[0]
    const date = iso(state.now())
    const episodeIds = download.map(q => q.episodeId).filter((x): x is number => typeof x === 'number')
    state.blocklist.push({ id: state.blocklist.length + 1, seriesId: first.seriesId, episodeIds, movieId: first.movieId, sourceTitle: first.title, date, protocol: first.protocol, indexer: first.indexer, message: MANUALLY_FAILED, downloadId: first.downloadId })
    for (const q of download) {
      addHistory({ seriesId: q.seriesId, episodeId: q.episodeId, movieId: q.movieId, sourceTitle: q.title, eventType: 'downloadFailed', downloadId: q.downloadId, quality: q.quality, data: { message: MANUALLY_FAILED } })
      if (kind === 'radarr') break // one movie, one record
    }
    const search = skipRedownload ? undefined : redownloadCommand(kind, download, state.seasonSize)
    if (search) commands.start(search.name, search.body)
  }
  app.get<{ Querystring: Record<string, string> }>('/api/v3/history', async (req) => {
    const ids = idList(req.query, kind === 'sonarr' ? 'seriesIds' : 'movieIds')
    const records = state.history.filter(h => (!ids || ids.includes((kind === 'sonarr' ? h.seriesId : h.movieId) ?? -1)) &&
      (!req.query.downloadId || h.downloadId === req.query.downloadId))
      .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
    return paged(records.map(h => historyResource(kind, h)), req.query, 'date')
  })
  // HistoryController.GetHistorySince(date, eventType): every record with Date >= date, of that event type when
  // given (the enum's name), oldest first, unpaged (HistoryRepository.cs Since; Sonarr v4.0.19.2979 / Radarr
  // v6.0.3.10276 src/*.Api.V3/History/HistoryController.cs).
  app.get<{ Querystring: Record<string, string> }>('/api/v3/history/since', async (req) => {
    const since = Date.parse(req.query.date ?? '')
    const type = req.query.eventType?.toLowerCase()
    return state.history.filter(h => (Number.isNaN(since) || Date.parse(h.date) >= since) && (!type || h.eventType.toLowerCase() === type))
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
      .map(h => historyResource(kind, h))
  })
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
    ...DOCKER_HOST,
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
