// What get_library_state says about one title, each fact from the parts that can tell it and kept apart: the
// media server lists it (ready to watch), video files in the library folders, a manager has files, it is
// downloading, an import is blocked. A fact is true when an answering part shows it, false only when every part
// that could show it answered (fully: no instance missing), and absent (unknown) otherwise.
import type { Part } from './title-state.js'
import { uncheckedText, type Part as RecordPart } from '../answers/parts.js'

type Row = Record<string, unknown>

export interface TitleParts {
  mediaServer: Part<Row[]>
  seriesManager: Part<Row[]>
  movieManager: Part<Row[]>
  torrents: Part<Row[]>
  usenet: Part<Row[]>
  directDownloads: Part<Row[]>
  disk: Part<Row[]>
}

export interface TitleFacts {
  readyToWatch?: boolean
  filesOnDisk?: boolean
  managerHasFiles?: boolean
  knownToManagers?: boolean
  monitored?: boolean
  downloading?: boolean
  downloadProgress?: number
  importBlocked?: boolean
  /** A download of the title failed (a manager's queue, a torrent or Usenet client, the direct-download manager). */
  downloadFailed?: boolean
  /** Each failed download as "where: why". */
  failedDownloads?: string[]
}

/** A part that was not asked for this kind of title (kind=series skips the movie manager). */
export const notAsked = (p: Part<Row[]>) => !p.available && p.reason.startsWith('not asked')
/** Answered by every instance: only then may its silence count as "no". */
const complete = (p: Part<Row[]>) => p.available && p.reason === undefined

/** true when a part shows it, false when every part answered in full and none does, else unknown. */
function fact (parts: Array<Part<Row[]>>, shows: (row: Row) => boolean): boolean | undefined {
  const asked = parts.filter(p => !notAsked(p))
  if (asked.some(p => p.available && p.data.some(shows))) return true
  return asked.length > 0 && asked.every(complete) ? false : undefined
}

const TORRENT_ACTIVE = new Set(['downloading', 'queued', 'checking'])

/** A row's failed downloads, in its part's words: a manager's failedDownloads, a downloader's failed status. */
function failures (row: Row): string[] {
  if (Array.isArray(row.failedDownloads)) return row.failedDownloads.map(String)
  if (row.status === 'failed') return [String(row.reason ?? 'failed')]
  // The direct-download manager's package flag (some link failed or is offline).
  if (row.failed === true) return ['a link failed or is offline']
  return []
}

export function titleFacts (p: TitleParts, names?: Record<keyof TitleParts, string>): TitleFacts {
  const managers = [p.seriesManager, p.movieManager]
  const downloads = [...managers, p.torrents, p.usenet, p.directDownloads]
  const out: TitleFacts = {}
  const set = <K extends keyof TitleFacts>(k: K, v: TitleFacts[K]) => { if (v !== undefined) out[k] = v }
  set('readyToWatch', fact([p.mediaServer], () => true))
  // Files under the library folders; the downloads folder is not the library.
  set('filesOnDisk', fact([p.disk], d => !String(d.path).startsWith('downloads') && Number(d.videoFiles) > 0))
  set('managerHasFiles', fact(managers, m => Number(m.episodeFiles) > 0 || m.hasFile === true))
  set('knownToManagers', fact(managers, () => true))
  if (out.knownToManagers) set('monitored', fact(managers, m => m.monitored === true))
  // A finished download waiting on its import is not downloading (see withQueue: queued counts only active ones).
  set('downloading', fact(downloads, r => Number(r.queued) > 0 || (r.phase !== undefined && TORRENT_ACTIVE.has(String(r.phase))) ||
    (r.finished === false && r.failed === false)))
  set('importBlocked', fact(managers, m => Number(m.importBlocked) > 0))
  set('downloadFailed', fact(downloads, r => failures(r).length > 0))
  if (out.downloadFailed) {
    const keys = ['seriesManager', 'movieManager', 'torrents', 'usenet', 'directDownloads'] as const
    out.failedDownloads = [...new Set(keys.flatMap(k => (p[k].available ? p[k].data.flatMap(failures).map(why => `${names?.[k] ?? k}: ${why}`) : [])))]
  }
  if (out.downloading) {
    const progress = downloads.flatMap(part => (part.available ? part.data : []))
      .flatMap(r => (Number(r.queued) > 0 ? [r.queueProgress] : r.phase !== undefined ? (TORRENT_ACTIVE.has(String(r.phase)) ? [r.progress] : []) : r.finished === false && r.failed === false ? [r.progress] : []))
      .map(Number).filter(Number.isFinite)
    if (progress.length > 0) out.downloadProgress = Math.max(...progress)
  }
  return out
}

const failedList = (f: TitleFacts) => (f.failedDownloads ?? []).slice(0, 3).join('; ')

const yesNo = (v: boolean | undefined, yes: string, no: string) => (v === undefined ? [] : [v ? yes : no])

/**
 * The facts as one sentence, then the parts that were not checked (skipped, or did not answer, and why), rendered
 * from the answer's parts record (lib/library/title-parts.ts) instead of guessing for them.
 */
export function factsSentence (title: string, f: TitleFacts, parts: TitleParts, record: RecordPart[]): string {
  const said = [
    ...yesNo(f.readyToWatch, 'ready to watch (the media server lists it)', 'not listed by the media server'),
    ...yesNo(f.filesOnDisk, 'video files in the library folders', 'no video files in the library folders'),
    ...yesNo(f.managerHasFiles, 'the manager has files', 'no files in the managers'),
    ...(f.knownToManagers === false ? ['not known to the managers'] : yesNo(f.monitored, 'monitored', 'not monitored')),
    // A failed download is said as such, never folded into a bare "not downloading".
    ...(f.downloadFailed && f.downloading !== true ? [`not downloading: its download failed (${failedList(f)})`] : yesNo(f.downloading, `downloading (${f.downloadProgress ?? 0}%)`, 'not downloading')),
    ...(f.downloadFailed && f.downloading === true ? [`another download of it failed (${failedList(f)})`] : []),
    ...(f.importBlocked ? ['a finished download waits on an import the manager blocked (see its queue)'] : [])
  ]
  const matches = parts.disk.available ? `; ${parts.disk.data.length} matching folder(s) on disk` : ''
  const unchecked = uncheckedText(record)
  return `"${title}": ${said.length ? said.join(', ') : 'no source answered'}${matches}.${unchecked ? ` ${unchecked}` : ''}`
}
