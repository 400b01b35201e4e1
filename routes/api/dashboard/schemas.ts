// TypeBox schemas of /api/dashboard: each section of the snapshot, the actions and the errors.
// The same schemas validate requests, shape responses (fields not listed are dropped) and feed the
// OpenAPI document at /api/openapi.json.
import { Type, type Static } from '@sinclair/typebox'
import { DOWNLOAD_STATES } from '../../../core/download-state/index.js'
import { FillForecastSchema } from '../../../lib/library/disk-filling.js'

export const ApiError = Type.Object({
  error: Type.String({ description: 'Machine-readable code, e.g. unknown_job' }),
  message: Type.String({ description: 'What went wrong, for a person' }),
  hint: Type.Optional(Type.String({ description: 'What to do about it' }))
}, { description: 'Error body of /api/* routes' })

/** Whether a section's backend answered; when not, the reason, and the rest of the dashboard still answers. */
const Availability = {
  available: Type.Boolean({ description: 'false: the backend behind this section did not answer' }),
  reason: Type.Optional(Type.String({ description: 'Why the section is unavailable (public text, never a backend body)' }))
}

export const Service = Type.Object({
  name: Type.String({ description: 'Backend name, e.g. Jellyfin' }),
  configured: Type.Boolean({ description: 'Whether its credentials are set' }),
  reachable: Type.Boolean({ description: 'Whether the last background probe got an answer' }),
  version: Type.Optional(Type.String({ description: 'Version the backend reported' })),
  latencyMs: Type.Optional(Type.Integer({ description: 'Round trip of the last probe' })),
  checkedAt: Type.String({ description: 'When the last probe ran (ISO 8601)' }),
  error: Type.Optional(Type.String({ description: 'Why the last probe failed' }))
})

export const ServicesSection = Type.Object({
  items: Type.Array(Service, { description: 'Last probe of each backend; empty until the first probe, right after start' })
})

export const DownloadSource = Type.Object({
  service: Type.String({ description: 'Direct-download manager, Torrent client, the Usenet client (SABnzbd, NZBGet), Series manager or Movie manager (with the instance name when there are several)' }),
  ...Availability
})

const DownloadStateSchema = Type.Union(DOWNLOAD_STATES.map(s => Type.Literal(s)), { description: 'One vocabulary for every downloader and manager (core/download-state)' })

export const Download = Type.Object({
  id: Type.String({ description: '<source>:<id> (<source>@<instance>:<id> for an extra instance): torrent:<hash>, usenet:<job id>, direct:<package id>, series:<download id>, movies:<download id>' }),
  source: Type.Union([Type.Literal('torrent'), Type.Literal('direct'), Type.Literal('series'), Type.Literal('movies'), Type.Literal('usenet')], { description: 'torrent client, direct-download manager, Usenet client, or a series or movie manager\'s queue (unless a downloader lists it)' }),
  name: Type.String({ description: 'Torrent, package or release name' }),
  about: Type.Optional(Type.String({ description: 'What the series or movie manager grabbed it for, e.g. "Show S01E02"' })),
  progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Percent done; absent while the total size is unknown' })),
  speedBytesPerSecond: Type.Optional(Type.Integer({ minimum: 0, description: 'Download speed; absent when no source reports it' })),
  etaSeconds: Type.Optional(Type.Integer({ minimum: 0, description: 'Estimated seconds left, when known' })),
  state: Type.String({ description: 'The program\'s own state word: downloading, stalledDL, fetching, importPending, …' }),
  status: DownloadStateSchema,
  reason: Type.Optional(Type.String({ description: 'Why it is stuck, failed or blocked, in household words' })),
  sizeBytes: Type.Optional(Type.Integer({ minimum: 0, description: 'Total size' })),
  instance: Type.Optional(Type.String({ description: 'The instance it came from, when that service has several' }))
})

export const DownloadsSection = Type.Object({
  items: Type.Array(Download, { description: 'Unfinished downloads of every downloader and manager queue (download_status\'s queue), unfinished first' }),
  counts: Type.Array(Type.Object({ state: DownloadStateSchema, count: Type.Integer({ minimum: 1 }) }), { description: 'How many downloads are in each state (all of them, not only the rows shown), as download_status\'s headline counts them' }),
  summary: Type.String({ description: 'The counts in words: "3 downloading, 2 failed, 1 waiting for an import"; empty when there are none' }),
  sources: Type.Array(DownloadSource, { description: 'Each source and whether it answered; one that did not is not read as empty' })
})

