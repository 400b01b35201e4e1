// Sonarr's side of manual import (manual-import.ts): a candidate is matched to a series and the episodes
// its name gives, and an imported file becomes those episodes' file with Sonarr's naming.
import type { ServarrBase, SimCommand } from './core.js'
import { importCandidates, runImport, type ImportFile, type Rejection } from './manual-import.js'
import { cleanTitle } from './seed.js'
import { episodeResource, seriesResource, type SimEpisode, type SimSeries, type SonarrState } from './sonarr-state.js'

export function manualImportCandidates (base: ServarrBase, st: SonarrState, q: Record<string, string>) {
  const now = base.state.now()
  return importCandidates(base, 'sonarr', q, (f, parsed, fromGrab) => {
    const series: SimSeries | undefined = q.seriesId
      ? st.series.get(Number(q.seriesId))
      : fromGrab?.seriesId ? st.series.get(fromGrab.seriesId) : [...st.series.values()].find(s => cleanTitle(s.title) === cleanTitle(parsed.title))
    const season = parsed.season ?? (q.seasonNumber ? Number(q.seasonNumber) : undefined)
    const eps: SimEpisode[] = series && season !== undefined
      ? (st.bySeries.get(series.id) ?? []).filter(e => e.seasonNumber === season && parsed.episodes.includes(e.episodeNumber))
      : []
    const rejections: Rejection[] = []
    if (!series) rejections.push({ reason: 'Unknown Series', type: 'permanent' })
    else if (eps.length === 0) rejections.push({ reason: 'Unable to determine episode from file name', type: 'permanent' })
    return {
      target: {
        ...(series ? { series: seriesResource(st, series, now) } : {}),
        ...(season !== undefined ? { seasonNumber: season } : {}),
        episodes: eps.map(e => episodeResource(st, e, { now }))
      },
      tail: { releaseType: eps.length > 1 ? 'multiEpisode' : 'singleEpisode' },
      rejections
    }
  })
}

/** The ManualImport command: returns a completion message, throws when nothing could be imported. */
export function runManualImport (base: ServarrBase, st: SonarrState, cmd: SimCommand): string {
  return runImport<ImportFile & { seriesId?: number, episodeIds?: number[] }>(base, 'sonarr', cmd, st.files, f => {
    const series = st.series.get(Number(f.seriesId))
    const eps = (f.episodeIds ?? []).map(id => st.episodes.get(id)).filter((e): e is SimEpisode => !!e && e.seriesId === series?.id)
    if (!series || eps.length === 0) return 'unknown series or episodes'
    return {
      replaces: eps.map(ep => ep.episodeFileId).filter(id => id),
      add: (quality, releaseGroup, ext) => st.addFile(series, eps, quality, 0, releaseGroup, ext),
      unlink: () => { for (const ep of eps) ep.episodeFileId = 0 },
      historyOwners: eps.map(ep => ({ seriesId: series.id, episodeId: ep.id }))
    }
  })
}
