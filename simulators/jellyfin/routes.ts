// The Jellyfin endpoints the client uses, answered like Jellyfin 10.11 answers them (status codes,
// paging, optional fields, 404s), on the simulator's state.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { EMPTY_USER_ID, commaList, exceptionReply, guid } from './binders.js'
import { activityDto, isBelow, itemDto, sessionDto, userDto } from './dto.js'
import { registerLibraryRoutes, type LibraryRouteOptions } from './library-routes.js'
import { SERVER_ID, SERVER_VERSION, cleanName, type JellyfinState, type SimItem } from './state.js'
import { inUserQuery, parentalAllowed, parentalRatingsDto, policyOf, visibleStandalone } from './parental.js'
import { matchesPlayedFilter, registerUserDataRoutes, userDataDto, type UserDataStore } from './user-data.js'

type Query = Record<string, string | string[] | undefined>
const KINDS = new Set(['AggregateFolder', 'Audio', 'AudioBook', 'BasePluginFolder', 'Book', 'BoxSet', 'Channel', 'ChannelFolderItem', 'CollectionFolder', 'Episode', 'Folder', 'Genre', 'ManualPlaylistsFolder', 'Movie', 'LiveTvChannel', 'LiveTvProgram', 'MusicAlbum', 'MusicArtist', 'MusicGenre', 'MusicVideo', 'Person', 'Photo', 'PhotoAlbum', 'Playlist', 'PlaylistsFolder', 'Program', 'Recording', 'Season', 'Series', 'Studio', 'Trailer', 'TvChannel', 'TvProgram', 'UserRootFolder', 'UserView', 'Video', 'Year'])

const list = (v: string | string[] | undefined) => commaList(v)
const int = (v: unknown, def: number) => { const n = Number(Array.isArray(v) ? v[0] : v); return Number.isFinite(n) && v !== undefined && v !== '' ? Math.trunc(n) : def }
const bool = (v: unknown) => String(Array.isArray(v) ? v[0] : v).toLowerCase() === 'true'

/**
 * An unknown session: SessionManager.GetSession throws ResourceNotFoundException, which ExceptionMiddleware
 * answers 404 text/plain "Error processing request." outside a development build (v10.11.0,
 * Emby.Server.Implementations/Session/SessionManager.cs, Jellyfin.Api/Middleware/ExceptionMiddleware.cs).
 */
function sessionNotFound (reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Error processing request.')
}