export const PlayingSession = Type.Object({
  sessionId: Type.String({ description: 'Media server session id (for stop and message)' }),
  user: Type.String({ description: 'Who is watching' }),
  client: Type.String({ description: 'App, e.g. Jellyfin Web' }),
  device: Type.String({ description: 'Device name' }),
  item: Type.Object({
    name: Type.String({ description: 'Title' }),
    type: Type.String({ description: 'Movie, Episode, Audio, …' }),
    seriesName: Type.Optional(Type.String({ description: 'Series of an episode' }))
  }),
  progressPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Position in the item' })),
  positionSeconds: Type.Optional(Type.Integer({ minimum: 0 })),
  runtimeSeconds: Type.Optional(Type.Integer({ minimum: 0 })),
  paused: Type.Boolean(),
  transcoding: Type.Boolean()
})

export const NowPlayingSection = Type.Object({
  ...Availability,
  sessions: Type.Array(PlayingSession, { description: 'Sessions that are playing something' })
})

export const LibraryCount = Type.Object({
  name: Type.String({ description: 'Library name' }),
  collectionType: Type.String({ description: 'movies, tvshows, music, …' }),
  itemCount: Type.Integer({ minimum: 0, description: 'Top-level items (movies, series, albums)' }),
  episodeCount: Type.Optional(Type.Integer({ minimum: 0, description: 'Episodes (tv libraries)' }))
})

export const Disk = Type.Object({
  root: Type.Union([Type.Literal('media'), Type.Literal('downloads'), Type.Literal('both')], { description: 'MEDIA_ROOT, DOWNLOADS_ROOT, or both when they are on one filesystem (one entry, not two identical ones)' }),
  ...Availability,
  totalBytes: Type.Optional(Type.Integer({ minimum: 0 })),
  freeBytes: Type.Optional(Type.Integer({ minimum: 0, description: 'Available to the server' })),
  usedPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'As df shows it: used / (used + available), rounded up' })),
  filling: Type.Optional(FillForecastSchema),
  fillingSentence: Type.Optional(Type.String({ description: 'The forecast in words, with the managers whose history did not answer' }))
})

export const LibrarySection = Type.Object({
  ...Availability,
  libraries: Type.Array(LibraryCount, { description: 'Counts from the media server (empty when it is unavailable)' }),
  disks: Type.Array(Disk, { description: 'Disk use of the media and downloads roots, one entry per filesystem' })
})

export const JobView = Type.Object({
  id: Type.String(),
  kind: Type.String({ description: 'e.g. move, optimize' }),
  status: Type.Union(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted'].map(s => Type.Literal(s))),
  description: Type.String({ description: 'What the job does' }),
  message: Type.String({ description: 'Latest status message' }),
  progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  createdAt: Type.String(),
  startedAt: Type.Optional(Type.String()),
  finishedAt: Type.Optional(Type.String()),
  estimatedDurationMs: Type.Optional(Type.Integer({ minimum: 0 })),
  error: Type.Optional(Type.String({ description: 'Why it failed' })),
  startedByYou: Type.Boolean({ description: 'Started with the same credential as this request' }),
  cancellable: Type.Boolean({ description: 'Queued or running, and not already being cancelled' })
})

export const JobsSection = Type.Object({
  running: Type.Integer({ minimum: 0 }),
  queued: Type.Integer({ minimum: 0 }),
  items: Type.Array(JobView, { description: 'Newest first, at most 50' })
})

export const ActivityEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'What happened' }),
  type: Type.String({ description: 'Media server event type' }),
  date: Type.String({ description: 'ISO 8601' }),
  severity: Type.String({ description: 'Information, Warning, Error, …' }),
  overview: Type.Optional(Type.String())
})

export const ActivitySection = Type.Object({
  ...Availability,
  items: Type.Array(ActivityEntry, { description: 'Newest first, at most 20' })
})

export const Snapshot = Type.Object({
  generatedAt: Type.String({ description: 'When this snapshot was assembled (ISO 8601)' }),
  services: ServicesSection,
  downloads: DownloadsSection,
  nowPlaying: NowPlayingSection,
  library: LibrarySection,
  jobs: JobsSection,
  activity: ActivitySection
}, { description: 'Everything the dashboard shows; each backend-fed section degrades on its own' })

export const SessionParams = Type.Object({
  sessionId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'Session id from nowPlaying' })
})

export const MessageBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 500, description: 'Text shown on the player' }),
  header: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Title of the message (default: "Message")' }))
}, { additionalProperties: false })

export const ActionResult = Type.Object({
  ok: Type.Literal(true),
  message: Type.String({ description: 'What was done' })
})

export const JobParams = Type.Object({
  jobId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'Job id' })
})

export const CancelResult = Type.Object({ job: JobView, message: Type.String() })

export type SnapshotT = Static<typeof Snapshot>
export type DownloadT = Static<typeof Download>
export type JobViewT = Static<typeof JobView>
export type ApiErrorT = Static<typeof ApiError>
