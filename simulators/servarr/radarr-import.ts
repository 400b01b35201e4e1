// Radarr's manual import: GET /manualimport candidates (parsed and matched to a movie, with rejections) and
// the ManualImport command that moves, copies or hardlinks a file into the movie folder.
import { existsSync, statSync, unlinkSync } from 'node:fs'
import { extname, relative } from 'node:path'
import type { ServarrBase, SimCommand } from './core.js'
import { listVideos, parseName, transfer, type TransferMode } from './files.js'
import { parseQuality, qualities, qualityModel } from './qualities.js'
import { cleanTitle } from './seed.js'
import { movieResource, type RadarrState, type SimMovie } from './radarr-state.js'

export function manualImportCandidates (base: ServarrBase, st: RadarrState, q: Record<string, string>) {
  let folder = q.folder
  if (!folder && q.downloadId) folder = base.state.queue.find(i => i.downloadId === q.downloadId)?.outputPath ?? ''
  if (!folder) return []
  const now = base.state.now()
  return listVideos(base.disk, folder).map((f, i) => {
    const parsed = parseName(f.name)
    const fromGrab = base.state.queue.find(item => f.seenPath.startsWith(item.outputPath + '/'))
    const movie: SimMovie | undefined = q.movieId
      ? st.movies.get(Number(q.movieId))
      : fromGrab?.movieId ? st.movies.get(fromGrab.movieId) : [...st.movies.values()].find(m => cleanTitle(m.title) === cleanTitle(parsed.title) && (!parsed.year || parsed.year === m.year))
    const rejections: Array<{ reason: string, type: 'permanent' | 'temporary' }> = []
    if (!movie) rejections.push({ reason: 'Unknown Movie', type: 'permanent' })
    if (/\bsample\b/i.test(f.name)) rejections.push({ reason: 'Sample', type: 'permanent' })
    return {
      id: i + 1,
      path: f.seenPath,
      relativePath: relative(folder, f.seenPath) || f.name,
      folderName: f.folderName,
      name: f.name.replace(/\.[^.]+$/, ''),
      size: f.size,
      ...(movie ? { movie: movieResource(st, movie, now) } : {}),
      releaseGroup: /-([A-Za-z0-9]+)(?:\.[a-z0-9]+)?$/.exec(f.name)?.[1] ?? '',
      quality: qualityModel('radarr', parseQuality('radarr', f.name)),
      languages: [{ id: 1, name: 'English' }],
      qualityWeight: 0,
      ...(fromGrab ? { downloadId: fromGrab.downloadId } : {}),
      customFormats: [],
      customFormatScore: 0,
      indexerFlags: 0,
      rejections
    }
  })
}

interface ImportFile { path?: string, movieId?: number, quality?: { quality?: { id?: number } }, releaseGroup?: string, downloadId?: string }

export function runManualImport (base: ServarrBase, st: RadarrState, cmd: SimCommand): string {
  const files = (cmd.body.files as ImportFile[] | undefined) ?? []
  const requested = String(cmd.body.importMode ?? 'auto').toLowerCase()
  const problems: string[] = []
  let imported = 0
  for (const f of files) {
    const movie = st.movies.get(Number(f.movieId))
    const from = f.path ? base.disk.real(f.path) : undefined
    if (!movie) { problems.push(`${f.path}: unknown movie`); continue }
    if (!from || !existsSync(from)) { problems.push(`${f.path}: file not found`); continue }
    const quality = qualities('radarr').find(q => q.id === f.quality?.quality?.id) ?? parseQuality('radarr', f.path!)
    const queued = f.downloadId ? base.state.queue.find(q => q.downloadId === f.downloadId) : undefined
    // auto: a torrent that is still seeding is copied (hardlinked when possible); anything else is moved.
    const mode: TransferMode = requested === 'move' ? 'move' : requested === 'copy' || queued?.protocol === 'torrent' ? 'hardlink' : 'move'
    const old = movie.movieFileId ? st.files.get(movie.movieFileId) : undefined
    if (old) {
      const oldReal = base.disk.real(old.path)
      if (oldReal && existsSync(oldReal)) unlinkSync(oldReal)
      st.files.delete(old.id)
    }
    const file = st.addFile(movie, quality, 0, f.releaseGroup ?? '', extname(f.path!) || '.mkv')
    const to = base.disk.real(file.path)
    if (!to) { st.files.delete(file.id); movie.movieFileId = 0; problems.push(`${f.path}: library folder is not reachable`); continue }
    transfer(from, to, mode)
    file.size = statSync(to).size
    base.addHistory({ movieId: movie.id, sourceTitle: f.path!.split('/').pop()!, eventType: 'downloadFolderImported', downloadId: f.downloadId, quality, data: { droppedPath: f.path!, importedPath: file.path } })
    if (f.downloadId) base.state.queue = base.state.queue.filter(q => q.downloadId !== f.downloadId)
    imported++
  }
  if (imported === 0) throw new Error(`Manual import failed: ${problems.join('; ') || 'no files'}`)
  return problems.length ? `Imported ${imported} of ${files.length} files` : 'Completed'
}
