// The parts of the Sonarr/Radarr v3 resources this server reads, typed at the edge. Field names follow the
// vendored OpenAPI files (simulators/contracts/sonarr-v3 and radarr-v3); real servers send more fields, which
// are ignored. Paths in these objects are already translated to our side of PATH_MAP by the client.

export interface NamedId { id: number, name?: string | null }

export interface QualityModel {
  quality?: { id?: number, name?: string | null, resolution?: number }
  revision?: { version?: number, real?: number, isRepack?: boolean }
}

export interface QualityProfileItem { quality?: { id?: number, name?: string | null, resolution?: number } | null, items?: QualityProfileItem[] | null, allowed?: boolean, id?: number, name?: string | null }
export interface QualityProfile { id: number, name?: string | null, cutoff?: number, upgradeAllowed?: boolean, items?: QualityProfileItem[] | null }
export interface RootFolder { id: number, path?: string | null, accessible?: boolean, freeSpace?: number | null }
export interface Tag { id: number, label?: string | null }

export interface SystemStatus { appName?: string | null, version?: string | null }

export interface SeasonStatistics { episodeFileCount?: number, episodeCount?: number, totalEpisodeCount?: number, sizeOnDisk?: number }
export interface Season { seasonNumber: number, monitored: boolean, statistics?: SeasonStatistics }

export interface Series {
  id: number
  title?: string | null
  sortTitle?: string | null
  status?: string
  overview?: string | null
  network?: string | null
  year?: number
  path?: string | null
  rootFolderPath?: string | null
  qualityProfileId?: number
  seasonFolder?: boolean
  monitored?: boolean
  seriesType?: 'standard' | 'daily' | 'anime'
  tvdbId?: number
  imdbId?: string | null
  titleSlug?: string | null
  tags?: number[] | null
  seasons?: Season[] | null
  images?: unknown[] | null
  added?: string
  statistics?: { seasonCount?: number, episodeFileCount?: number, episodeCount?: number, totalEpisodeCount?: number, sizeOnDisk?: number }
  addOptions?: Record<string, unknown>
  runtime?: number
  [key: string]: unknown
}

export interface EpisodeFile { id: number, path?: string | null, relativePath?: string | null, size?: number, quality?: QualityModel }

export interface Episode {
  id: number
  seriesId: number
  seasonNumber: number
  episodeNumber: number
  title?: string | null
  airDate?: string | null
  airDateUtc?: string | null
  hasFile?: boolean
  monitored?: boolean
  episodeFileId?: number
  episodeFile?: EpisodeFile
  series?: Series
  runtime?: number
  /** When the manager last searched for it (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Episodes/EpisodeResource.cs). */
  lastSearchTime?: string | null
}

export interface MovieFile { id: number, movieId?: number, path?: string | null, relativePath?: string | null, size?: number, quality?: QualityModel }

export interface Movie {
  id: number
  title?: string | null
  sortTitle?: string | null
  status?: string
  overview?: string | null
  year?: number
  studio?: string | null
  path?: string | null
  rootFolderPath?: string | null
  qualityProfileId?: number
  monitored?: boolean
  minimumAvailability?: string
  hasFile?: boolean | null
  movieFileId?: number
  tmdbId?: number
  imdbId?: string | null
  titleSlug?: string | null
  tags?: number[] | null
  sizeOnDisk?: number | null
  inCinemas?: string | null
  digitalRelease?: string | null
  physicalRelease?: string | null
  isAvailable?: boolean
  movieFile?: MovieFile
  runtime?: number
  /** When the manager last searched for it (Radarr v6.0.3.10276 src/Radarr.Api.V3/Movies/MovieResource.cs). */
  lastSearchTime?: string | null
  statistics?: { movieFileCount?: number, sizeOnDisk?: number }
  [key: string]: unknown
}

export interface QueueItem {
  id: number
  seriesId?: number | null
  episodeId?: number | null
  seasonNumber?: number | null
  movieId?: number | null
  title?: string | null
  size?: number
  sizeleft?: number
  timeleft?: string | null
  estimatedCompletionTime?: string | null
  added?: string | null
  status?: string
  trackedDownloadStatus?: string
  trackedDownloadState?: string
  statusMessages?: Array<{ title?: string | null, messages?: string[] | null }> | null
  errorMessage?: string | null
  downloadId?: string | null
  protocol?: string
  downloadClient?: string | null
  indexer?: string | null
  outputPath?: string | null
  quality?: QualityModel
}

export interface Paged<T> { page: number, pageSize: number, totalRecords: number, records: T[] }

export interface HistoryRecord {
  id: number
  episodeId?: number
  seriesId?: number
  movieId?: number
  sourceTitle?: string | null
  date: string
  eventType?: string
  downloadId?: string | null
  quality?: QualityModel
  /** Event details as text (camelCase keys): an import's size, fileId, droppedPath, importedPath. */
  data?: Record<string, string | null> | null
}

export interface Release {
  guid?: string | null
  indexerId: number
  indexer?: string | null
  title?: string | null
  size?: number
  seeders?: number | null
  leechers?: number | null
  protocol?: string
  ageHours?: number
  approved?: boolean
  rejected?: boolean
  temporarilyRejected?: boolean
  rejections?: string[] | null
  customFormatScore?: number
  qualityWeight?: number
  quality?: QualityModel
  releaseGroup?: string | null
  languages?: NamedId[] | null
  fullSeason?: boolean
  seasonNumber?: number
  episodeNumbers?: number[] | null
  publishDate?: string
}

export interface ManualImportCandidate {
  id?: number
  path?: string | null
  relativePath?: string | null
  name?: string | null
  size?: number
  series?: Series
  movie?: Movie
  seasonNumber?: number | null
  episodes?: Episode[] | null
  quality?: QualityModel
  languages?: NamedId[] | null
  releaseGroup?: string | null
  downloadId?: string | null
  indexerFlags?: number
  releaseType?: string
  rejections?: Array<{ reason?: string | null, type?: string }> | null
}

export interface Command {
  id: number
  name?: string | null
  commandName?: string | null
  message?: string | null
  status?: 'queued' | 'started' | 'completed' | 'failed' | 'aborted' | 'cancelled' | 'orphaned'
  result?: string
  queued?: string
  started?: string | null
  ended?: string | null
}

/** One FluentValidation failure from a 400 answer. */
export interface ValidationFailure { propertyName?: string, errorMessage?: string, errorCode?: string, severity?: string }
