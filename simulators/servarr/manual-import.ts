// What Sonarr's and Radarr's manual import have in common: GET /manualimport lists the video files in a
// folder (or a tracked download's output folder) as candidates, and the ManualImport command places each
// file in the library (moved, or copied/hardlinked when the download client still needs it), replacing
// older files, recording history and clearing the download from the queue. Matching a file to a movie or
// to a series' episodes, and how the library records it, is each manager's own (radarr-import.ts,
// sonarr-import.ts).
//
// Source (cited, not copied): Sonarr v4.0.19.2979 src/NzbDrone.Core/MediaFiles/EpisodeImport/Manual/
// ManualImportService.cs and ImportApprovedEpisodes.cs; Radarr v6.0.3.10276 src/NzbDrone.Core/MediaFiles/
// MovieImport/Manual/ManualImportService.cs and ImportApprovedMovie.cs.
import { existsSync, statSync, unlinkSync } from 'node:fs'
import { dirname, extname, relative } from 'node:path'
import type { ServarrBase, SimCommand, SimQueueItem } from './core.js'
import { listVideos, parseName, transfer, type FoundFile, type ParsedName, type TransferMode } from './files.js'
import { parseQuality, qualities, qualityModel, type SimKind, type SimQuality } from './qualities.js'

export interface Rejection { reason: string, type: 'permanent' | 'temporary' }

export interface CandidateMatch {
  /** The matched movie or series (and episodes), placed right after the file's own fields. */
  target: Record<string, unknown>
  /** Manager-specific fields that close the resource, before the rejections. */
  tail?: Record<string, unknown>
  rejections: Rejection[]
}

/** `tracked` is the download named by the downloadId query parameter, when there is one. */
export type CandidateMatcher = (f: FoundFile, parsed: ParsedName, tracked: SimQueueItem | undefined) => CandidateMatch

/** The tracked download with this id: only downloads the manager has refreshed into its queue are tracked. */
export function trackedDownload (base: ServarrBase, downloadId: string | undefined): SimQueueItem | undefined {
  return downloadId ? base.state.queue.find(i => i.downloadId === downloadId && i.tracked) : undefined
}

/** GET /manualimport for a folder or a download (the callers handle the seriesId/movieId short-cut first). */
export function importCandidates (base: ServarrBase, kind: SimKind, q: Record<string, string>, match: CandidateMatcher) {
  let folder = q.folder ?? ''
  // GetMediaFiles(path, downloadId, …): a downloadId replaces the folder with the tracked download's output
  // path, and an unknown downloadId lists nothing.
  const tracked = trackedDownload(base, q.downloadId)
  if (q.downloadId) {
    if (!tracked) return []
    folder = tracked.outputPath
  }
  if (!folder) return []
  return listVideos(base.disk, folder).map((f, i) => {
    const { target, tail, rejections } = match(f, parseName(f.name), tracked)
    if (/\bsample\b/i.test(f.name)) rejections.push({ reason: 'Sample', type: 'permanent' })
    return {
      id: i + 1,
      path: f.seenPath,
      relativePath: relative(folder, f.seenPath) || f.name,
      folderName: f.folderName,
      name: f.name.replace(/\.[^.]+$/, ''),
      size: f.size,
      ...target,
      releaseGroup: /-([A-Za-z0-9]+)(?:\.[a-z0-9]+)?$/.exec(f.name)?.[1] ?? '',
      quality: qualityModel(kind, parseQuality(kind, f.name)),
      languages: [{ id: 1, name: 'English' }],
      qualityWeight: 0,
      // MapItem: item.DownloadId = the downloadId query parameter; it is never inferred from the folder.
      ...(q.downloadId ? { downloadId: q.downloadId } : {}),
      customFormats: [],
      customFormatScore: 0,
      indexerFlags: 0,
      ...tail,
      rejections
    }
  })
}

/** The fields every candidate built from a library file has (ManualImportService.MapItem(EpisodeFile/MovieFile …)). */
export function libraryCandidate (kind: SimKind, i: number, file: { path: string, relativePath: string, size: number, quality: SimQuality, releaseGroup: string }, owner: { path: string }) {
  return {
    id: i + 1,
    path: file.path,
    relativePath: file.relativePath,
    folderName: owner.path.split('/').pop() ?? '',
    name: file.relativePath.split('/').pop()!.replace(/\.[^.]+$/, ''),
    size: file.size,
    releaseGroup: file.releaseGroup,
    quality: qualityModel(kind, file.quality),
    languages: [{ id: 1, name: 'English' }],
    qualityWeight: 0,
    customFormats: [],
    customFormatScore: 0,
    indexerFlags: 0
  }
}

export interface ImportFile { path?: string, quality?: { quality?: { id?: number } }, releaseGroup?: string, downloadId?: string }

interface LibraryFile { id: number, path: string, size: number }

