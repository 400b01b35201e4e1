// pyLoad-ng data as the API sends it (pyload-ng.openapi.json) and as this server passes it on.

/** DownloadStatus codes, in order: 0 finished, 1 offline, … 14 unknown. */
const STATUS_NAMES = ['finished', 'offline', 'online', 'queued', 'skipped', 'waiting', 'temp_offline',
  'starting', 'failed', 'aborted', 'decrypting', 'custom', 'downloading', 'processing', 'unknown']
export const DOWNLOAD_STATUS: Record<number, string> = Object.fromEntries(STATUS_NAMES.map((name, code) => [code, name]))
export const FINISHED = 0
export const DOWNLOADING = 12
/** Statuses after which a link will not progress without a person acting. */
export const FAILED_STATUSES = new Set([1, 8, 9])

export interface RawFileData {
  fid: number
  url: string
  name: string
  plugin: string
  size: number
  format_size: string
  status: number
  statusmsg: string
  package_id: number
  error: string
  order: number
}

export interface RawPackageData {
  pid: number
  name: string
  folder: string
  site: string
  password: string
  dest: number
  order: number
  linksdone?: number | null
  sizedone?: number | null
  sizetotal?: number | null
  linkstotal?: number | null
  links?: RawFileData[] | null
  fids?: number[] | null
}

export interface RawDownloadInfo {
  fid: number
  name: string
  speed: number
  eta: number
  format_eta: string
  bleft: number
  size: number
  format_size: string
  percent: number
  status: number
  statusmsg: string
  format_wait: string
  wait_until: number
  package_id: number
  package_name: string
  plugin: string
  info: string
}

export interface RawServerStatus {
  pause: boolean
  active: number
  queue: number
  total: number
  speed: number
  download: boolean
  reconnect: boolean
  captcha: boolean
  proxy: boolean
}

export interface PyloadFile {
  id: number
  name: string
  /** Host of the link (never the full URL: premium links carry tokens). */
  host: string
  sizeBytes: number
  status: string
  error?: string
}

export interface PyloadPackage {
  id: number
  name: string
  /** Where the queue this package sits in: the download queue or the link collector. */
  destination: 'queue' | 'collector'
  linksDone: number
  linksTotal: number
  bytesDone: number
  bytesTotal: number
  /** Every link finished. */
  finished: boolean
  /** Some link failed or is offline. */
  failed: boolean
  /** The package folder's name inside pyLoad's storage folder, as written on disk ('' when it has none). */
  folderName: string
  /** The package's folder as this server sees it (PATH_MAP applied); undefined when unknown. */
  folderPath?: string
  files: PyloadFile[]
}

export interface PyloadDownload {
  fileId: number
  name: string
  packageId: number
  packageName: string
  percent: number
  bytesPerSecond: number
  etaSeconds: number
  bytesLeft: number
  sizeBytes: number
  status: string
  statusMessage: string
}

export function hostOf (url: string): string {
  try { return new URL(url).hostname } catch { return '' }
}
