// The demo household's library health (issue 37): a few files below their quality profile's cutoff (what
// series_status and movie_status view "upgrades" list, with the disk each upgrade needs), and a month of the
// managers' import history whose sizes fill the disk (what server_status and the dashboard forecast from). The
// records are the ones the managers write on import (downloadFolderImported, one per episode, data.fileId and
// data.size: HistoryService.cs Handle(EpisodeImportedEvent) / Handle(MovieFileImportedEvent), Sonarr
// v4.0.19.2979, Radarr v6.0.3.10276) and name real library files.
import { qualities, type SimKind, type SimQuality } from './servarr/qualities.js'
import type { SimHistory } from './servarr/downloads.js'
import type { RadarrState } from './servarr/radarr-state.js'
import type { SonarrState } from './servarr/sonarr-state.js'

const DAY = 86_400_000
const GB = 1_000_000_000

interface Side<L> { state: { library: L, history: SimHistory[], profiles: Array<{ id: number, cutoff: number }>, now: () => number } }

/** The quality just below the profile's cutoff (undefined when the cutoff is the lowest quality). */
function belowCutoff (kind: SimKind, profiles: Array<{ id: number, cutoff: number }>, profileId: number): SimQuality | undefined {
  const all = qualities(kind)
  const at = all.findIndex(q => q.id === profiles.find(p => p.id === profileId)?.cutoff)
  return at > 0 ? all[at - 1] : undefined
}

export function seedLibraryHealth (sonarr: Side<SonarrState>, radarr: Side<RadarrState>) {
  const now = radarr.state.now()
  // Below cutoff: two movies and three episodes of one series.
  const movies = [...radarr.state.library.movies.values()].filter(m => m.movieFileId && belowCutoff('radarr', radarr.state.profiles, m.qualityProfileId))
  for (const m of movies.slice(0, 2)) radarr.state.library.files.get(m.movieFileId)!.quality = belowCutoff('radarr', radarr.state.profiles, m.qualityProfileId)!
  const lib = sonarr.state.library
  const series = [...lib.series.values()].find(s => belowCutoff('sonarr', sonarr.state.profiles, s.qualityProfileId) && (lib.bySeries.get(s.id) ?? []).some(e => e.episodeFileId && e.seasonNumber >= 1))
  if (series) {
    const lower = belowCutoff('sonarr', sonarr.state.profiles, series.qualityProfileId)!
    for (const e of (lib.bySeries.get(series.id) ?? []).filter(e => e.episodeFileId && e.seasonNumber >= 1).slice(0, 3)) lib.files.get(e.episodeFileId)!.quality = lower
  }
  // A month of imports: an episode most days, a movie every third day.
  const episodes = [...lib.episodes.values()].filter(e => e.episodeFileId)
  const movieFiles = [...radarr.state.library.files.values()]
  const id = { sonarr: 80_000, radarr: 80_000 }
  for (let day = 28; day >= 1; day--) {
    const date = new Date(now - day * DAY + 20 * 3_600_000).toISOString()
    const e = episodes[day % Math.max(1, episodes.length)]
    const file = e && lib.files.get(e.episodeFileId)
    if (e && file && day % 7 !== 0) {
      sonarr.state.history.push({ id: id.sonarr++, seriesId: e.seriesId, episodeId: e.id, sourceTitle: file.relativePath.replace(/^.*\//, '').replace(/\.\w+$/, ''), date, eventType: 'downloadFolderImported', quality: file.quality, data: importData(file.id, file.path, 2.2 * GB + (day % 5) * 0.3 * GB, 'sonarr') })
    }
    const movie = movieFiles[day % Math.max(1, movieFiles.length)]
    if (movie && day % 3 === 0) {
      radarr.state.history.push({ id: id.radarr++, movieId: movie.movieId, sourceTitle: movie.relativePath.replace(/\.\w+$/, ''), date, eventType: 'downloadFolderImported', quality: movie.quality, data: importData(movie.id, movie.path, 11 * GB + (day % 4) * GB, 'radarr') })
    }
  }
}

function importData (fileId: number, path: string, size: number, kind: SimKind): Record<string, string | null> {
  return {
    fileId: String(fileId),
    droppedPath: `/downloads/complete/${path.split('/').pop()}`,
    importedPath: path,
    downloadClient: 'QBittorrent',
    downloadClientName: 'qBittorrent',
    releaseGroup: 'SIMGRP',
    customFormatScore: '0',
    size: String(Math.round(size)),
    indexerFlags: '0',
    ...(kind === 'sonarr' ? { releaseType: 'SingleEpisode' } : {})
  }
}
