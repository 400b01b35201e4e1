// Stuck downloads, shared by series_status and movie_status (view "stuck") and cancel_downloads (action
// "retry"): which queue items are stuck and why, in the manager's own words and the torrent client's
// or Usenet client's state, and the fix each allows: import (the reason is on the safe list), retry (remove + blocklist +
// search again) or person (the strike limit is reached, or the warning is not one we know to fix).
import type { QueueItem } from '../../clients/servarr/types.js'
import type { TorrentInfo } from '../../clients/torrent/types.js'
import type { UsenetItem } from '../../clients/usenet/types.js'
import { toQueueItem } from './items.js'
import { groupByDownload, type QueueRow } from './views.js'
import { parseQueueName, type QueueName } from './queue-ids.js'
import { joinNames } from '../../lib/sources/sources.js'
import { describeStatus } from '../../core/download-state/index.js'

export type StuckKind = 'importBlocked' | 'importFailed' | 'failed' | 'stalled' | 'noMetadata' | 'clientError' | 'warning'
export type StuckFix = 'import' | 'retry' | 'person'

/**
 * The only reasons an import may go ahead with the manager's own match: the manager found the title in its
 * grab history and refuses only because the release was matched by id (Sonarr v4.0.19.2979 / Radarr
 * v6.0.3.10276 src/NzbDrone.Core/Download/CompletedDownloadService.cs Check()). Every other reason (title
 * mismatch, not an upgrade, unexpected episode, sample, unparsable) means the file may not be what was asked
 * for, so it is never imported over the manager's objection.
 */
export const SAFE_TO_IMPORT: readonly string[] = [
  'Found matching series via grab history, but release was matched to series by ID. Automatic import is not possible. See the FAQ for details.',
  'Found matching movie via grab history, but release was matched to movie by ID. Manual Import required.'
]

/**
 * A torrent that has not received data (stalledDL) or metadata (metaDL) is stuck only after this long: both
 * states start the moment a torrent is added (qBittorrent release-4.5.2 src/base/bittorrent/torrentimpl.cpp
 * updateState(): stalledDL whenever the download rate is 0, metaDL until the metadata arrives).
 */
export const STALL_GRACE_MS = 30 * 60_000

/** The manager's message for qBittorrent's stalledDL (Sonarr/Radarr Download/Clients/QBittorrent/QBittorrent.cs). */
const STALLED_TEXT = 'The download is stalled with no connections'

export interface StuckRow extends QueueRow { stuck: { kind: StuckKind, fix: StuckFix, strikes: number } }

/** A Usenet client's job and the program holding it (SABnzbd, NZBGet). */
export interface UsenetJob { job: UsenetItem, service: string }
/**
 * The Usenet clients' jobs, by the id the managers store (clients/usenet/types.ts downloadId); `unread` names
 * the clients that did not answer, so a failure's reason is said to be unknown, not absent.
 */
export interface UsenetJobs { byId: Map<string, UsenetJob>, unread: string[] }

const olderThan = (iso: string | null | undefined, ms: number, now: number) => !!iso && now - Date.parse(iso) >= ms

/** Why a queue item is stuck, or undefined when it is not. The torrent is the client's record of the same download. */
export function stuckKind (q: QueueItem, torrent: TorrentInfo | undefined, now: number, job?: UsenetItem): StuckKind | undefined {
  const state = q.trackedDownloadState
  const warned = q.trackedDownloadStatus === 'warning' || q.trackedDownloadStatus === 'error'
  // The Usenet client's failure counts before the manager's next poll of it shows it.
  if (state === 'failedPending' || state === 'failed' || q.status === 'failed' || job?.state === 'failed') return 'failed'
  if (state === 'importBlocked') return 'importBlocked'
  if (state === 'importPending' && warned) return 'importFailed'
  const added = torrent?.addedOn ?? q.added
  // Read through the torrent contract (clients/torrent/types.ts), whichever client holds it.
  if (torrent && (torrent.filesMissing || torrent.phase === 'error')) return 'clientError'
  // The one state model (core/download-state) says stalled: no peers, no metadata and nobody to get it from,
  // a news server refusing every connection; the client's own stall words count as before.
  const stall = torrent?.status.state === 'stalled' ? torrent.status.cause : job?.status.state === 'stalled' ? job.status.cause : undefined
  if (stall === 'noMetadata' || torrent?.stall === 'noMetadata') return olderThan(added, STALL_GRACE_MS, now) ? 'noMetadata' : undefined
  if (stall || torrent?.stall === 'noData' || (!torrent && q.errorMessage === STALLED_TEXT)) return olderThan(added, STALL_GRACE_MS, now) ? 'stalled' : undefined
  if (q.status === 'warning' || warned) return 'warning'
  return undefined
}