function problem (reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).type('application/problem+json').send({ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5', title: status === 404 ? 'Not Found' : 'Bad Request', status, detail })
}

/** Who a request's token belongs to: an API key (no user; acts as an administrator) or a user's session. */
export interface Caller { isApiKey: boolean, userId?: string, isAdmin: boolean }

export interface RouteOptions extends LibraryRouteOptions {
  /** The caller of an authenticated request (the auth hook has already refused unknown tokens). */
  callerOf: (req: FastifyRequest) => Caller
  /** Each user's play data (played, favourite, last played). */
  userData: UserDataStore
}

export function registerRoutes (app: FastifyInstance, state: JellyfinState, opts: RouteOptions) {
  const info = () => ({ LocalAddress: 'http://127.0.0.1:8096', ServerName: 'mediastack-sim', Version: SERVER_VERSION, ProductName: 'Jellyfin Server', OperatingSystem: 'Linux', Id: SERVER_ID, StartupWizardCompleted: true })

  app.get('/System/Info/Public', async () => info())
  app.get('/System/Info', async () => ({ ...info(), OperatingSystemDisplayName: 'Linux', PackageName: 'debian', HasPendingRestart: false, IsShuttingDown: false, SupportsLibraryMonitor: true, WebSocketPortNumber: 8096, CompletedInstallations: [], CanSelfRestart: true, CanLaunchWebBrowser: false, CastReceiverApplications: [], HasUpdateAvailable: false, EncoderLocation: 'System', SystemArchitecture: 'X64' }))

  registerLibraryRoutes(app, state, opts)
  registerUserDataRoutes(app, state, opts.userData, opts.callerOf)

  app.get('/Items', async (req, reply) => {
    const q = req.query as Query
    // ItemsController.GetItems (v10.11.11): the user is the `userId` query (another user's needs an administrator:
    // RequestHelpers.GetUserId → 403) or the caller's own; an unknown one is ResourceNotFoundException (404). With
    // a user, isPlayed/isFavorite filter on that user's data and each item carries its UserData (enableUserData
    // defaults to true); an API key without userId has no user, so no UserData and the user filters do nothing.
    const caller = opts.callerOf(req)
    const askedUser = guid(q.userId)
    if (askedUser && askedUser !== EMPTY_USER_ID && askedUser !== caller.userId && !caller.isAdmin) return exceptionReply(reply, 403)
    const userId = askedUser && askedUser !== EMPTY_USER_ID ? askedUser : caller.userId
    if (userId && !state.users.some(u => u.id === userId)) return exceptionReply(reply, 404)
    const isPlayed = q.isPlayed === undefined ? undefined : bool(q.isPlayed)
    const isFavorite = q.isFavorite === undefined ? undefined : bool(q.isFavorite)
    const withUserData = userId !== undefined && (q.enableUserData === undefined || bool(q.enableUserData))
    // Unknown kinds and malformed ids are dropped by the list binder (binders.ts), so they filter nothing.
    const kind = (s: string) => KINDS.has(s) ? s : undefined
    const types = commaList(q.includeItemTypes, kind)
    const exclude = new Set(commaList(q.excludeItemTypes, kind))
    const ids = new Set(commaList(q.ids, guid))
    const parentId = typeof q.parentId === 'string' ? q.parentId.replace(/-/g, '').toLowerCase() : undefined
    if (parentId && !state.items.has(parentId)) return problem(reply, 404, 'Parent item not found.')
    const recursive = bool(q.recursive)
    // Below a library, a recursive query matches on the item's library (TopParentId), not by walking parents
    // (v10.11.8 Emby.Server.Implementations/Library/LibraryManager.cs SetTopParentIdsOrAncestors).
    const inLibrary = parentId !== undefined && recursive && state.items.get(parentId)?.kind === 'CollectionFolder'
    const term = typeof q.searchTerm === 'string' ? cleanName(q.searchTerm) : ''
    // A query run for a user applies that user's limits (parental.ts): ratings and tags always, the user's
    // libraries only when neither parentId nor ids narrow the query (LibraryManager.AddUserToQuery).
    const policy = userId ? policyOf(state.users.find(u => u.id === userId)) : undefined
    const librariesApply = !parentId && ids.size === 0
    let found: SimItem[] = []
    for (const item of state.items.values()) {
      if (types.length && !types.includes(item.kind)) continue
      if (exclude.has(item.kind)) continue
      if (ids.size && !ids.has(item.id)) continue
      if (parentId) {
        if (inLibrary ? item.libraryId !== parentId || item.id === parentId : recursive ? !isBelow(state, item, parentId) : item.parentId !== parentId) continue
      } else if (!recursive && !ids.size && item.kind !== 'CollectionFolder') continue
      if (term && !item.cleanName.includes(term)) continue
      if (policy && !inUserQuery(state, policy, item, librariesApply)) continue
      if (userId && isPlayed !== undefined && !matchesPlayedFilter(state, opts.userData, userId, item, types.length === 1 && types[0] === 'Series', isPlayed)) continue
      if (userId && isFavorite !== undefined && opts.userData.get(userId, item.id).isFavorite !== isFavorite) continue
      found.push(item)
    }
    const start = Math.max(0, int(q.startIndex, 0))
    const limit = q.limit === undefined ? found.length : Math.max(0, int(q.limit, found.length))
    // Order only matters for a page that holds items (a count asks limit=0); the simulator skips the sort then.
    const played = (i: SimItem) => (userId ? opts.userData.get(userId, i.id).lastPlayedDate : undefined) ?? ''
    if (limit > 0) found = sortItems(found, list(q.sortBy), list(q.sortOrder)[0], term, played)
    const fields = new Set(list(q.fields))
    // RecursiveItemCount is set only by Folder.FillUserDataDtoValues, i.e. with a user and user data (v10.11.11).
    if (!withUserData) fields.delete('RecursiveItemCount')
    const dto = (i: SimItem) => withUserData ? { ...itemDto(state, i, fields), UserData: userDataDto(state, opts.userData, userId!, i, fields) } : itemDto(state, i, fields)
    return { Items: found.slice(start, start + limit).map(dto), TotalRecordCount: found.length, StartIndex: start }
  })

  // UserLibraryController.GetItem (v10.10.7 and v10.11.11): the user is the `userId` query or else the
  // caller's own; an API key has none, and UserManager.GetUserById(Guid.Empty) throws ArgumentException, so an
  // API key without userId gets 400 (jellyfin/jellyfin issue 12260). Another user's id needs an administrator
  // (RequestHelpers.GetUserId: SecurityException → 403); an unknown user is NotFound().
  app.get('/Items/:itemId', async (req, reply) => {
    const caller = opts.callerOf(req)
    const asked = guid((req.query as Query).userId)
    const userId = asked && asked !== EMPTY_USER_ID ? asked : (caller.userId ?? EMPTY_USER_ID)
    if (asked && asked !== EMPTY_USER_ID && asked !== caller.userId && !caller.isAdmin) return exceptionReply(reply, 403)
    if (userId === EMPTY_USER_ID) return exceptionReply(reply, 400)
    if (!state.users.some(u => u.id === userId)) return problem(reply, 404, 'Not Found')
    const item = findItem((req.params as { itemId: string }).itemId)
    if (item === 'bad') return problem(reply, 400, 'The value is not a valid GUID.')
    // LibraryManager.GetItemById(id, user) answers null for an item the user may not see (IsVisibleStandalone).
    if (!item || !visibleStandalone(state, policyOf(state.users.find(u => u.id === userId)), item)) return problem(reply, 404, 'Item not found.')
    return itemDto(state, item, 'all')
  })

  app.delete('/Items/:itemId', async (req, reply) => {
    const item = findItem((req.params as { itemId: string }).itemId)
    if (item === 'bad') return problem(reply, 400, 'The value is not a valid GUID.')
    if (!item) return problem(reply, 404, 'Item not found.')
    state.remove(item.id)
    state.log({ name: `${item.name} was deleted`, type: 'ItemDeleted', severity: 'Information', itemId: item.id })
    return reply.code(204).send()
  })

  app.post('/Items/:itemId/Refresh', async (req, reply) => {
    const item = findItem((req.params as { itemId: string }).itemId)
    if (item === 'bad') return problem(reply, 400, 'The value is not a valid GUID.')
    if (!item) return problem(reply, 404, 'Item not found.')
    item.refreshCount++
    return reply.code(204).send()
  })

  app.get('/Shows/:seriesId/Seasons', async (req, reply) => {
    const series = findItem((req.params as { seriesId: string }).seriesId)
    if (!series || series === 'bad' || series.kind !== 'Series') return problem(reply, 404, 'Series not found.')
    const fields = new Set(list((req.query as Query).fields))
    // Series.GetSeasons(user, …) keeps the seasons that user may see (TvShowsController.GetSeasons, v10.11.11).
    const allowed = forUser(req)
    const seasons = [...state.items.values()].filter(i => i.kind === 'Season' && i.parentId === series.id && allowed(i)).sort((a, b) => (a.indexNumber ?? 0) - (b.indexNumber ?? 0))
    return { Items: seasons.map(s => itemDto(state, s, fields)), TotalRecordCount: seasons.length, StartIndex: 0 }
  })

  app.get('/Shows/:seriesId/Episodes', async (req, reply) => {
    const series = findItem((req.params as { seriesId: string }).seriesId)
    if (!series || series === 'bad' || series.kind !== 'Series') return problem(reply, 404, 'Series not found.')
    const q = req.query as Query
    const seasonId = typeof q.seasonId === 'string' ? q.seasonId.replace(/-/g, '').toLowerCase() : undefined
    const seasonNumber = q.season !== undefined ? int(q.season, -1) : undefined
    // Season/Series.GetEpisodes(user, …) keep the episodes that user may see (TvShowsController.GetEpisodes).
    const allowed = forUser(req)
    const episodes = [...state.items.values()]
      .filter(i => i.kind === 'Episode' && i.seriesId === series.id && allowed(i) && (!seasonId || i.seasonId === seasonId) && (seasonNumber === undefined || i.parentIndexNumber === seasonNumber))
      .sort((a, b) => (a.parentIndexNumber ?? 0) - (b.parentIndexNumber ?? 0) || (a.indexNumber ?? 0) - (b.indexNumber ?? 0))
    const start = Math.max(0, int(q.startIndex, 0))
    const limit = q.limit === undefined ? episodes.length : int(q.limit, episodes.length)
    const fields = new Set(list(q.fields))
    return { Items: episodes.slice(start, start + limit).map(e => itemDto(state, e, fields)), TotalRecordCount: episodes.length, StartIndex: start }
  })

  app.get('/Sessions', async () => state.sessions.map(s => sessionDto(state, s)))

  app.post('/Sessions/:sessionId/Playing/:command', async (req, reply) => {
    const { sessionId, command } = req.params as { sessionId: string, command: string }
    const session = state.sessions.find(s => s.id === sessionId)
    if (!session) return sessionNotFound(reply)
    if (command === 'Stop') {
      const item = session.nowPlayingId ? state.items.get(session.nowPlayingId) : undefined
      delete session.nowPlayingId
      delete session.positionTicks
      if (item) state.log({ name: `${session.userName} has finished playing ${item.name} on ${session.deviceName}`, type: 'VideoPlaybackStopped', severity: 'Information', userId: session.userId, itemId: item.id })
    } else if (command === 'Pause') session.isPaused = true
    else if (command === 'Unpause') session.isPaused = false
    return reply.code(204).send()
  })

  app.post('/Sessions/:sessionId/Message', async (req, reply) => {
    const { sessionId } = req.params as { sessionId: string }
    const body = (req.body ?? {}) as { Text?: string, Header?: string }
    if (!state.sessions.some(s => s.id === sessionId)) return sessionNotFound(reply)
    if (typeof body.Text !== 'string') return problem(reply, 400, 'Text is required.')
    state.messages.push({ sessionId, text: body.Text, header: body.Header ?? undefined })
    return reply.code(204).send()
  })

  app.get('/Users', async () => state.users.map(userDto))
  app.get('/Localization/ParentalRatings', async () => parentalRatingsDto())

  app.get('/System/ActivityLog/Entries', async (req) => {
    const q = req.query as Query
    const minDate = typeof q.minDate === 'string' ? Date.parse(q.minDate) : NaN
    const hasUserId = q.hasUserId === undefined ? undefined : bool(q.hasUserId)
    const entries = state.activity.filter(a => (Number.isNaN(minDate) || Date.parse(a.date) >= minDate) &&
      (hasUserId === undefined || hasUserId === !/^0+$/.test(a.userId)))
    const start = Math.max(0, int(q.startIndex, 0))
    const limit = q.limit === undefined ? entries.length : int(q.limit, entries.length)
    return { Items: entries.slice(start, start + limit).map(activityDto), TotalRecordCount: entries.length, StartIndex: start }
  })

  /** The parental rules of the request's user (the userId query or the caller's own); everything without one. */
  function forUser (req: FastifyRequest): (item: SimItem) => boolean {
    const asked = guid((req.query as Query).userId)
    const userId = asked && asked !== EMPTY_USER_ID ? asked : opts.callerOf(req).userId
    if (!userId) return () => true
    const policy = policyOf(state.users.find(u => u.id === userId))
    return item => parentalAllowed(state, policy, item)
  }

  function findItem (raw: string): SimItem | undefined | 'bad' {
    const id = guid(raw)
    return id === undefined ? 'bad' : state.items.get(id)
  }
}

function sortItems (items: SimItem[], sortBy: string[], order: string | undefined, term: string, datePlayed: (i: SimItem) => string): SimItem[] {
  const dir = order === 'Descending' ? -1 : 1
  const key = sortBy[0] ?? (term ? 'Relevance' : 'SortName')
  const by: Record<string, (i: SimItem) => string | number> = {
    SortName: i => i.sortName,
    Name: i => i.sortName,
    DateCreated: i => i.dateCreated,
    PremiereDate: i => i.premiereDate ?? '',
    ProductionYear: i => i.year ?? 0,
    CommunityRating: i => i.communityRating ?? 0,
    DatePlayed: datePlayed,
    // With a search term the real server puts names that start with the term first.
    Relevance: i => `${i.cleanName.startsWith(term) ? 0 : 1}${i.sortName}`
  }
  const get = by[key] ?? by.SortName
  return items.sort((a, b) => { const x = get(a); const y = get(b); return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * dir })
}