export interface ImportTarget {
  /** The title's folder: a source inside it is an existing library file, recorded where it is. */
  folder: string
  /** Ids of the library files this import replaces. */
  replaces: number[]
  /** Records the new library file and links it to the movie or episodes. */
  add: (quality: SimQuality, releaseGroup: string, ext: string) => LibraryFile
  /** Drops the links `add` made, when the file cannot be placed after all. */
  unlink: () => void
  /** One history entry each: the movie, or every episode of the file. */
  historyOwners: Array<{ movieId: number } | { seriesId: number, episodeId: number }>
}

/** One file that the command could not place: the reason the manager only writes to its log. */
export type { ImportFailure } from './state.js'

/**
 * The ManualImport command. `resolve` finds where a file goes; it throws when the title does not exist
 * (GetSeries/GetMovie run outside the per-file try, so the command fails). Every other per-file problem is
 * caught inside ImportApproved*: the file is left out, the reason goes to the log (here: failures), and the
 * command still completes.
 */
export function runImport<F extends ImportFile> (base: ServarrBase, kind: SimKind, cmd: SimCommand, library: Map<number, LibraryFile>, resolve: (f: F) => ImportTarget, noun: string): string {
  const files = (cmd.body.files as F[] | undefined) ?? []
  const requested = String(cmd.body.importMode ?? 'auto').toLowerCase()
  for (const f of files) {
    const target = resolve(f)
    let reason: string | undefined
    try { reason = importOne(base, kind, f, target, library, requested) } catch { reason = '' }
    if (reason) base.state.importFailures.push({ commandId: cmd.id, path: f.path ?? '', reason: `Failed to import ${noun}${reason}` })
  }
  return 'Completed'
}

/** Places one file; returns the tail of the failure message, or undefined when it landed. */
function importOne (base: ServarrBase, kind: SimKind, f: ImportFile, target: ImportTarget, library: Map<number, LibraryFile>, requested: string): string | undefined {
  const from = f.path ? base.disk.real(f.path) : undefined
  if (!from || !existsSync(from)) return ''
  const tracked = trackedDownload(base, f.downloadId)
  const existingFile = relative(target.folder, f.path!).split('/')[0] !== '..'
  const quality = qualities(kind).find(q => q.id === f.quality?.quality?.id) ?? parseQuality(kind, f.path!)
  // Auto copies only when the tracked download cannot give its files up (CanMoveFiles false: a torrent still
  // seeding); an untracked file is moved (ImportApproved*: copyOnly = downloadClientItem is { CanMoveFiles: false }).
  const mode: TransferMode = requested === 'move' ? 'move' : requested === 'copy' || tracked?.protocol === 'torrent' ? 'hardlink' : 'move'
  const rootReal = base.disk.real(dirname(target.folder))
  if (!existingFile && (!rootReal || !existsSync(rootReal))) return ', Root folder missing.'
  for (const id of target.replaces) {
    const old = library.get(id)
    if (!old) continue
    // A new download replaces the old files on disk (UpgradeMediaFileService); an existing file only takes over the records.
    const oldReal = base.disk.real(old.path)
    if (!existingFile && oldReal && existsSync(oldReal)) unlinkSync(oldReal)
    library.delete(old.id)
  }
  const file = target.add(quality, f.releaseGroup ?? '', extname(f.path!) || '.mkv')
  if (existingFile) {
    // Not a new download: the file is recorded where it is (ImportApproved*, newDownload false).
    file.path = f.path!
  } else {
    const to = base.disk.real(file.path)
    if (!to || existsSync(to)) { library.delete(file.id); target.unlink(); return ', Destination already exists.' }
    transfer(from, to, mode)
  }
  file.size = statSync(base.disk.real(file.path)!).size
  // The record's data as HistoryService.cs Handle(EpisodeImportedEvent) / Handle(MovieFileImportedEvent) writes
  // it (Sonarr v4.0.19.2979, Radarr v6.0.3.10276): one record per episode of the file, each with the file's id
  // and size (as text; the disk forecast of server_status sums the sizes of distinct fileIds).
  const data = {
    fileId: String(file.id),
    droppedPath: f.path!,
    importedPath: file.path,
    downloadClient: tracked ? (tracked.protocol === 'torrent' ? 'QBittorrent' : 'Sabnzbd') : null,
    downloadClientName: tracked ? (tracked.downloadClient ?? 'qBittorrent') : null,
    releaseGroup: f.releaseGroup ?? null,
    customFormatScore: '0',
    size: String(file.size),
    indexerFlags: '0',
    ...(kind === 'sonarr' ? { releaseType: 'SingleEpisode' } : {})
  }
  for (const owner of target.historyOwners) {
    base.addHistory({ ...owner, sourceTitle: f.path!.split('/').pop()!, eventType: 'downloadFolderImported', downloadId: tracked?.downloadId, quality, data })
  }
  if (tracked) base.state.queue = base.state.queue.filter(q => q.downloadId !== tracked.downloadId)
  return undefined
}
