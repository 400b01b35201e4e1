// Sonarr's manual import: GET /manualimport lists candidates in a folder (parsed, matched to a series and
// episodes, with rejections), and the ManualImport command moves, copies or hardlinks each file into the
// series folder with Sonarr's naming, records the episode file and history, and clears the queue item.
import { existsSync, statSync, unlinkSync } from 'node:fs'
import { extname, relative } from 'node:path'
import type { ServarrBase, SimCommand } from './core.js'
import { listVideos, parseName, transfer, type TransferMode } from './files.js'
import { parseQuality, qualities, qualityModel } from './qualities.js'
import { cleanTitle } from './seed.js'
import { episodeResource, seriesResource, type SimEpisode, type SimSeries, type SonarrState } from './sonarr-state.js'

export function manualImportCandidates (base: ServarrBase, st: SonarrState, q: Record<string, string>) {
  let folder = q.folder
  if (!folder && q.downloadId) folder = base.state.queue.find(i => i.downloadId === q.downloadId)?.outputPath ?? ''
  if (!folder) return []
  const now = base.state.now()
  return listVideos(base.disk, folder).map((f, i) => {
    const parsed = parseName(f.name)
    const fromGrab = base.state.queue.find(item => f.seenPath.startsWith(item.outputPath + '/'))
    const series: SimSeries | undefined = q.seriesId
      ? st.series.get(Number(q.seriesId))
      : fromGrab?.seriesId ? st.series.get(fromGrab.seriesId) : [...st.series.values()].find(s => cleanTitle(s.title) === cleanTitle(parsed.title))
    const season = parsed.season ?? (q.seasonNumber ? Number(q.seasonNumber) : undefined)
    const eps: SimEpisode[] = series && season !== undefined
      ? (st.bySeries.get(series.id) ?? []).filter(e => e.seasonNumber === season && parsed.episodes.includes(e.episodeNumber))
      : []
    const rejections: Array<{ reason: string, type: 'permanent' | 'temporary' }> = []
    if (!series) rejections.push({ reason: 'Unknown Series', type: 'permanent' })
    else if (eps.length === 0) rejections.push({ reason: 'Unable to determine episode from file name', type: 'permanent' })
    if (/\bsample\b/i.test(f.name)) rejections.push({ reason: 'Sample', type: 'permanent' })
    const quality = parseQuality('sonarr', f.name)
    return {
      id: i + 1,
      path: f.seenPath,
      relativePath: relative(folder, f.seenPath) || f.name,
      folderName: f.folderName,
      name: f.name.replace(/\.[^.]+$/, ''),
      size: f.size,
      ...(series ? { series: seriesResource(st, series, now) } : {}),
      ...(season !== undefined ? { seasonNumber: season } : {}),
      episodes: eps.map(e => episodeResource(st, e, { now })),
      releaseGroup: /-([A-Za-z0-9]+)(?:\.[a-z0-9]+)?$/.exec(f.name)?.[1] ?? '',
      quality: qualityModel('sonarr', quality),
      languages: [{ id: 1, name: 'English' }],
      qualityWeight: 0,
      ...(fromGrab ? { downloadId: fromGrab.downloadId } : {}),
      customFormats: [],
      customFormatScore: 0,
      indexerFlags: 0,
      releaseType: eps.length > 1 ? 'multiEpisode' : 'singleEpisode',
      rejections
    }
  })
}

interface ImportFile { path?: string, seriesId?: number, episodeIds?: number[], quality?: { quality?: { id?: number } }, releaseGroup?: string, downloadId?: string }

/** The ManualImport command: returns a completion message, throws when nothing could be imported. */
export function runManualImport (base: ServarrBase, st: SonarrState, cmd: SimCommand): string {
  const files = (cmd.body.files as ImportFile[] | undefined) ?? []
  const requested = String(cmd.body.importMode ?? 'auto').toLowerCase()
  const problems: string[] = []
  let imported = 0
  for (const f of files) {
    const series = st.series.get(Number(f.seriesId))
    const eps = (f.episodeIds ?? []).map(id => st.episodes.get(id)).filter((e): e is SimEpisode => !!e && e.seriesId === series?.id)
    const from = f.path ? base.disk.real(f.path) : undefined
    if (!series || eps.length === 0) { problems.push(`${f.path}: unknown series or episodes`); continue }
    if (!from || !existsSync(from)) { problems.push(`${f.path}: file not found`); continue }
    const quality = qualities('sonarr').find(q => q.id === f.quality?.quality?.id) ?? parseQuality('sonarr', f.path!)
    const queued = f.downloadId ? base.state.queue.find(q => q.downloadId === f.downloadId) : undefined
    // auto: a torrent that is still seeding is copied (hardlinked when possible); anything else is moved.
    const mode: TransferMode = requested === 'move' ? 'move' : requested === 'copy' || queued?.protocol === 'torrent' ? 'hardlink' : 'move'
    for (const ep of eps) {
      const old = ep.episodeFileId ? st.files.get(ep.episodeFileId) : undefined
      if (old) {
        const oldReal = base.disk.real(old.path)
        if (oldReal && existsSync(oldReal)) unlinkSync(oldReal)
        st.files.delete(old.id)
      }
    }
    const file = st.addFile(series, eps, quality, 0, f.releaseGroup ?? '', extname(f.path!) || '.mkv')
    const to = base.disk.real(file.path)
    if (!to) { st.files.delete(file.id); for (const ep of eps) ep.episodeFileId = 0; problems.push(`${f.path}: library folder is not reachable`); continue }
    transfer(from, to, mode)
    file.size = statSync(to).size
    for (const ep of eps) {
      base.addHistory({ seriesId: series.id, episodeId: ep.id, sourceTitle: f.path!.split('/').pop()!, eventType: 'downloadFolderImported', downloadId: f.downloadId, quality, data: { droppedPath: f.path!, importedPath: file.path } })
    }
    if (f.downloadId) base.state.queue = base.state.queue.filter(q => q.downloadId !== f.downloadId)
    imported++
  }
  if (imported === 0) throw new Error(`Manual import failed: ${problems.join('; ') || 'no files'}`)
  return problems.length ? `Imported ${imported} of ${files.length} files` : 'Completed'
}
