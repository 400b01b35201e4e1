// The torrent client's data as this server uses it: trimmed, typed, paths already translated to ours.

export interface TorrentInfo {
  hash: string
  name: string
  /** qBittorrent state, e.g. downloading, stalledDL, uploading, pausedUP (4.x) / stoppedUP (5.x), error. */
  state: string
  /**
   * Coarse state every tool can rely on across versions. seeding: finished and still shared by qBittorrent
   * (uploading, stalled or queued for upload, forced); completed: finished and stopped (pausedUP/stoppedUP).
   * In both, qBittorrent still holds the files.
   */
  phase: 'downloading' | 'seeding' | 'completed' | 'paused' | 'queued' | 'checking' | 'error' | 'other'
  /** 0–1. */
  progress: number
  /** Bytes per second. */
  downloadSpeed: number
  uploadSpeed: number
  /** Seconds; undefined when unknown (qBittorrent reports 8640000 for "infinite"). */
  etaSeconds?: number
  sizeBytes: number
  amountLeftBytes: number
  /** Folder the torrent is saved in, as this server sees it (PATH_MAP applied). */
  savePath: string
  /** The torrent's file (single-file) or top folder, as this server sees it. */
  contentPath: string
  category: string
  tags: string[]
  /** ISO 8601. */
  addedOn?: string
  completedOn?: string
  ratio: number
}

export interface TorrentFileEntry {
  /** Path inside the torrent. */
  name: string
  sizeBytes: number
  progress: number
}

export interface AddTorrentOptions {
  /** Our path under DOWNLOADS_ROOT (translated to the client's view with PATH_MAP). */
  savePath?: string
  category?: string
  tags?: string[]
  paused?: boolean
  /** Trust existing data without hashing it (used to seed known-good files). */
  skipChecking?: boolean
}

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
}

// State names as qBittorrent serializes them: src/webui/api/serialize/serialize_torrent.cpp,
// torrentStateToString (github.com/qbittorrent/qBittorrent; release-4.5.2 says paused*, 5.0 renamed them
// stopped*, release-5.0.0 and release-5.2.0). stalledUP (no peer wants data) and queuedUP (waiting for a
// seeding slot) are seeding torrents, not finished ones: the torrent is active and may read its files any time.
const PHASES: Record<string, TorrentInfo['phase']> = {
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

export function phaseOf (state: string): TorrentInfo['phase'] {
  return PHASES[state] ?? 'other'
}

export function isoFromEpoch (seconds: number): string | undefined {
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined
}
