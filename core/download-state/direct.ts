// The direct downloaders mapped into the one vocabulary (states.ts): pyLoad packages, aria2 downloads and the
// background jobs download_direct runs (yt-dlp, or aria2 under a job).
import { failed, stalled, type DownloadStatus } from './states.js'

/**
 * A pyLoad package: pyLoad reports a status per link, not per package; the client sums the links into these
 * flags (clients/pyload/types.ts).
 */
export function pyloadStatus (p: { finished: boolean, failed: boolean, linksDone: number, bytesDone: number }, active?: boolean): DownloadStatus {
  if (p.failed) return failed('a link of the package failed')
  if (p.finished) return { state: 'completed' }
  if (active) return { state: 'downloading' }
  return p.linksDone > 0 || p.bytesDone > 0 ? { state: 'downloading' } : { state: 'queued' }
}

/**
 * aria2 `status` (aria2.tellStatus, aria2 docs "RPC interface": active, waiting, paused, error, complete,
 * removed) with `errorMessage` for error.
 */
export function aria2Status (d: { status: string, errorMessage?: string, downloadSpeed?: number, connections?: number }): DownloadStatus {
  switch (d.status) {
    case 'active': return d.connections === 0 && d.downloadSpeed === 0 ? stalled('noPeers', 'the server is not sending anything') : { state: 'downloading' }
    case 'waiting': return { state: 'queued' }
    case 'paused': return { state: 'paused' }
    case 'error': return failed(d.errorMessage || 'aria2 reports an error')
    case 'removed': return failed('it was removed from aria2')
    default: return { state: 'completed' }
  }
}

/** A download_direct job (core/job-types.ts JobStatus): yt-dlp or aria2 run under the job registry. */
export function jobStatus (j: { status: string, error?: string }): DownloadStatus {
  switch (j.status) {
    case 'queued': return { state: 'queued' }
    case 'running': return { state: 'downloading' }
    case 'succeeded': return { state: 'completed' }
    case 'cancelled': return failed('it was cancelled')
    case 'interrupted': return failed('the server stopped while it ran')
    default: return failed(j.error)
  }
}
