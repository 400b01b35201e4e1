// Radarr's side of manual import (manual-import.ts): a candidate is matched to one movie, and an imported
// file becomes that movie's file.
import type { ServarrBase, SimCommand } from './core.js'
import { importCandidates, runImport, type ImportFile, type Rejection } from './manual-import.js'
import { cleanTitle } from './seed.js'
import { movieResource, type RadarrState, type SimMovie } from './radarr-state.js'

export function manualImportCandidates (base: ServarrBase, st: RadarrState, q: Record<string, string>) {
  const now = base.state.now()
  return importCandidates(base, 'radarr', q, (f, parsed, fromGrab) => {
    const movie: SimMovie | undefined = q.movieId
      ? st.movies.get(Number(q.movieId))
      : fromGrab?.movieId ? st.movies.get(fromGrab.movieId) : [...st.movies.values()].find(m => cleanTitle(m.title) === cleanTitle(parsed.title) && (!parsed.year || parsed.year === m.year))
    const rejections: Rejection[] = []
    if (!movie) rejections.push({ reason: 'Unknown Movie', type: 'permanent' })
    return { target: movie ? { movie: movieResource(st, movie, now) } : {}, rejections }
  })
}

export function runManualImport (base: ServarrBase, st: RadarrState, cmd: SimCommand): string {
  return runImport<ImportFile & { movieId?: number }>(base, 'radarr', cmd, st.files, f => {
    const movie = st.movies.get(Number(f.movieId))
    if (!movie) return 'unknown movie'
    return {
      replaces: movie.movieFileId ? [movie.movieFileId] : [],
      add: (quality, releaseGroup, ext) => st.addFile(movie, quality, 0, releaseGroup, ext),
      unlink: () => { movie.movieFileId = 0 },
      historyOwners: [{ movieId: movie.id }]
    }
  })
}
