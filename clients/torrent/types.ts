// The torrent client contract: what every tool reads and does through app.backends.torrent, whichever client
// (qBittorrent, Transmission, Deluge) TORRENT_CLIENT_TYPE names. Each implementation trims its own wire format
// to these shapes, with paths already translated to ours (PATH_MAP) and states mapped to a phase.
import type { ProbeResult } from '../http.js'
import type { CircuitStatus } from '../circuit.js'
import type { PathMap } from '../../core/path-map.js'
import type { DownloadStatus } from '../../core/download-state/index.js'

/**
 * Coarse state every tool can rely on across clients and versions. seeding: finished and still shared
 * (uploading, stalled or queued for upload); completed: finished and stopped. In both the client still holds
 * the files.
 */
export type TorrentPhase = 'downloading' | 'seeding' | 'completed' | 'paused' | 'queued' | 'checking' | 'error' | 'other'

export interface TorrentInfo {
  /** Info-hash, lowercase hex (the id the managers' queue rows carry as downloadId, uppercased). */
  hash: string
  name: string
  /** The client's own state word, e.g. qBittorrent stalledDL, Transmission "download wait", Deluge Seeding. */
  state: string
  phase: TorrentPhase
  /** The torrent in the one download-state vocabulary (core/download-state), mapped from the client's raw fields. */
  status: DownloadStatus
  /** 0–1. */
  progress: number
  /** Bytes per second. */
  downloadSpeed: number
  uploadSpeed: number
  /** Seconds; undefined when unknown or infinite. */
  etaSeconds?: number
  sizeBytes: number
  amountLeftBytes: number
  /** Folder the torrent is saved in, as this server sees it (PATH_MAP applied). */
  savePath: string
  /** The torrent's file (single-file) or top folder, as this server sees it. */
  contentPath: string
  /**
   * Where an unfinished torrent's file or top folder is kept until it completes, when the client keeps unfinished
   * downloads apart (Transmission's session-wide incomplete-dir); it holds that path as well as contentPath.
   */
  partialPath?: string
  /** qBittorrent category, Deluge label, Transmission's first label; '' when none. */
  category: string
  tags: string[]
  /** ISO 8601. */
  addedOn?: string
  completedOn?: string
  ratio: number
  /** The client's error message, when phase is error. */
  error?: string
  /** Downloading but receiving nothing: no data (qBittorrent stalledDL) or no metadata yet (metaDL). */
  stall?: 'noData' | 'noMetadata'
  /** The client says the torrent's files are gone from disk (qBittorrent missingFiles). */
  filesMissing?: boolean
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
  /** Trust existing data without hashing it (used to seed known-good files; clients without it ignore it). */
  skipChecking?: boolean
}

export interface TorrentListFilter {
  hashes?: string[]
  category?: string
  tag?: string
}

/** What every torrent client is built from (TORRENT_CLIENT_* or an extra instance's variables). */
export interface TorrentClientSettings {
  url: string
  username: string
  password: string
  downloadsRoot: string
  pathMap: PathMap
  deadlineMs?: number
}

export interface TorrentClient {
  /** The product name ("qBittorrent", "Transmission", "Deluge"), as errors and /health name it. */
  service: string
  pathMap: PathMap
  /** The client's release (`app`, as it reports it); `v5` is qBittorrent's stop/start naming, false elsewhere. */
  version: () => Promise<{ app: string, v5: boolean }>
  list: (filter?: TorrentListFilter) => Promise<TorrentInfo[]>
  files: (hash: string) => Promise<TorrentFileEntry[]>
  /** Adds a magnet link (checked by the URL guard before this call). Returns its info-hash. */
  addMagnet: (magnet: string, o?: AddTorrentOptions) => Promise<{ hash: string }>
  /** Adds .torrent bytes (fetched by this server through the URL guard, never by the client). */
  addTorrentFile: (torrent: Buffer, o?: AddTorrentOptions) => Promise<{ hash: string }>
  /** Removes torrents; with deleteFiles their downloaded data too. Never retried (not idempotent in effect). */
  remove: (hashes: string[], o: { deleteFiles: boolean }) => Promise<void>
  pause: (hashes: string[]) => Promise<void>
  resume: (hashes: string[]) => Promise<void>
  probe: () => Promise<ProbeResult>
  circuit: () => CircuitStatus | undefined
  close: () => Promise<void>
}
