// Transmission's torrent fields and status codes, mapped to the torrent client contract (clients/torrent/types.ts).
// Field names are the old RPC protocol's (github.com/transmission/transmission, 3.00 extras/rpc-spec.txt
// 181-246 "torrent-get" fields), which 4.1.x still answers in when asked in it (4.1.3 libtransmission/rpcimpl.cc
// 2837-2851: a request without "jsonrpc" is converted in and its answer converted back).
import type { TorrentPhase } from '../torrent/types.js'

export const FIELDS = [
  'hashString', 'name', 'status', 'error', 'errorString', 'percentDone', 'rateDownload', 'rateUpload', 'eta',
  'sizeWhenDone', 'leftUntilDone', 'downloadDir', 'labels', 'addedDate', 'doneDate', 'uploadRatio', 'isFinished', 'metadataPercentComplete',
  'peersConnected', 'isStalled'
] as const

export interface RawTransmissionTorrent {
  hashString: string
  name: string
  /** tr_torrent_activity (3.00 libtransmission/transmission.h 1650-1657): 0 stopped … 6 seeding. */
  status: number
  /** tr_stat_errtype (3.00 transmission.h 1674-1683): 0 ok, 1 tracker warning, 2 tracker error, 3 local error. */
  error: number
  errorString: string
  percentDone: number
  rateDownload: number
  rateUpload: number
  /** Seconds; -1 TR_ETA_NOT_AVAIL, -2 TR_ETA_UNKNOWN (3.00 transmission.h 1748-1749). */
  eta: number
  sizeWhenDone: number
  leftUntilDone: number
  downloadDir: string
  /** From rpc 16 (3.00); absent before. */
  labels?: string[]
  addedDate: number
  doneDate: number
  uploadRatio: number
  isFinished: boolean
  /** 0–1; below 1 while a magnet's metadata is still being fetched (3.00 rpc-spec.txt 213). */
  metadataPercentComplete: number
  /** Peers connected now; isStalled: idle past queue-stalled-minutes (3.00 rpc-spec.txt 207, 217). */
  peersConnected?: number
  isStalled?: boolean
}

/** The local error Transmission sets when a torrent's data is gone (3.00 libtransmission/torrent.c 916). */
export const NO_DATA_FOUND = /^No data found!/

export const LOCAL_ERROR = 3

// The state words Transmission's own web client shows for each status (3.00 web/javascript/torrent.js
// getStateString 375-397), so a person sees what Transmission's UI would say.
const STATES: Array<{ state: string, phase: TorrentPhase }> = [
  { state: 'Paused', phase: 'paused' },
  { state: 'Queued for verification', phase: 'checking' },
  { state: 'Verifying local data', phase: 'checking' },
  { state: 'Queued for download', phase: 'queued' },
  { state: 'Downloading', phase: 'downloading' },
  { state: 'Queued for seeding', phase: 'seeding' },
  { state: 'Seeding', phase: 'seeding' }
]

/** The state word and phase of a torrent: a local error (disk, missing files) stops it whatever its status. */
export function transmissionState (t: Pick<RawTransmissionTorrent, 'status' | 'error' | 'percentDone' | 'isFinished'>): { state: string, phase: TorrentPhase } {
  if (t.error === LOCAL_ERROR) return { state: 'Error', phase: 'error' }
  // Stopped with everything wanted on disk: finished and no longer shared ("Seeding complete" when the ratio
  // limit stopped it, "Paused" when a person did; both hold the whole data). Not leftUntilDone === 0: a magnet
  // still without its metadata has 0 left of a size of 0, and percentDone 0 (seen on the real 3.00).
  if (t.status === 0 && t.percentDone >= 1) return { state: t.isFinished ? 'Seeding complete' : 'Paused', phase: 'completed' }
  return STATES[t.status] ?? { state: `status ${t.status}`, phase: 'other' }
}
