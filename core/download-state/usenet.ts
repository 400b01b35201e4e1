// The Usenet clients' states mapped into the one vocabulary (states.ts). The clients first map their own words
// to a small set (clients/usenet/nzbget-states.ts, sabnzbd-states.ts, each citing the program); this file says
// what each means to a household, and reads NZBGet's news-server trouble, which no state word carries.
import { failed, stalled, type DownloadStatus } from './states.js'

/** The client-level words of clients/usenet/types.ts UsenetState. */
export type UsenetWord = 'queued' | 'fetching' | 'paused' | 'verifying' | 'repairing' | 'unpacking' | 'completed' | 'failed'

export interface UsenetTrouble { cause: 'newsServer' | 'quota', detail?: string }

/**
 * One Usenet job's state. Post-processing (verify, repair, unpack) is still downloading to a household, with
 * the step as the reason (Sonarr counts it as Downloading too: Nzbget.cs 54-109, Sabnzbd.cs 108-182). A job
 * fetching articles while the program reports news-server trouble is stalled with that trouble.
 */
export function usenetStatus (state: UsenetWord, failure?: string, trouble?: UsenetTrouble): DownloadStatus {
  switch (state) {
    case 'failed': return failed(failure)
    case 'completed': return { state: 'completed' }
    case 'paused': return { state: 'paused' }
    case 'queued': return { state: 'queued' }
    case 'verifying': return { state: 'downloading', reason: 'verifying the files' }
    case 'repairing': return { state: 'downloading', reason: 'repairing the files' }
    case 'unpacking': return { state: 'downloading', reason: 'unpacking' }
    case 'fetching': return trouble ? stalled(trouble.cause, trouble.detail) : { state: 'downloading' }
  }
}

/** One entry of NZBGet's `log` (daemon/remote/XmlRpc.cpp v21.0 1384-1447: ID, Kind, Time, Text). */
export interface NzbgetLogEntry { Kind: string, Time: number, Text: string }

/**
 * NZBGet 21 has no per-server error field: `status` NewsServers[] carries only ID and Active (the server is
 * enabled; XmlRpc.cpp v21.0 1265-1279). A refused or failing server shows only in its log: "Connection to HOST
 * failed: ErrNo 111, Connection refused" (daemon/connect/Connection.cpp v21.0 576, 662, 919-960), "Could not
 * resolve hostname", "Authorization for NAME (HOST) failed: …" (daemon/nntp/NntpConnection.cpp 100-156,
 * 203-210), each followed by the warning "Blocking NAME (HOST) for N sec" (daemon/nntp/ServerPool.cpp 255-267),
 * repeated every RetryInterval while the server keeps failing (seen on the real nzbget 21 with a closed port).
 */
const SERVER_ERROR = /^(?:Connection to \S+ (?:\(\S+\) )?failed|Could not resolve hostname|Could not connect to|Authori[sz]ation (?:for|failed for) )/
const BLOCKED = /^Blocking \S+ \(\S+\) for \d+ sec/

/** Server trouble this recent (by NZBGet's own clock, status.ServerTime) still counts. */
export const SERVER_TROUBLE_WINDOW_S = 120

/**
 * News-server trouble NZBGet reports now: a server error or block in the last SERVER_TROUBLE_WINDOW_S seconds
 * of its log while nothing arrives (DownloadRate 0), or the download quota reached (status.QuotaReached).
 */
export function nzbgetTrouble (status: { DownloadRate?: number, QuotaReached?: boolean, ServerTime?: number }, log: readonly NzbgetLogEntry[]): UsenetTrouble | undefined {
  if (status.QuotaReached) return { cause: 'quota' }
  if ((status.DownloadRate ?? 0) > 0) return undefined
  const newest = log.reduce((t, e) => Math.max(t, e.Time), 0)
  const now = status.ServerTime && status.ServerTime > 0 ? status.ServerTime : newest
  const recent = log.filter(e => now - e.Time <= SERVER_TROUBLE_WINDOW_S)
  const error = recent.filter(e => e.Kind === 'ERROR' && SERVER_ERROR.test(e.Text)).at(-1)
  if (error) return { cause: 'newsServer', detail: error.Text.slice(0, 200) }
  const block = recent.filter(e => e.Kind === 'WARNING' && BLOCKED.test(e.Text)).at(-1)
  return block ? { cause: 'newsServer', detail: block.Text.slice(0, 200) } : undefined
}
