// qBittorrent's wire shapes and state names, mapped to the torrent client contract (clients/torrent/types.ts).
import type { TorrentPhase } from '../torrent/types.js'

export type { TorrentInfo, TorrentFileEntry, AddTorrentOptions } from '../torrent/types.js'

export interface RawTorrent {
  hash: string
  name: string
  state: string
  progress: number
  dlspeed: number
  upspeed: number
  eta: number
  size: number
  total_size?: number
  amount_left: number
  save_path: string
  content_path?: string
  category: string
  tags: string
  added_on: number
  completion_on: number
  ratio: number
  /** Peers connected now, seeds and others (serialize_torrent.cpp release-4.5.5 120-122). */
  num_seeds?: number
  num_leechs?: number
  /** Epoch second of the last payload sent or received (serialize_torrent.cpp release-4.5.5 101-106). */
  last_activity?: number
}

// State names as qBittorrent serializes them: src/webui/api/serialize/serialize_torrent.cpp,
// torrentStateToString (github.com/qbittorrent/qBittorrent; release-4.5.2 says paused*, 5.0 renamed them
// stopped*, release-5.0.0 and release-5.2.0). stalledUP (no peer wants data) and queuedUP (waiting for a
// seeding slot) are seeding torrents, not finished ones: the torrent is active and may read its files any time.
const PHASES: Record<string, TorrentPhase> = {
  downloading: 'downloading',
  metaDL: 'downloading',
  forcedDL: 'downloading',
  stalledDL: 'downloading',
  forcedMetaDL: 'downloading',
  uploading: 'seeding',
  forcedUP: 'seeding',
  stalledUP: 'seeding',
  queuedUP: 'seeding',
  pausedUP: 'completed',
  stoppedUP: 'completed',
  pausedDL: 'paused',
  stoppedDL: 'paused',
  queuedDL: 'queued',
  checkingDL: 'checking',
  checkingUP: 'checking',
  checkingResumeData: 'checking',
  moving: 'checking',
  error: 'error',
  missingFiles: 'error'
}

export function phaseOf (state: string): TorrentPhase {
  return PHASES[state] ?? 'other'
}

export function isoFromEpoch (seconds: number): string | undefined {
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined
}