/**
 * What a strike is counted against: the episodes or movie asked for, so a new release of the same title keeps
 * the count. Ids are numbered per manager instance, so the key starts with the queue's name ("series@anime").
 */
export function strikeKey (queue: QueueName, row: { episodeIds?: number[], movieId?: number, downloadId?: string, queueId: number }): string {
  const { source } = parseQueueName(queue)
  if (source === 'series' && row.episodeIds?.length) return `${queue}:episodes:${[...row.episodeIds].sort((a, b) => a - b).join(',')}`
  if (source === 'movies' && row.movieId) return `${queue}:movie:${row.movieId}`
  return `${queue}:download:${row.downloadId ?? `queue-${row.queueId}`}`
}

export function stuckFix (kind: StuckKind, row: QueueRow, strikes: number, maxStrikes: number): StuckFix {
  if (strikes >= maxStrikes) return 'person'
  const matched = row.seriesId !== undefined || row.movieId !== undefined
  if (kind === 'importBlocked' && matched && row.outputPath && row.messages.length > 0 && row.messages.every(m => SAFE_TO_IMPORT.includes(m))) return 'import'
  return kind === 'warning' ? 'person' : 'retry'
}

/**
 * The stuck rows of a queue (one row per download), each with its kind, strikes and fix. A download is stuck
 * when any of its queue items is; the client's torrents are matched by hash (the download id).
 */
export function stuckRows (queueName: QueueName, queue: QueueItem[], torrents: TorrentInfo[] | undefined, strikesOf: (key: string) => number, maxStrikes: number, now: number, usenet?: UsenetJobs): StuckRow[] {
  const byHash = new Map((torrents ?? []).map(t => [t.hash.toLowerCase(), t]))
  const jobOf = (id: string | null | undefined) => (id ? usenet?.byId.get(id.toLowerCase()) : undefined)
  const kinds = new Map<number, StuckKind>()
  for (const q of queue) {
    const kind = stuckKind(q, q.downloadId ? byHash.get(q.downloadId.toLowerCase()) : undefined, now, jobOf(q.downloadId)?.job)
    if (kind) kinds.set(q.id, kind)
  }
  const rows = groupByDownload(queue.filter(q => kinds.has(q.id)).map(toQueueItem))
  return rows.map(row => {
    const kind = kinds.get(row.queueId)!
    const torrent = row.downloadId ? byHash.get(row.downloadId.toLowerCase()) : undefined
    const said = usenetMessage(kind, jobOf(row.downloadId), usenet, row.protocol)
    const messages = [
      ...row.messages,
      ...(torrent && (torrent.stall || torrent.filesMissing || torrent.phase === 'error') ? [`Torrent client state ${torrent.state} (added ${torrent.addedOn ?? 'at an unknown time'})${torrent.status.reason ? `: ${describeStatus(torrent.status)}` : ''}`] : []),
      ...(said ? [said] : [])
    ]
    const strikes = strikesOf(strikeKey(queueName, row))
    return { ...row, messages, stuck: { kind, fix: stuckFix(kind, row, strikes, maxStrikes), strikes } }
  })
}

/**
 * What the Usenet client says of a failed download: its reason from the client's history (par2 repair failed,
 * unpack failed, missing articles…); that it did not answer, when it did not, so the reason is not guessed.
 */
function usenetMessage (kind: StuckKind, held: UsenetJob | undefined, usenet: UsenetJobs | undefined, protocol: string | undefined): string | undefined {
  if (held?.job.state === 'failed') return `${held.service}: failed (${held.job.failure ?? 'failed'})`
  if (held?.job.status.state === 'stalled') return `${held.service}: ${describeStatus(held.job.status)}`
  if (!held && kind === 'failed' && protocol === 'usenet' && usenet?.unread.length) return `${joinNames(usenet.unread)} did not answer, so why it failed is not known here`
  return undefined
}
