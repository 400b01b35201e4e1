// Radarr (the movie manager): the movie-specific calls on top of the shared Servarr core.
import { createServarrCore, type ServarrOptions } from './core.js'
import type { Movie, MovieFile, Paged } from './types.js'
import { MOVIE_LIST_FIELDS, projectMovie } from './library.js'

const MOVIE_PATHS = ['path', 'rootFolderPath']

export function createRadarrClient (opts: Omit<ServarrOptions, 'service'>) {
  const core = createServarrCore({ ...opts, service: 'Radarr' })
  const { api, write, ours, paths } = core
  const movie = (m: Movie): Movie => ({ ...ours(m, MOVIE_PATHS), ...(m.movieFile ? { movieFile: ours(m.movieFile, ['path']) } : {}) })
  const toBackend = (m: Partial<Movie>): Partial<Movie> => ({
    ...m,
    ...(typeof m.path === 'string' ? { path: paths.toBackend(m.path) } : {}),
    ...(typeof m.rootFolderPath === 'string' ? { rootFolderPath: paths.toBackend(m.rootFolderPath) } : {})
  })

  return {
    ...core,
    kind: 'movie' as const,
    /**
     * Every library movie, library fields only (projectMovie), in sort-title order; cached, shared: do not modify.
     * excludeLocalCovers: no view reads images, and mapping them makes Radarr read every cover file's details.
     */
    listMovies: (signal?: AbortSignal, o?: { fresh?: boolean }) => core.libraryList('movies', '/movie', raw => projectMovie(raw, paths.toOurs), { signal, query: { excludeLocalCovers: true }, fields: MOVIE_LIST_FIELDS, fresh: o?.fresh }),
    /** Fetches the movie list now and keeps it renewed in the background (plugins/library-prefetch.ts). */
    prefetch: (afterFetch?: () => void) => core.keepLibraryWarm('movies', '/movie', raw => projectMovie(raw, paths.toOurs), { query: { excludeLocalCovers: true }, fields: MOVIE_LIST_FIELDS, afterFetch }),
    /** One movie, or undefined when the id is not in the library. */
    async getMovie (id: number): Promise<Movie | undefined> {
      const res = await api<Movie | null>({ path: `/movie/${id}`, allowStatus: [404] })
      return res && typeof res === 'object' && 'id' in res ? movie(res) : undefined
    },
    /** The library movie with this TMDB id, if any. */
    movieByTmdbId: async (tmdbId: number) => (await api<Movie[]>({ path: '/movie', query: { tmdbId } })).map(movie)[0],
    /** Catalogue search (text, "tmdb:<id>" or "imdb:tt…"); items already in the library have a non-zero id. */
    lookup: async (term: string, signal?: AbortSignal) => (await api<Movie[]>({ path: '/movie/lookup', kind: 'command', query: { term }, deadlineMs: 30_000, signal })).map(movie),
    addMovie: async (body: Partial<Movie>) => movie(await write<Movie>({ method: 'POST', path: '/movie', json: toBackend(body) }, 'add the movie')),
    updateMovie: async (body: Movie) => movie(await write<Movie>({ method: 'PUT', path: `/movie/${body.id}`, json: toBackend(body) }, 'update the movie')),
    deleteMovie: (id: number, o: { deleteFiles: boolean, addImportExclusion: boolean }) =>
      api<null>({ method: 'DELETE', path: `/movie/${id}`, query: { deleteFiles: o.deleteFiles, addImportExclusion: o.addImportExclusion }, as: 'none' }),
    movieFiles: async (movieId: number) => (await api<MovieFile[]>({ path: '/moviefile', query: { movieId } })).map(f => ours(f, ['path'])),
    calendar: async (q: { start: string, end: string, unmonitored?: boolean, signal?: AbortSignal }) =>
      (await api<Movie[]>({ path: '/calendar', query: { start: q.start, end: q.end, unmonitored: q.unmonitored }, signal: q.signal })).map(movie),
    /**
     * Movies whose file is below its profile's cutoff, with the file (Radarr v6.0.3.10276 src/Radarr.Api.V3/
     * Wanted/CutoffController.cs; the rule in NzbDrone.Core/Movies/MovieCutoffService.cs and MovieRepository.cs
     * MoviesWhereCutoffUnmetBuilder), monitored only.
     */
    async cutoffUnmet (q: { page: number, pageSize: number, signal?: AbortSignal }): Promise<Paged<Movie>> {
      const data = await api<Paged<Movie>>({ path: '/wanted/cutoff', query: { page: q.page, pageSize: q.pageSize, monitored: true, sortKey: 'movieMetadata.sortTitle', sortDirection: 'ascending' }, signal: q.signal })
      return { ...data, records: (data.records ?? []).map(movie) }
    },
    async missing (q: { page: number, pageSize: number, signal?: AbortSignal }): Promise<Paged<Movie>> {
      const data = await api<Paged<Movie>>({ path: '/wanted/missing', query: { page: q.page, pageSize: q.pageSize, monitored: true, sortKey: 'movieMetadata.sortTitle', sortDirection: 'ascending' }, signal: q.signal })
      return { ...data, records: (data.records ?? []).map(movie) }
    }
  }
}

export type RadarrClient = ReturnType<typeof createRadarrClient>
