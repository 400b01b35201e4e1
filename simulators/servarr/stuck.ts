// Stuck downloads as the real managers report them in GET /queue, and what DELETE /queue/{id} with
// blocklist=true does (a blocklist entry, a downloadFailed history record and, unless skipRedownload, a new
// search). Every state, status and message text below is the real one, cited per entry.
// Sonarr v4.0.19.2979 and Radarr v6.0.3.10276 (src/NzbDrone.Core/…), qBittorrent release-4.5.2.
import type { SimKind } from './qualities.js'
import { matchedByIdMessage } from './import-messages.js'
import type { SimQueueItem, SimStuck } from './downloads.js'

export type StuckCase = 'matchedById' | 'titleMismatch' | 'notUpgrade' | 'noEligibleFiles' | 'stalled' | 'metadata' | 'failed'

/** Warn(message) records one status message titled with the download's title (TrackedDownload.cs Warn()). */
const warn = (title: string, ...messages: string[]) => [{ title, messages }]

/** The real queue fields for each case (the texts are the managers' own, quoted where they are set). */
export function stuckAs (kind: SimKind, title: string, c: StuckCase): SimStuck {
  const sonarr = kind === 'sonarr'
  const blocked = { status: 'completed', trackedDownloadState: 'importBlocked', trackedDownloadStatus: 'warning' as const, finished: true }
  switch (c) {
    // Download/CompletedDownloadService.cs Check(): matched by id from grab history, then SetStateToImportBlocked.
    case 'matchedById':
      return {
        ...blocked,
        statusMessages: warn(title, matchedByIdMessage(kind))
      }
    // Same method: no series/movie parsed from the title and none in grab history.
    case 'titleMismatch':
      return {
        ...blocked,
        statusMessages: warn(title, sonarr
          ? 'Series title mismatch; automatic import is not possible. Check the download troubleshooting entry on the wiki for common causes.'
          : 'Movie title mismatch, automatic import is not possible. Manual Import required.')
      }
    // CompletedDownloadService.cs Import(): rejected files are listed per file name; the state goes back to
    // ImportPending with a warning. The text is UpgradeSpecification.cs's rejection.
    case 'notUpgrade':
      return {
        status: 'completed',
        trackedDownloadState: 'importPending',
        trackedDownloadStatus: 'warning',
        finished: true,
        statusMessages: [{ title: `${title}.mkv`, messages: [sonarr ? 'Not an upgrade for existing episode file(s). Existing quality: WEBDL-1080p. New Quality HDTV-720p.' : 'Not an upgrade for existing movie file. Existing quality: Bluray-1080p. New Quality WEBDL-720p.'] }]
      }
    // CompletedDownloadService.cs Import(): "No files found are eligible for import in {0}" (the output path).
    case 'noEligibleFiles':
      return { ...blocked, trackedDownloadState: 'importPending', statusMessages: warn(title, `No files found are eligible for import in /downloads/complete/${title}`) }
    // Download/Clients/QBittorrent/QBittorrent.cs: state "stalledDL" → DownloadItemStatus.Warning with
    // DownloadClientQbittorrentTorrentStateStalled ("The download is stalled with no connections", Localization/Core/en.json).
    case 'stalled':
      return { status: 'warning', trackedDownloadState: 'downloading', trackedDownloadStatus: 'ok', statusMessages: [], errorMessage: 'The download is stalled with no connections', finished: false }
    // QBittorrent.cs: "metaDL" with DHT on → Queued, DownloadClientQbittorrentTorrentStateMetadata.
    case 'metadata':
      return { status: 'queued', trackedDownloadState: 'downloading', trackedDownloadStatus: 'ok', statusMessages: [], errorMessage: 'qBittorrent is downloading metadata', finished: false }
    // FailedDownloadService.cs Check(): a client-reported failure (DownloadItemStatus.Failed) grabbed by the
    // manager → State = FailedPending, waiting for ProcessFailed (a usenet client's failure; qBittorrent never reports Failed).
    case 'failed':
      return { status: 'failed', trackedDownloadState: 'failedPending', trackedDownloadStatus: 'ok', statusMessages: [], finished: false }
  }
}

export interface SimBlocklistEntry {
  id: number
  seriesId?: number
  episodeIds?: number[]
  movieId?: number
  sourceTitle: string
  date: string
  protocol: string
  indexer: string
  message: string
  downloadId: string
}

/**
 * The search the manager starts after a download is marked failed, or undefined when it does not
 * (Download/RedownloadFailedDownloadService.cs Handle(DownloadFailedEvent)): nothing when skipRedownload;
 * AutoRedownloadFailed and AutoRedownloadFailedFromInteractiveSearch default to true (Configuration/ConfigService.cs).
 * Sonarr: one episode → EpisodeSearch; every episode of the season → SeasonSearch; else EpisodeSearch.
 * Radarr: MoviesSearch for the movie.
 */
export function redownloadCommand (kind: SimKind, items: SimQueueItem[], seasonSize: (seriesId: number, seasonNumber: number) => number): { name: string, body: Record<string, unknown> } | undefined {
  const first = items[0]
  if (kind === 'radarr') return first.movieId ? { name: 'MoviesSearch', body: { name: 'MoviesSearch', movieIds: [first.movieId] } } : undefined
  const episodeIds = items.map(i => i.episodeId).filter((x): x is number => typeof x === 'number')
  if (episodeIds.length === 0) return undefined
  if (episodeIds.length > 1 && first.seriesId && first.seasonNumber !== undefined && episodeIds.length === seasonSize(first.seriesId, first.seasonNumber)) {
    return { name: 'SeasonSearch', body: { name: 'SeasonSearch', seriesId: first.seriesId, seasonNumber: first.seasonNumber } }
  }
  return { name: 'EpisodeSearch', body: { name: 'EpisodeSearch', episodeIds } }
}

/** FailedDownloadService.cs MarkAsFailed(trackedDownload): the event's message, which the blocklist and history keep. */
export const MANUALLY_FAILED = 'Manually marked as failed'

/** The BlocklistResource GET /api/v3/blocklist returns (Sonarr.Api.V3/Blocklist/BlocklistResource.cs, Radarr alike). */
export function blocklistResource (kind: SimKind, b: SimBlocklistEntry): Record<string, unknown> {
  return {
    id: b.id,
    ...(kind === 'sonarr' ? { seriesId: b.seriesId ?? 0, episodeIds: b.episodeIds ?? [] } : { movieId: b.movieId ?? 0 }),
    sourceTitle: b.sourceTitle,
    languages: [{ id: 1, name: 'English' }],
    customFormats: [],
    date: b.date,
    protocol: b.protocol,
    indexer: b.indexer,
    message: b.message
  }
}
