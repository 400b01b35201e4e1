// What Sonarr's and Radarr's manual import have in common: GET /manualimport lists the video files in a
// folder (or a download's output folder) as candidates, and the ManualImport command places each file in
// the library (moved, or hardlinked when a torrent is still seeding), replacing older files, recording
// history and clearing the download from the queue. Matching a file to a movie or to a series' episodes,
// and how the library records it, is each manager's own (radarr-import.ts, sonarr-import.ts).
import { existsSync, statSync, unlinkSync } from 'node:fs'
import { extname, relative } from 'node:path'
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

export type CandidateMatcher = (f: FoundFile, parsed: ParsedName, fromGrab: SimQueueItem | undefined) => CandidateMatch

export function importCandidates (base: ServarrBase, kind: SimKind, q: Record<string, string>, match: CandidateMatcher) {
  let folder = q.folder
  if (!folder && q.downloadId) folder = base.state.queue.find(i => i.downloadId === q.downloadId)?.outputPath ?? ''
  if (!folder) return []
  return listVideos(base.disk, folder).map((f, i) => {
    const fromGrab = base.state.queue.find(item => f.seenPath.startsWith(item.outputPath + '/'))
    const { target, tail, rejections } = match(f, parseName(f.name), fromGrab)
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
      ...(fromGrab ? { downloadId: fromGrab.downloadId } : {}),
      customFormats: [],
      customFormatScore: 0,
      indexerFlags: 0,
      ...tail,
      rejections
    }
  })
}

export interface ImportFile { path?: string, quality?: { quality?: { id?: number } }, releaseGroup?: string, downloadId?: string }

interface LibraryFile { id: number, path: string, size: number }

export interface ImportTarget {
  /** Ids of the library files this import replaces. */
  replaces: number[]
  /** Records the new library file and links it to the movie or episodes. */
  add: (quality: SimQuality, releaseGroup: string, ext: string) => LibraryFile
  /** Drops the links `add` made, when the file cannot be placed after all. */
  unlink: () => void
  /** One history entry each: the movie, or every episode of the file. */
  historyOwners: Array<{ movieId: number } | { seriesId: number, episodeId: number }>
}

/**
 * The ManualImport command: returns a completion message, throws when nothing could be imported.
 * `resolve` finds where a file goes, or says why it cannot go anywhere.
 */
export function runImport<F extends ImportFile> (base: ServarrBase, kind: SimKind, cmd: SimCommand, library: Map<number, LibraryFile>, resolve: (f: F) => ImportTarget | string): string {
  const files = (cmd.body.files as F[] | undefined) ?? []
  const requested = String(cmd.body.importMode ?? 'auto').toLowerCase()
  const problems: string[] = []
  let imported = 0
  for (const f of files) {
    const target = resolve(f)
    const from = f.path ? base.disk.real(f.path) : undefined
    if (typeof target === 'string') { problems.push(`${f.path}: ${target}`); continue }
    if (!from || !existsSync(from)) { problems.push(`${f.path}: file not found`); continue }
    const quality = qualities(kind).find(q => q.id === f.quality?.quality?.id) ?? parseQuality(kind, f.path!)
    const queued = f.downloadId ? base.state.queue.find(q => q.downloadId === f.downloadId) : undefined
    // auto: a torrent that is still seeding is copied (hardlinked when possible); anything else is moved.
    const mode: TransferMode = requested === 'move' ? 'move' : requested === 'copy' || queued?.protocol === 'torrent' ? 'hardlink' : 'move'
    for (const id of target.replaces) {
      const old = library.get(id)
      if (!old) continue
      const oldReal = base.disk.real(old.path)
      if (oldReal && existsSync(oldReal)) unlinkSync(oldReal)
      library.delete(old.id)
    }
    const file = target.add(quality, f.releaseGroup ?? '', extname(f.path!) || '.mkv')
    const to = base.disk.real(file.path)
    if (!to) { library.delete(file.id); target.unlink(); problems.push(`${f.path}: library folder is not reachable`); continue }
    transfer(from, to, mode)
    file.size = statSync(to).size
    for (const owner of target.historyOwners) {
      base.addHistory({ ...owner, sourceTitle: f.path!.split('/').pop()!, eventType: 'downloadFolderImported', downloadId: f.downloadId, quality, data: { droppedPath: f.path!, importedPath: file.path } })
    }
    if (f.downloadId) base.state.queue = base.state.queue.filter(q => q.downloadId !== f.downloadId)
    imported++
  }
  if (imported === 0) throw new Error(`Manual import failed: ${problems.join('; ') || 'no files'}`)
  return problems.length ? `Imported ${imported} of ${files.length} files` : 'Completed'
}
