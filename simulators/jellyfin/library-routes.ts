// Libraries: GET/POST /Library/VirtualFolders and POST /Library/Refresh, answered as Jellyfin 10.11 answers
// them (jellyfin/jellyfin v10.11.11: Jellyfin.Api/Controllers/LibraryStructureController.cs,
// Emby.Server.Implementations/Library/LibraryManager.cs AddVirtualFolder).
import type { FastifyInstance } from 'fastify'
import { commaList, exceptionReply } from './binders.js'
import { libraryDto } from './dto.js'
import { idFor, type JellyfinState } from './state.js'
import type { SeedLibrary } from '../fixtures/library.js'

type Query = Record<string, string | string[] | undefined>

export interface LibraryRouteOptions {
  scanMs: number
  timers: Set<NodeJS.Timeout>
  /** Whether a folder exists as the server sees it (default: every folder does). */
  pathExists?: (path: string) => boolean
  /** Whether a movie or episode file still exists as the server sees it (default: every file does). */
  fileExists?: (path: string) => boolean
  /** What the library folders hold now: a scan adds what it does not list yet (see JellyfinSimulatorOptions). */
  discover?: () => SeedLibrary
}

/** Characters GetValidFilename turns into spaces (Emby.Server.Implementations/IO/ManagedFileSystem.cs _invalidPathCharacters). */
// eslint-disable-next-line no-control-regex
const INVALID_NAME_CHARS = /["<>|\x00-\x1f:*?\\/]/g

export function registerLibraryRoutes (app: FastifyInstance, state: JellyfinState, opts: LibraryRouteOptions) {
  app.get('/Library/VirtualFolders', async () => state.libraries.map(libraryDto))

  app.post('/Library/VirtualFolders', async (req, reply) => {
    const q = req.query as Query
    const body = (req.body ?? {}) as { LibraryOptions?: { PathInfos?: Array<{ Path?: string | null }> | null } | null }
    // A non-empty `paths` query (comma-split by the binder) replaces the body's PathInfos (AddVirtualFolder).
    const queried = commaList(q.paths)
    const paths = queried.length > 0 ? queried : (body.LibraryOptions?.PathInfos ?? []).map(p => String(p.Path ?? ''))
    const raw = typeof q.name === 'string' ? q.name.trim() : ''
    // A blank name throws ArgumentNullException, an ArgumentException: 400 through the exception middleware.
    if (!raw) return exceptionReply(reply, 400)
    // A folder that does not exist throws ArgumentException ("The specified path does not exist") before anything is made.
    if (paths.some(p => !(opts.pathExists ?? (() => true))(p))) return exceptionReply(reply, 400)
    // The name becomes a folder under the root; a taken one gets 2, 3, … appended, never an error
    // (Directory.Exists: case-sensitive on Linux).
    const base = raw.replace(INVALID_NAME_CHARS, ' ')
    let name = base
    for (let n = 2; state.libraries.some(l => l.name === name); n++) name = `${base}${n}`
    state.addLibrary(name, typeof q.collectionType === 'string' ? q.collectionType : 'mixed', paths)
    state.log({ name: `Library ${name} was added`, type: 'LibraryAdded', severity: 'Information' })
    if (String(q.refreshLibrary).toLowerCase() === 'true') startScan()
    return reply.code(204).send()
  })

  app.post('/Library/Refresh', async (_req, reply) => {
    startScan()
    return reply.code(204).send()
  })

  function startScan () {
    for (const lib of state.libraries) { lib.refreshStatus = 'Active'; lib.refreshProgress = 0 }
    const t = setTimeout(() => {
      opts.timers.delete(t)
      scanFolders(state, opts)
      for (const lib of state.libraries) { lib.refreshStatus = 'Idle'; delete lib.refreshProgress }
      state.countScan()
      state.log({ name: 'Scan Media Library completed', type: 'TaskCompleted', severity: 'Information', shortOverview: `Took ${opts.scanMs} milliseconds.` })
    }, opts.scanMs)
    opts.timers.add(t)
  }
}

/** What one scan finds: the staged titles, the files gone and (with `discover`) the files new on disk. */
/** `within` narrows the scan to some folders (a Plex section scan); files elsewhere wait for their own scan. */
export function scanFolders (state: JellyfinState, opts: Pick<LibraryRouteOptions, 'fileExists' | 'discover'>, within: (path?: string | null) => boolean = () => true) {
  const waiting: typeof state.staged = []
  for (const staged of state.staged.splice(0)) {
    if (!within('movie' in staged ? staged.movie.file : staged.series.path)) waiting.push(staged)
    else if ('movie' in staged) state.addMovie(staged.movie)
    else state.addSeries(staged.series)
  }
  state.staged.push(...waiting)
  if (opts.fileExists) removeVanished(state, opts.fileExists, within)
  if (opts.discover) addFound(state, opts.discover(), opts.fileExists ?? (() => true), within)
}

/**
 * What a scan does with items whose file is gone: it deletes them from the library, files untouched
 * (MediaBrowser.Controller/Entities/Folder.cs ValidateChildrenInternal2, v10.11.11: "Removed item" →
 * LibraryManager.DeleteItem with DeleteFileLocation = false), and a season or series left with no episodes
 * goes with them (its folder is gone too when the manager deleted the whole series).
 */
function removeVanished (state: JellyfinState, fileExists: (path: string) => boolean, within: (path?: string | null) => boolean) {
  for (const item of [...state.items.values()]) {
    if ((item.kind === 'Movie' || item.kind === 'Episode') && item.path && within(item.path) && !fileExists(item.path)) state.remove(item.id)
  }
  for (const kind of ['Season', 'Series'] as const) {
    for (const item of [...state.items.values()]) {
      if (item.kind === kind && within(item.path) && ![...state.items.values()].some(i => i.parentId === item.id)) state.remove(item.id)
    }
  }
}

/**
 * What a scan does with files it has not seen: it creates their items (same method: `newItems` →
 * LibraryManager.CreateItems(newItems, this, …), v10.11.11), so a file a manager imported is listed after the next
 * scan. Items already listed are left as they are (their ids, dates and play data stay).
 */
function addFound (state: JellyfinState, found: SeedLibrary, fileExists: (path: string) => boolean, within: (path?: string | null) => boolean) {
  for (const movie of found.movies) {
    if (movie.file && within(movie.file) && fileExists(movie.file) && !state.items.has(idFor('movie', movie.key))) state.addMovie(movie)
  }
  for (const series of found.series.filter(s => within(s.path))) {
    const seasons = series.seasons.map(season => ({
      ...season,
      episodes: season.episodes.filter(e => e.file && fileExists(e.file) && !state.items.has(idFor('episode', `${series.key}/${season.seasonNumber}/${e.episodeNumber}`)))
    })).filter(season => season.episodes.length > 0)
    if (seasons.length > 0) state.addSeries({ ...series, seasons })
  }
}
