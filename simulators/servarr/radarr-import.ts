// Radarr's side of manual import (manual-import.ts): a candidate is matched to one movie, and an imported
// file becomes that movie's file.
// Source: Radarr v6.0.3.10276 src/Radarr.Api.V3/ManualImport/ManualImportController.cs,
// src/NzbDrone.Core/MediaFiles/MovieImport/Manual/ManualImportService.cs.
import type { ServarrBase, SimCommand } from './core.js'
import { listVideos } from './files.js'
import { importCandidates, libraryCandidate, runImport, type ImportFile, type Rejection } from './manual-import.js'
import { cleanTitle } from './seed.js'
import { movieResource, type RadarrState, type SimMovie } from './radarr-state.js'

export function manualImportCandidates (base: ServarrBase, st: RadarrState, q: Record<string, string>) {
  const now = base.state.now()
  // GetMediaFiles: movieId without downloadId ignores the folder and lists the movie's own library files.
  if (q.movieId && !q.downloadId) return movieFiles(base, st, Number(q.movieId))
  return importCandidates(base, 'radarr', q, (f, parsed, tracked) => {
    const movie: SimMovie | undefined = q.movieId
      ? st.movies.get(Number(q.movieId))
      : [...st.movies.values()].find(m => cleanTitle(m.title) === cleanTitle(parsed.title) && (!parsed.year || parsed.year === m.year)) ??
        (tracked?.movieId ? st.movies.get(tracked.movieId) : undefined)
    const rejections: Rejection[] = []
    if (!movie) rejections.push({ reason: 'Unknown Movie', type: 'permanent' })
    return { target: movie ? { movie: movieResource(st, movie, now) } : {}, rejections }
  })
}

/** GetMediaFiles(movieId): the movie's file, plus unmapped videos in its folder. */
function movieFiles (base: ServarrBase, st: RadarrState, movieId: number) {
  const movie = st.movies.get(movieId)
  if (!movie) throw new Error(`Movie with ID ${movieId} does not exist`)
  const now = base.state.now()
  const files = [...st.files.values()].filter(f => f.movieId === movieId)
  const items: Array<Record<string, unknown>> = files.map((f, i) => ({ ...libraryCandidate('radarr', i, f, movie), movie: movieResource(st, movie, now), movieFileId: f.id, rejections: [] }))
  const known = new Set(files.map(f => f.path))
  for (const v of listVideos(base.disk, movie.path).filter(v => !known.has(v.seenPath))) {
    items.push({ id: items.length + 1, path: v.seenPath, relativePath: v.seenPath.slice(movie.path.length + 1), folderName: movie.path.split('/').pop(), name: v.name.replace(/\.[^.]+$/, ''), size: v.size, movie: movieResource(st, movie, now), releaseGroup: '', languages: [{ id: 0, name: 'Unknown' }], rejections: [] })
  }
  return items
}

/** The ManualImport command: returns the completion message; throws (command fails) when a movie does not exist. */
export function runManualImport (base: ServarrBase, st: RadarrState, cmd: SimCommand): string {
  return runImport<ImportFile & { movieId?: number }>(base, 'radarr', cmd, st.files, f => {
    const movie = st.movies.get(Number(f.movieId))
    if (!movie) throw new Error(`Movie with ID ${f.movieId} does not exist`)
    return {
      folder: movie.path,
      replaces: movie.movieFileId ? [movie.movieFileId] : [],
      add: (quality, releaseGroup, ext) => st.addFile(movie, quality, 0, releaseGroup, ext),
      unlink: () => { movie.movieFileId = 0 },
      historyOwners: [{ movieId: movie.id }]
    }
  }, 'movie')
}
