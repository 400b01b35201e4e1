// The download side the managers track: queue items that progress with the simulator's clock and, once
// finished, appear in the downloads folder as a real (small) video file; grab and import history; and the
// QueueResource / HistoryResource shapes the API returns for them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SimDisk } from './files.js'
import { qualityModel, type SimKind, type SimQuality } from './qualities.js'
import { timespan } from './responses.js'
import { iso } from './seed.js'
import { matchedByIdMessage } from './import-messages.js'

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
  /** The name the manager shows for the client holding it (default qBittorrent; download-client.ts). */
  downloadClient?: string
  indexer: string
  quality: SimQuality
  /** Folder (manager's view) the download client writes to. */
  outputPath: string
  /** The video file the download writes, without extension (default: its title); each episode's in a season pack. */
  fileName?: string
  written?: boolean
  /** Listed by GET /queue and found by downloadId only once the manager has refreshed its tracked downloads. */
  tracked: boolean
  /** Set by tests (stuckAs in stuck.ts): the item shows the real stuck fields instead of its own progress. */
  stuck?: SimStuck
}

/** How a queue item is stuck (stuckAs in stuck.ts gives the real cases): the fields GET /queue shows for it instead of the simulator's own progress. */
export interface SimStuck {
  /** QueueResource.status: the download client's DownloadItemStatus (downloading, warning, failed, completed…). */
  status: string
  /** TrackedDownloadState (Download/TrackedDownloads/TrackedDownload.cs: downloading, importBlocked, importPending, failedPending…). */
  trackedDownloadState: string
  /** TrackedDownloadStatus (same file: ok, warning, error). */
  trackedDownloadStatus: 'ok' | 'warning' | 'error'
  statusMessages: Array<{ title: string, messages: string[] }>
  /** QueueResource.errorMessage: the download client's message (Queue/QueueService.cs: ErrorMessage = DownloadItem.Message). */
  errorMessage?: string
  /** Whether the download is finished in the client (progress 100 %). */
  finished: boolean
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

/** Share of the download done at `now` (0..1). */
export function downloadProgress (item: SimQueueItem, now: number) {
  return Math.min(1, Math.max(0, (now - item.addedAt) / item.durationMs))
}

/** Finished downloads appear in the downloads folder, once, as a real (small) video file (one per episode of a season pack). */
export function writeFinishedDownloads (queue: SimQueueItem[], disk: SimDisk, now: number) {
  for (const item of queue) {
    if (item.written || downloadProgress(item, now) < 1) continue
    item.written = true
    const real = disk.real(item.outputPath)
    if (!real) continue
    mkdirSync(real, { recursive: true })
    writeFileSync(join(real, `${item.fileName ?? item.title}.mkv`), Buffer.alloc(64 * 1024, 7))
  }
}

export function queueResource (kind: SimKind, item: SimQueueItem, now: number): Record<string, unknown> {
  // A stuck download stays where it stopped: finished (import side) or part-way (client side).
  const p = item.stuck ? (item.stuck.finished ? 1 : Math.min(downloadProgress(item, now), 0.4)) : downloadProgress(item, now)
  const left = Math.round(item.size * (1 - p))
  const secondsLeft = Math.ceil((1 - p) * item.durationMs / 1000)
  const done = p >= 1
  // A failed download has no time left: the usenet clients leave DownloadClientItem.RemainingTime unset for a
  // failed item and qBittorrent's eta 8640000 maps to null (Sonarr/Sonarr src/NzbDrone.Core/Download/Clients/
  // QBittorrent/QBittorrent.cs GetRemainingTime @ v4.0.19.2979); QueueService.cs (same tag, and Radarr/Radarr
  // @ v6.0.3.10276) sets EstimatedCompletionTime only when TimeLeft has a value, and null fields are not sent.
  const failed = item.stuck?.status === 'failed'
  return {
    id: item.id,
    ...(kind === 'sonarr' ? { seriesId: item.seriesId, episodeId: item.episodeId, seasonNumber: item.seasonNumber } : { movieId: item.movieId }),
    languages: [{ id: 1, name: 'English' }],
    quality: qualityModel(kind, item.quality),
    customFormats: [],
    customFormatScore: 0,
    size: item.size,
    title: item.title,
    ...(failed ? {} : { estimatedCompletionTime: iso(item.addedAt + item.durationMs) }),
    added: iso(item.addedAt),
    status: done ? 'completed' : 'downloading',
    trackedDownloadStatus: done ? 'warning' : 'ok',
    trackedDownloadState: done ? 'importBlocked' : 'downloading',
    statusMessages: done ? [{ title: item.title, messages: [matchedByIdMessage(kind)] }] : [],
    ...(item.stuck ? stuckFields(item.stuck) : {}),
    downloadId: item.downloadId,
    protocol: item.protocol,
    downloadClient: item.downloadClient ?? 'qBittorrent',
    downloadClientHasPostImportCategory: false,
    indexer: item.indexer,
    outputPath: item.outputPath,
    ...(kind === 'sonarr' ? { episodeHasFile: false } : {}),
    sizeleft: left,
    ...(failed ? {} : { timeleft: done ? '00:00:00' : timespan(secondsLeft) })
  }
}

function stuckFields (s: SimStuck) {
  const { finished: _, errorMessage, ...fields } = s
  return { ...fields, ...(errorMessage ? { errorMessage } : {}) }
}

export function historyResource (kind: SimKind, h: SimHistory): Record<string, unknown> {
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
