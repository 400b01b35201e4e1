// The series and movie managers' queue rows mapped into the one vocabulary (states.ts). Sources: Sonarr/Sonarr
// v4.0.19.2979 src/NzbDrone.Core/Download/TrackedDownloads/TrackedDownload.cs 49-66 (TrackedDownloadState:
// downloading, importBlocked, importPending, importing, imported, failedPending, failed, ignored;
// TrackedDownloadStatus: ok, warning, error) and Queue/QueueStatus.cs 3-15 (the row's `status`: the client's
// DownloadItemStatus plus delay, downloadClientUnavailable, fallback); Radarr v6.0.3.10276 has the same.
// Only the manager knows import and its own failures; before completion the raw client state says more, so
// a row the client also lists is shown from the client (domains/downloads/queue-read.ts).
import { failed, type DownloadStatus } from './states.js'

export interface ManagerRowRaw {
  /** QueueStatus, lower case as the API sends it. */
  status?: string
  trackedDownloadState?: string
  trackedDownloadStatus?: string
  /** statusMessages flattened, then errorMessage. */
  messages?: readonly string[]
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase()
const said = (messages: readonly string[] | undefined) => messages && messages.length > 0 ? messages.slice(0, 3).join('; ') : undefined

export function managerStatus (q: ManagerRowRaw): DownloadStatus {
  const status = lower(q.status)
  const tracked = lower(q.trackedDownloadState)
  const warned = lower(q.trackedDownloadStatus) === 'warning'
  const why = said(q.messages)
  if (tracked === 'importblocked') return { state: 'importBlocked', ...(why ? { reason: why } : {}) }
  if (tracked === 'failedpending' || tracked === 'failed' || lower(q.trackedDownloadStatus) === 'error' || status === 'failed') return failed(why)
  if (tracked === 'imported') return { state: 'completed' }
  if (status === 'completed') {
    // CompletedDownloadService.cs 66-126, 295-313: a path it cannot reach or a download it did not grab is
    // only warned about, the state left at downloading / importPending: to a household the import is blocked.
    if (warned) return { state: 'importBlocked', ...(why ? { reason: why } : {}) }
    return { state: 'waitingForImport' }
  }
  if (status === 'delay' || status === 'fallback') return { state: 'queued', reason: 'waiting for a better release' }
  if (status === 'downloadclientunavailable') return { state: 'queued', reason: 'the download client is not answering the manager' }
  if (status === 'paused') return { state: 'paused' }
  if (status === 'queued') return { state: 'queued' }
  // warning: the client's own words (Sonarr keeps trackedDownloadStatus ok for client stalls); the client's
  // raw state, when it answers, decides whether it is stalled.
  if (status === 'warning') return { state: 'downloading', ...(why ? { reason: `the manager warns: ${why}` } : {}) }
  return { state: 'downloading' }
}
