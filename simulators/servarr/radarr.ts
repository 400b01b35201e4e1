// A contract-faithful Radarr v5 (/api/v3) simulator for tests and the demo: movies, lookup, calendar,
// wanted/missing and wanted/cutoff, interactive releases and grabs, manual import and commands, on top of the shared
// Servarr base (auth, faults, contract validation, queue, history, commands).
import { existsSync } from 'node:fs'
import { createServarrBase, sortedPage, ACCEPTED, CREATED, type ServarrSimOptions } from './core.js'
import { registerRadarrCutoff } from './cutoff.js'
import { registerServarrSetupRoutes } from './setup-routes.js'
import { listVideos, removeFolder } from './files.js'
import { parseQuality } from './qualities.js'
import { dotted, generateReleases, grabRelease } from './releases.js'
import { folderName } from './seed.js'
import { manualImportCandidates, runManualImport } from './radarr-import.js'
import { createRadarrState, fromCatalogue, movieFileResource, movieResource, type SimMovie } from './radarr-state.js'

type Q = Record<string, string>
const NOOP_COMMANDS = ['RefreshMovie', 'MissingMoviesSearch', 'RssSync', 'CheckHealth']

export async function createRadarrSimulator (opts: ServarrSimOptions) {
  const base = await createServarrBase('radarr', opts)
  const { app, state } = base
  const st = createRadarrState(state.now(), state.media, state.profiles)
  const now = () => state.now()
  const movie = (m: SimMovie) => movieResource(st, m, now())
  const byTmdb = (tmdbId: number) => [...st.movies.values()].find(m => m.tmdbId === tmdbId)
  base.registerSharedRoutes()

  // excludeLocalCovers=true leaves the covers' local urls out (v6.0.3.10276 MovieController.AllMovie).
  app.get<{ Querystring: Q }>('/api/v3/movie', async (req) => {
    const localCovers = String(req.query.excludeLocalCovers).toLowerCase() !== 'true'
    return [...st.movies.values()].filter(m => !req.query.tmdbId || m.tmdbId === Number(req.query.tmdbId)).map(m => movieResource(st, m, now(), { localCovers }))
  })

  app.get<{ Params: { id: string } }>('/api/v3/movie/:id', async (req, reply) => {
    const m = st.movies.get(Number(req.params.id))
    return m ? movie(m) : base.notFound(reply)
  })

  app.get<{ Querystring: Q }>('/api/v3/movie/lookup', async (req) => {
    const term = String(req.query.term ?? '').trim()
    const tmdb = /^tmdb:\s*(\d+)$/i.exec(term)
    const imdb = /^imdb:\s*(tt\d+)$/i.exec(term)
    const all = [...st.catalogue.values()]
    const matches = tmdb
      ? all.filter(c => c.tmdbId === Number(tmdb[1]))
      : imdb
        ? all.filter(c => c.imdbId === imdb[1])
        : all.filter(c => term.length > 0 && c.title.toLowerCase().includes(term.toLowerCase())).slice(0, 50)
    return matches.map(c => { const m = byTmdb(c.tmdbId); return m ? movie(m) : movieResource(st, c, now()) })
  })

  // MovieLookupController.SearchByTmdbId (Radarr v6.0.3.10276 src/Radarr.Api.V3/Movies/MovieLookupController.cs):
  // `new Movie { MovieMetadata = … }.ToResource()`, so never the library's entry (no id) even for a movie it holds;
  // an unknown tmdbId is MovieNotFoundException, an NzbDroneException the error pipeline answers with 500.
  app.get<{ Querystring: Q }>('/api/v3/movie/lookup/tmdb', async (req, reply) => {
    const c = st.catalogue.get(Number(req.query.tmdbId))
    if (!c) return reply.code(500).send({ message: `Movie with tmdbId ${req.query.tmdbId} was not found, it may have been removed from TMDb.` })
    return movieResource(st, c, now())
  })

  app.post<{ Body: Record<string, any> }>('/api/v3/movie', async (req, reply) => {
    const b = req.body ?? {}
    const failures = []
    if (!(Number(b.tmdbId) > 0) && !b.title) failures.push({ propertyName: 'Title', errorMessage: "'Title' must not be empty.", errorCode: 'NotEmptyValidator', attemptedValue: b.title ?? null })
    if (!state.profiles.some(p => p.id === b.qualityProfileId)) failures.push({ propertyName: 'QualityProfileId', errorMessage: 'Quality Profile does not exist', errorCode: 'QualityProfileExistsValidator', attemptedValue: b.qualityProfileId ?? 0 })
    if (!b.path && !b.rootFolderPath) failures.push({ propertyName: 'Path', errorMessage: "'Path' must not be empty.", errorCode: 'NotEmptyValidator', attemptedValue: null })
    else if (!b.path && !state.rootFolders.some(r => r.path === b.rootFolderPath)) failures.push({ propertyName: 'RootFolderPath', errorMessage: `Root folder '${b.rootFolderPath}' does not exist`, errorCode: 'RootFolderExistsValidator', attemptedValue: b.rootFolderPath })
    if (byTmdb(Number(b.tmdbId))) failures.push({ propertyName: 'TmdbId', errorMessage: 'This movie has already been added', errorCode: 'MovieExistsValidator', attemptedValue: b.tmdbId })
    const c = st.catalogue.get(Number(b.tmdbId))
    const title = String(b.title ?? c?.title ?? '')
    const year = Number(b.year) || c?.year || 0
    const path = String(b.path ?? `${b.rootFolderPath}/${folderName(title, year)}`)
    if ([...st.movies.values()].some(m => m.path === path)) failures.push({ propertyName: 'Path', errorMessage: 'Path is already configured for an existing movie', errorCode: 'MoviePathValidator', attemptedValue: path })
    if (failures.length) return base.invalid(reply, failures)
    const m = st.createMovie({
      ...(c ? fromCatalogue(c) : { tmdbId: Number(b.tmdbId), imdbId: String(b.imdbId ?? ''), title, year, overview: '', studio: '', runtime: 0, inCinemas: '', digitalRelease: '' }),
      path,
      rootFolderPath: String(b.rootFolderPath ?? path.replace(/\/[^/]+$/, '')),
      qualityProfileId: Number(b.qualityProfileId),
      monitored: b.addOptions?.monitor === 'none' ? false : b.monitored !== false,
      minimumAvailability: b.minimumAvailability ?? 'released',
      tags: Array.isArray(b.tags) ? b.tags : []
    })
    return reply.code(CREATED).send(movie(m))
  })

  app.put<{ Params: { id: string }, Body: Record<string, any> }>('/api/v3/movie/:id', async (req, reply) => {
    const m = st.movies.get(Number(req.params.id))
    if (!m) return base.notFound(reply)
    const b = req.body ?? {}
    if (b.qualityProfileId !== undefined && !state.profiles.some(p => p.id === b.qualityProfileId)) {
      return base.invalid(reply, [{ propertyName: 'QualityProfileId', errorMessage: 'Quality Profile does not exist', errorCode: 'QualityProfileExistsValidator', attemptedValue: b.qualityProfileId }])
    }
    for (const k of ['qualityProfileId', 'monitored', 'minimumAvailability', 'tags'] as const) if (b[k] !== undefined) (m as any)[k] = b[k]
    return reply.code(ACCEPTED).send(movie(m))
  })

  const exclusions: Array<{ id: number, tmdbId: number, movieTitle: string, movieYear: number }> = []
  app.delete<{ Params: { id: string }, Querystring: Q }>('/api/v3/movie/:id', async (req, reply) => {
    const m = st.movies.get(Number(req.params.id))
    if (!m) return base.notFound(reply)
    if (req.query.deleteFiles === 'true') removeFolder(base.disk, m.path)
    // MoviesDeletedEvent with AddImportListExclusion: the movie's TmdbId goes on the exclusion list, once
    // (Radarr v6.0.3.10276 src/NzbDrone.Core/ImportLists/ImportExclusions/ImportListExclusionService.cs HandleAsync).
    if (req.query.addImportExclusion === 'true' && !exclusions.some(e => e.tmdbId === m.tmdbId)) {
      exclusions.push({ id: exclusions.length + 1, tmdbId: m.tmdbId, movieTitle: m.title, movieYear: m.year })
    }
    st.removeMovie(m.id)
    return reply.code(200).send()
  })

  // GET /api/v3/exclusions/paged (Radarr v6.0.3.10276 src/Radarr.Api.V3/ImportLists/
  // ImportListExclusionController.cs): sort keys id (the default), movieTitle, movieYear, tmdbId. The un-paged GET
  // is marked Obsolete there and is not served here.
  app.get<{ Querystring: Q }>('/api/v3/exclusions/paged', async (req) => sortedPage(exclusions, req.query, ['id', 'movieTitle', 'movieYear', 'tmdbId']))

  app.get<{ Querystring: Q }>('/api/v3/moviefile', async (req) =>
    [...st.files.values()].filter(f => f.movieId === Number(req.query.movieId)).map(movieFileResource))

  app.get<{ Querystring: Q }>('/api/v3/calendar', async (req) => {
    const start = Date.parse(req.query.start ?? '') || now() - 86_400_000
    const end = Date.parse(req.query.end ?? '') || start + 2 * 86_400_000
    const all = req.query.unmonitored === 'true'
    const within = (d: string) => { const t = Date.parse(d); return t >= start && t < end }
    return [...st.movies.values()].filter(m => (all || m.monitored) && (within(m.inCinemas) || within(m.digitalRelease))).map(movie)
  })

  registerRadarrCutoff(app, st, () => state.profiles, now)

  app.get<{ Querystring: Q }>('/api/v3/wanted/missing', async (req) => {
    const missing = [...st.movies.values()].filter(m => m.monitored && m.movieFileId === 0 && Date.parse(m.digitalRelease) < now())
      .sort((a, b) => a.title.localeCompare(b.title))
    const page = base.paged(missing, req.query, 'movieMetadata.sortTitle')
    return { ...page, sortDirection: 'ascending', records: page.records.map(movie) }
  })

  app.get<{ Querystring: Q }>('/api/v3/release', async (req, reply) => {
    const m = st.movies.get(Number(req.query.movieId))
    if (!m) return base.notFound(reply)
    return generateReleases(base, 'radarr', {
      name: `${dotted(m.title)}.${m.year}`,
      profile: state.profiles.find(p => p.id === m.qualityProfileId)!,
      existing: m.movieFileId ? st.files.get(m.movieFileId)?.quality : undefined,
      target: { movieId: m.id },
      fields: { movieTitles: [m.title], mappedMovieId: m.id, tmdbId: m.tmdbId, imdbId: 0, movieRequested: true, edition: '', indexerFlags: 0, movieId: m.id }
    })
  })

  app.post<{ Body: Record<string, unknown> }>('/api/v3/release', async (req, reply) => grabRelease(base, 'radarr', req.body, reply))

  app.get<{ Querystring: Q }>('/api/v3/manualimport', async (req) => manualImportCandidates(base, st, req.query))

  base.onCommand('ManualImport', cmd => runManualImport(base, st, cmd))
  base.onCommand('RescanMovie', cmd => rescan(cmd.body.movieId === undefined ? [...st.movies.values()] : [st.movies.get(Number(cmd.body.movieId))]))
  for (const name of NOOP_COMMANDS) base.onCommand(name, () => undefined)
  // A search stamps each movie it searched (ReleaseSearchService.cs 123 @ v6.0.3.10276: criteriaBase.Movie.LastSearchTime
  // = lastSearchTime); no indexer answers here, so nothing is grabbed.
  base.onCommand('MoviesSearch', cmd => {
    for (const id of Array.isArray(cmd.body.movieIds) ? cmd.body.movieIds : []) { const m = st.movies.get(Number(id)); if (m) m.lastSearchTime = new Date(now()).toISOString() }
    return undefined
  })

  /** Rescan: a video file that appeared in the movie folder becomes the movie file; a vanished one is dropped. */
  function rescan (list: Array<SimMovie | undefined>): string {
    let found = 0
    for (const m of list) {
      if (!m) throw new Error('Movie does not exist')
      const real = base.disk.real(m.path)
      if (!real || !existsSync(real)) continue
      const current = m.movieFileId ? st.files.get(m.movieFileId) : undefined
      const currentReal = current ? base.disk.real(current.path) : undefined
      if (current && currentReal && !existsSync(currentReal)) { st.files.delete(current.id); m.movieFileId = 0 }
      if (m.movieFileId) continue
      const video = listVideos(base.disk, m.path)[0]
      if (!video) continue
      const file = st.addFile(m, parseQuality('radarr', video.name), video.size, '')
      file.path = video.seenPath
      file.relativePath = video.seenPath.slice(m.path.length + 1)
      found++
    }
    return found ? `Found ${found} new movie files` : 'Completed'
  }

  // First-run setup (POST /api/setup) wires download clients and root folders through these.
  const setup = opts.setupRoutes === false ? undefined : registerServarrSetupRoutes(base)
  const server = await base.listen()
  return { url: server.url, apiKey: opts.apiKey, state: Object.assign(state, { library: st }), disk: base.disk, downloadClients: setup?.downloadClients, violations: base.violations, faults: base.faults, requests: base.requests, onCommand: base.onCommand, close: server.close }
}

export type RadarrSimulator = Awaited<ReturnType<typeof createRadarrSimulator>>
