// The series and movie managers' download queues as download_status rows: one row per download (a season
// pack the manager lists once per episode is one row), labelled with what the manager grabbed it for
// ("Show S01E02", "Movie (2020)") so a person sees what each download is.
import type { FastifyInstance } from 'fastify'
import type { ServarrCore } from '../../clients/servarr/core.js'
import { toQueueItem } from '../servarr/items.js'
import { groupByDownload, type QueueRow } from '../servarr/views.js'
import { episodeCode } from '../servarr/text.js'
import { instanceLabel } from '../each-instance.js'
import { sizedProgress } from './download-shared.js'
import { movieManager, seriesManager } from '../chosen-client.js'
import { managerStatus, type DownloadState } from '../../core/download-state/index.js'

export interface ManagerDownload {
  source: 'series' | 'movies'
  /** The download client id (torrent hash, lower case) or "queue:<id>" when the manager has none. */
  id: string
  name: string
  about: string
  state: string
  /** The one download-state vocabulary (core/download-state), from trackedDownloadState and the row's status. */
  status: DownloadState
  reason?: string
  progressPercent?: number
  sizeBytes?: number
  /**
   * Current speed: the managers' queue has none (QueueResource in Sonarr/Sonarr src/Sonarr.Api.V3/openapi.json @ 4ff1b78
   * and Radarr's has size, sizeleft and timeleft, no speed), so it is set only from the download client's own figure for the same hash, and absent otherwise.
   */
  bytesPerSecond?: number
  etaSeconds?: number
  /** The manager instance, when that manager has extra instances. */
  instance?: string
}

const PAGE = 200
const MAX_PAGES = 20

async function wholeQueue (client: ServarrCore, signal: AbortSignal): Promise<QueueRow[]> {
  const records = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await client.queue({ page, pageSize: PAGE, signal })
    records.push(...r.records.map(toQueueItem))
    if (r.records.length < PAGE || records.length >= r.totalRecords) break
  }
  return groupByDownload(records)
}

/** "hh:mm:ss" or "d.hh:mm:ss" (a .NET TimeSpan, as the managers send timeleft) in seconds. */
export function timeSpanSeconds (span: string | undefined): number | undefined {
  const m = span?.match(/^(?:(\d+)\.)?(\d+):(\d{2}):(\d{2})/)
  if (!m) return undefined
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])
}

function managerFields (q: QueueRow): { status: DownloadState, reason?: string } {
  const s = managerStatus({ status: q.status, trackedDownloadState: q.state, messages: q.messages })
  return { status: s.state, ...(s.reason ? { reason: s.reason } : {}) }
}

function row (source: ManagerDownload['source'], q: QueueRow, about: string): ManagerDownload {
  const eta = timeSpanSeconds(q.timeLeft)
  return {
    source,
    id: q.downloadId ? q.downloadId.toLowerCase() : `queue:${q.queueId}`,
    name: q.title,
    about,
    // A finished download the manager has not imported yet says why (importPending, importBlocked…).
    state: q.status === 'completed' && q.state !== 'unknown' ? q.state : q.status,
    ...managerFields(q),
    ...sizedProgress(q.sizeBytes, () => (q.progress ?? 0) / 100),
    ...(eta !== undefined ? { etaSeconds: eta } : {})
  }
}

/**
 * A row names the manager instance it came from when there are several: in `instance`, and in `about`, which
 * a torrent row the manager labels takes over.
 */
export function fromInstance (rows: ManagerDownload[], kind: 'series' | 'movies', name: string | undefined): ManagerDownload[] {
  if (name === undefined) return rows
  return rows.map(r => ({ ...r, about: `${r.about} (${instanceLabel(kind, name)})`, instance: name }))
}

/** The queue of one series manager instance (undefined: the default). */
export async function seriesDownloads (app: FastifyInstance, signal: AbortSignal, instance?: string): Promise<ManagerDownload[]> {
  const sonarr = seriesManager(app, instance)
  const rows = await wholeQueue(sonarr, signal)
  const seriesIds = [...new Set(rows.flatMap(r => (r.seriesId === undefined ? [] : [r.seriesId])))]
  const seasons = [...new Set(rows.flatMap(r => (r.seriesId === undefined || r.seasonNumber === undefined ? [] : [`${r.seriesId}:${r.seasonNumber}`])))]
  const [titles, episodes] = await Promise.all([
    Promise.all(seriesIds.map(async id => [id, (await sonarr.getSeries(id).catch(() => undefined))?.title] as const)),
    Promise.all(seasons.map(async key => {
      const [seriesId, seasonNumber] = key.split(':').map(Number)
      return await sonarr.episodes({ seriesId, seasonNumber, signal }).catch(() => [])
    }))
  ])
  const titleOf = new Map(titles)
  const episodeNumber = new Map(episodes.flat().map(e => [e.id, e.episodeNumber]))
  return rows.map(q => {
    const title = (q.seriesId !== undefined && titleOf.get(q.seriesId)) || `series ${q.seriesId ?? '?'}`
    if (q.seasonNumber === undefined) return row('series', q, title)
    const numbers = (q.episodeIds ?? []).map(id => episodeNumber.get(id)).filter((n): n is number => n !== undefined).sort((a, b) => a - b)
    const which = numbers.length === 1 ? episodeCode(q.seasonNumber, numbers) : numbers.length > 1 ? `${episodeCode(q.seasonNumber)} (${numbers.length} episodes)` : episodeCode(q.seasonNumber)
    return row('series', q, `${title} ${which}`)
  })
}

/** The queue of one movie manager instance (undefined: the default). */
export async function movieDownloads (app: FastifyInstance, signal: AbortSignal, instance?: string): Promise<ManagerDownload[]> {
  const radarr = movieManager(app, instance)
  const rows = await wholeQueue(radarr, signal)
  const movieIds = [...new Set(rows.flatMap(r => (r.movieId === undefined ? [] : [r.movieId])))]
  const movies = new Map(await Promise.all(movieIds.map(async id => [id, await radarr.getMovie(id).catch(() => undefined)] as const)))
  return rows.map(q => {
    const m = q.movieId === undefined ? undefined : movies.get(q.movieId)
    return row('movies', q, m ? `${m.title}${m.year ? ` (${m.year})` : ''}` : `movie ${q.movieId ?? '?'}`)
  })
}
