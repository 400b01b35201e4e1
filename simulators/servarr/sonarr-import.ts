// Sonarr's side of manual import (manual-import.ts): a candidate is matched to a series and the episodes
// its name gives, and an imported file becomes those episodes' file with Sonarr's naming.
// Source: Sonarr v4.0.19.2979 src/Sonarr.Api.V3/ManualImport/ManualImportController.cs,
// src/NzbDrone.Core/MediaFiles/EpisodeImport/Manual/ManualImportService.cs, ImportDecisionMaker.cs.
import type { ServarrBase, SimCommand } from './core.js'
import { listVideos, parseName } from './files.js'
import { importCandidates, libraryCandidate, runImport, type ImportFile, type Rejection } from './manual-import.js'
import { cleanTitle } from './seed.js'
import { episodeResource, seriesResource, type SimEpisode, type SimSeries, type SonarrState } from './sonarr-state.js'

export function manualImportCandidates (base: ServarrBase, st: SonarrState, q: Record<string, string>) {
  const now = base.state.now()
  // GetMediaFiles: with seriesId the folder (and downloadId) are ignored and the series' own library files are listed.
  if (q.seriesId) return seriesFiles(base, st, Number(q.seriesId), q.seasonNumber === undefined ? undefined : Number(q.seasonNumber))
  return importCandidates(base, 'sonarr', q, (f, parsed, tracked) => {
    const series: SimSeries | undefined = [...st.series.values()].find(s => cleanTitle(s.title) === cleanTitle(parsed.title)) ??
      (tracked?.seriesId ? st.series.get(tracked.seriesId) : undefined)
    // The file's name, else the tracked download's title, gives season and episodes (AggregationService).
    const info = parsed.season !== undefined ? parsed : tracked ? parseName(tracked.title) : parsed
    const eps: SimEpisode[] = series && info.season !== undefined
      ? (st.bySeries.get(series.id) ?? []).filter(e => e.seasonNumber === info.season && info.episodes.includes(e.episodeNumber))
      : []
    const rejections: Rejection[] = []
    if (!series) rejections.push({ reason: 'Unknown Series', type: 'permanent' })
    // ImportDecisionMaker: nothing parsed → AugmentingFailedException → "Unable to parse file"; parsed, no such episodes → "Invalid season or episode".
    else if (info.season === undefined) rejections.push({ reason: 'Unable to parse file', type: 'permanent' })
    else if (eps.length === 0) rejections.push({ reason: 'Invalid season or episode', type: 'permanent' })
    return {
      target: {
        ...(series ? { series: seriesResource(st, series, now) } : {}),
        ...(eps.length ? { seasonNumber: info.season } : {}),
        episodes: eps.map(e => episodeResource(st, e, { now }))
      },
      tail: { releaseType: eps.length > 1 ? 'multiEpisode' : 'singleEpisode' },
      rejections
    }
  })
}

/** GetMediaFiles(seriesId, seasonNumber): the series' episode files, plus (without a season) unmapped videos in its folder. */
function seriesFiles (base: ServarrBase, st: SonarrState, seriesId: number, seasonNumber: number | undefined) {
  const series = st.series.get(seriesId)
  if (!series) throw new Error(`Series with ID ${seriesId} does not exist`)
  const now = base.state.now()
  const files = [...st.files.values()].filter(f => f.seriesId === seriesId && (seasonNumber === undefined || f.seasonNumber === seasonNumber))
  const items: Array<Record<string, unknown>> = files.map((f, i) => {
    const eps = (st.bySeries.get(seriesId) ?? []).filter(e => e.episodeFileId === f.id)
    return { ...libraryCandidate('sonarr', i, f, series), series: seriesResource(st, series, now), seasonNumber: f.seasonNumber, episodes: eps.map(e => episodeResource(st, e, { now })), episodeFileId: f.id, releaseType: 'singleEpisode', rejections: [] }
  })
  if (seasonNumber === undefined) {
    const known = new Set(files.map(f => f.path))
    for (const v of listVideos(base.disk, series.path).filter(v => !known.has(v.seenPath))) {
      items.push({ id: items.length + 1, path: v.seenPath, relativePath: v.seenPath.slice(series.path.length + 1), folderName: series.path.split('/').pop(), name: v.name.replace(/\.[^.]+$/, ''), size: v.size, series: seriesResource(st, series, now), episodes: [], releaseGroup: '', languages: [{ id: 0, name: 'Unknown' }], rejections: [] })
    }
  }
  return items
}

/** The ManualImport command: returns the completion message; throws (command fails) when a series does not exist. */
export function runManualImport (base: ServarrBase, st: SonarrState, cmd: SimCommand): string {
  return runImport<ImportFile & { seriesId?: number, episodeIds?: number[] }>(base, 'sonarr', cmd, st.files, f => {
    const series = st.series.get(Number(f.seriesId))
    if (!series) throw new Error(`Series with ID ${f.seriesId} does not exist`)
    const eps = (f.episodeIds ?? []).map(id => st.episodes.get(id)).filter((e): e is SimEpisode => !!e && e.seriesId === series.id)
    return {
      folder: series.path,
      replaces: [...new Set(eps.map(ep => ep.episodeFileId).filter(id => id))],
      add: (quality, releaseGroup, ext) => st.addFile(series, eps, quality, 0, releaseGroup, ext),
      unlink: () => { for (const ep of eps) ep.episodeFileId = 0 },
      historyOwners: eps.map(ep => ({ seriesId: series.id, episodeId: ep.id }))
    }
  }, 'episode')
}
