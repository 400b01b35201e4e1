// Jellyfin client (app.backends.mediaServer when MEDIA_SERVER_TYPE=jellyfin): the ~15 endpoints the tools and the dashboard use, on the shared
// HTTP core. Auth is the `Authorization: MediaBrowser … Token="…"` scheme, the only header form that keeps
// working when Jellyfin 12 turns the legacy X-Emby-* forms off. Results are trimmed at the edge, and paths
// cross PATH_MAP here, as in every client: the server's paths come back as ours, ours go out as the server's.
import type { Config } from '../../config.js'
import { BackendError } from '../../core/errors.js'
import { createPathMap, type PathMap } from '../../core/path-map.js'
import { createHttpBackend, type HttpCall, type ProbeResult } from '../http.js'
import type { BackendFactory } from '../types.js'
import type { MediaServerClient } from '../media-server/contract.js'
import { strip, type CallOptions, type ItemQuery, type RatingScore } from '../media-server/types.js'
import { lastEpisodePlay, titleSeenBy, titlesSeenBy } from './play-data.js'
import { CACHE_TASK_KEYS, scheduledTasks, startTask } from './tasks.js'
import {
  toActivity, toItem, toLibrary, toServerInfo, toSession, toUser,
  type ActivityEntry, type CollectionType, type ItemKind, type Library, type MediaItem, type Page,
  type RawActivity, type RawItem, type RawParentalRating, type RawQueryResult, type RawSession, type RawSystemInfo, type RawUser,
  type RawVirtualFolder, type ServerInfo, type Session, type User
} from './types.js'
import { authorizationHeader, itemGuid, libraryRequest, page } from './requests.js'

export type { CallOptions, ItemQuery } from '../media-server/types.js'

export const SERVICE = 'Jellyfin'
export const KEY_VAR = 'MEDIA_SERVER_API_KEY'
export const URL_VAR = 'MEDIA_SERVER_URL'

/** Fields requested for every item list: enough for search results and details, nothing heavy. */
const ITEM_FIELDS = ['Path', 'ProviderIds', 'Overview', 'Genres', 'ChildCount', 'RecursiveItemCount', 'ParentId']

export interface ClientOptions {
  /** Per-call deadline in ms (default 15 s). */
  deadlineMs?: number
  /** PATH_MAP, parsed once by the config (default: no mapping). */
  pathMap?: PathMap
}

export function createJellyfinClient (config: Pick<Config, 'MEDIA_SERVER_URL' | 'MEDIA_SERVER_API_KEY'>, options: ClientOptions = {}) {
  const token = config.MEDIA_SERVER_API_KEY
  const header = authorizationHeader(token)
  const paths = options.pathMap ?? createPathMap('')
  /** An item with its path as this server sees it. */
  const ours = (item: MediaItem): MediaItem => item.path === undefined ? item : { ...item, path: paths.toOurs(item.path) }
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: config.MEDIA_SERVER_URL,
    urlVar: URL_VAR,
    keyVar: KEY_VAR,
    deadlineMs: options.deadlineMs,
    // The public info endpoint needs no key, so the empty-key check happens in `api` below, not here.
    headers: (): Record<string, string> => token ? { authorization: header } : {}
  })

  /** Authenticated calls fail at once, naming the variable, when no key is configured. */
  function requireKey () {
    if (!token) throw new BackendError(SERVICE, `${SERVICE} is not configured: set ${KEY_VAR} (Jellyfin Dashboard → API Keys) and restart.`, undefined, 'not_configured')
  }

  async function api<T> (c: HttpCall, o: CallOptions = {}): Promise<T> {
    requireKey()
    const res = await http.call<T>({ ...c, signal: o.signal ?? c.signal })
    return res.data
  }

  /** Like api() but a 404 becomes undefined (unknown ids are a normal answer, not a failure). */
  async function maybe<T> (c: HttpCall, o: CallOptions = {}): Promise<T | undefined> {
    requireKey()
    const res = await http.call<T>({ ...c, signal: o.signal, allowStatus: [404] })
    return res.status === 404 ? undefined : res.data
  }

  async function publicInfo (o: CallOptions = {}): Promise<ServerInfo> {
    const res = await http.call<RawSystemInfo>({ path: '/System/Info/Public', signal: o.signal })
    return toServerInfo(res.data ?? {})
  }

  async function systemInfo (o?: CallOptions): Promise<ServerInfo> {
    return toServerInfo(await api<RawSystemInfo>({ path: '/System/Info' }, o) ?? {})
  }

  async function libraries (o?: CallOptions): Promise<Library[]> {
    const raw = await api<RawVirtualFolder[]>({ path: '/Library/VirtualFolders' }, o)
    const all = (raw ?? []).map(toLibrary).map(l => ({ ...l, locations: l.locations.map(paths.toOurs) }))
    if (!o?.asUser) return all
    // The user's libraries: those GET /Items/{id} as the user opens (the admin list names every one).
    const open = await Promise.all(all.map(async l => await item(l.itemId, o) !== undefined))
    return all.filter((_, i) => open[i])
  }

  /** Number of items of these types under a folder (one cheap call: limit=0 with the total). */
  async function countItems (parentId: string, types: readonly ItemKind[], o?: CallOptions): Promise<number> {
    const raw = await api<RawQueryResult<RawItem>>({
      path: '/Items',
      query: { parentId, recursive: true, includeItemTypes: [...types], limit: 0, enableTotalRecordCount: true, enableImages: false, enableUserData: false }
    }, o)
    return raw?.TotalRecordCount ?? 0
  }

  async function items (q: ItemQuery, o?: CallOptions): Promise<Page<MediaItem>> {
    const raw = await api<RawQueryResult<RawItem>>({
      path: '/Items',
      query: {
        // With userId the server runs the query as that user, their policy applied (ItemsController.GetItems →
        // InternalItemsQuery.SetUser, jellyfin/jellyfin v10.11.11); without it an API key sees everything.
        userId: o?.asUser,
        searchTerm: q.searchTerm || undefined,
        includeItemTypes: q.types?.length ? [...q.types] : undefined,
        parentId: q.parentId,
        ids: q.ids?.length ? [...q.ids] : undefined,
        recursive: q.recursive ?? true,
        startIndex: q.startIndex ?? 0,
        limit: q.limit ?? 50,
        sortBy: q.sortBy?.length ? [...q.sortBy] : undefined,
        sortOrder: q.sortOrder ? [q.sortOrder] : undefined,
        fields: ITEM_FIELDS,
        enableTotalRecordCount: true,
        enableImages: false,
        enableUserData: false
      }
    }, o)
    return page(raw, q.startIndex ?? 0, ours)
  }

  /**
   * One item by id, or undefined when the server does not know it. Asked as /Items?ids=…: GET /Items/{id}
   * needs a user, and with an API key and no userId Jellyfin 10.10/10.11 answers 400 (jellyfin/jellyfin
   * v10.11.11 Jellyfin.Api/Controllers/UserLibraryController.cs GetItem → UserManager.GetUserById(Guid.Empty);
   * issue 12260), while ItemsController.GetItems serves an API key without a user.
   */
  async function item (id: string, o?: CallOptions): Promise<MediaItem | undefined> {
    // The ids binder drops a malformed id silently and the list is then unfiltered, so only a GUID is sent.
    const wanted = itemGuid(id)
    if (!wanted) return undefined
    // For a user, GET /Items/{id}?userId= answers 404 for what that user may not see: their rating, blocked tags
    // and libraries, the item's parents included (UserLibraryController.GetItem → LibraryManager.GetItemById(id,
    // user) → BaseItem.IsVisibleStandalone, v10.11.11). /Items?ids= would skip the libraries (AddUserToQuery).
    if (o?.asUser) {
      const one = await maybe<RawItem>({ path: `/Items/${wanted}`, query: { userId: o.asUser } }, o)
      return one ? ours(toItem(one)) : undefined
    }
    const raw = await api<RawQueryResult<RawItem>>({
      path: '/Items',
      query: { ids: [wanted], fields: ITEM_FIELDS, enableTotalRecordCount: false, enableImages: false, enableUserData: false }
    }, o)
    const found = (raw?.Items ?? []).find(i => itemGuid(i.Id ?? '') === wanted)
    return found ? ours(toItem(found)) : undefined
  }

  /** Seasons of a series, or undefined when the series id is unknown. */
  async function seasons (seriesId: string, o?: CallOptions): Promise<MediaItem[] | undefined> {
    const raw = await maybe<RawQueryResult<RawItem>>({
      path: `/Shows/${encodeURIComponent(seriesId)}/Seasons`,
      query: { userId: o?.asUser, fields: ['ChildCount', 'Path'], enableImages: false, enableUserData: false }
    }, o)
    return raw ? (raw.Items ?? []).map(toItem).map(ours) : undefined
  }

  /** Episodes of one season (by season id), paged; undefined when the series id is unknown. */
  async function episodes (seriesId: string, q: { seasonId?: string, season?: number, startIndex?: number, limit?: number }, o?: CallOptions): Promise<Page<MediaItem> | undefined> {
    const raw = await maybe<RawQueryResult<RawItem>>({
      path: `/Shows/${encodeURIComponent(seriesId)}/Episodes`,
      query: {
        userId: o?.asUser,
        seasonId: q.seasonId,
        season: q.season,
        startIndex: q.startIndex ?? 0,
        limit: q.limit ?? 100,
        fields: ['Path', 'Overview'],
        enableImages: false,
        enableUserData: false
      }
    }, o)
    return raw ? page(raw, q.startIndex ?? 0, ours) : undefined
  }

  async function sessions (activeWithinSeconds = 960, o?: CallOptions): Promise<Session[]> {
    const raw = await api<RawSession[]>({ path: '/Sessions', query: { activeWithinSeconds } }, o)
    return (raw ?? []).map(toSession)
  }

  async function stopPlayback (sessionId: string, o?: CallOptions): Promise<void> {
    await api({ method: 'POST', path: `/Sessions/${encodeURIComponent(sessionId)}/Playing/Stop`, as: 'none' }, o)
  }

  async function sendMessage (sessionId: string, text: string, header?: string, o?: CallOptions): Promise<void> {
    await api({ method: 'POST', path: `/Sessions/${encodeURIComponent(sessionId)}/Message`, json: { Text: text, Header: header ?? null, TimeoutMs: 10_000 }, as: 'none' }, o)
  }

  async function users (o?: CallOptions): Promise<User[]> {
    const raw = await api<RawUser[]>({ path: '/Users' }, o)
    return (raw ?? []).map(toUser)
  }

  /** The server country's ratings and their scores (LocalizationController.GetParentalRatings, v10.11.11). */
  async function parentalRatings (o?: CallOptions): Promise<RatingScore[]> {
    const raw = await api<RawParentalRating[]>({ path: '/Localization/ParentalRatings' }, o)
    return (raw ?? []).filter(r => r.Name).map(r => strip({ name: r.Name!, score: r.RatingScore?.score, subScore: r.RatingScore?.subScore ?? undefined }))
  }

  /** Activity log entries, newest first. */
  async function activity (q: { startIndex?: number, limit?: number, minDate?: string }, o?: CallOptions): Promise<Page<ActivityEntry>> {
    const raw = await api<RawQueryResult<RawActivity>>({
      path: '/System/ActivityLog/Entries',
      query: { startIndex: q.startIndex ?? 0, limit: q.limit ?? 50, minDate: q.minDate }
    }, o)
    return { items: (raw?.Items ?? []).map(toActivity), total: raw?.TotalRecordCount ?? 0, startIndex: raw?.StartIndex ?? q.startIndex ?? 0 }
  }

  /** Starts a scan of every library (returns at once; the scan runs on the server). */
  async function refreshLibraries (o?: CallOptions): Promise<void> {
    await api({ method: 'POST', path: '/Library/Refresh', as: 'none' }, o)
  }

  /** Queues a metadata refresh of one item; false when the id is unknown. */
  async function refreshItem (id: string, q: { replaceAll?: boolean } = {}, o?: CallOptions): Promise<boolean> {
    requireKey()
    const res = await http.call({
      method: 'POST',
      path: `/Items/${encodeURIComponent(id)}/Refresh`,
      query: { metadataRefreshMode: 'FullRefresh', imageRefreshMode: 'FullRefresh', replaceAllMetadata: q.replaceAll ?? false, replaceAllImages: false },
      allowStatus: [404],
      as: 'none',
      signal: o?.signal
    })
    return res.status < 300
  }

  /** Adds a library over folders given as this server sees them; the media server is sent its own paths. */
  async function createLibrary (q: { name: string, collectionType: CollectionType, paths: string[], refresh?: boolean }, o?: CallOptions): Promise<void> {
    await api({ method: 'POST', path: '/Library/VirtualFolders', ...libraryRequest({ ...q, paths: q.paths.map(paths.toBackend) }), as: 'none' }, o)
  }

  /** Deletes an item and its files on the server; false when the id is unknown. */
  async function deleteItem (id: string, o?: CallOptions): Promise<boolean> {
    requireKey()
    const res = await http.call({ method: 'DELETE', path: `/Items/${encodeURIComponent(id)}`, allowStatus: [404], as: 'none', signal: o?.signal })
    return res.status < 300
  }

  async function probe (): Promise<ProbeResult> {
    const started = performance.now()
    const base = { service: SERVICE, configured: token !== '', checkedAt: new Date().toISOString() }
    try {
      const info = await publicInfo({ signal: AbortSignal.timeout(5_000) })
      return { ...base, reachable: true, version: info.version, latencyMs: Math.round(performance.now() - started) }
    } catch (err) {
      return { ...base, reachable: false, error: err instanceof BackendError ? err.message : `${SERVICE} could not be reached.` }
    }
  }

  const core = {
    service: SERVICE,
    keyVar: KEY_VAR,
    configured: token !== '',
    publicInfo,
    systemInfo,
    libraries,
    countItems,
    items,
    item,
    seasons,
    episodes,
    sessions,
    stopPlayback,
    sendMessage,
    users,
    parentalRatings,
    activity,
    refreshLibraries,
    refreshItem,
    createLibrary,
    deleteItem,
    /** One of our paths as the media server sees it (for messages that name both). */
    serverPath: (ourPath: string) => paths.toBackend(ourPath),
    /** A path the media server gave, as this server sees it (for the sibling files that read items raw). */
    ourPath: (serverPath: string) => paths.toOurs(serverPath),
    /** The authenticated JSON call, for small additive endpoint sets in sibling files (jellyfin-tasks.ts). */
    call: api,
    probe,
    circuit: http.circuit,
    close: () => http.close()
  }
  return {
    ...core,
    titlesSeenBy: (userId: string, o?: CallOptions) => titlesSeenBy(core, userId, o),
    titleSeenBy: (userId: string, itemId: string, o?: CallOptions) => titleSeenBy(core, userId, itemId, o),
    lastEpisodePlay: (userId: string, seriesId: string, o?: CallOptions) => lastEpisodePlay(core, userId, seriesId, o),
    cacheTasks: {
      /** Only the built-in cache and transcode cleanup tasks. */
      list: async (o?: CallOptions) => (await scheduledTasks(core, o)).filter(t => (CACHE_TASK_KEYS as readonly string[]).includes(t.key)),
      start: (taskId: string, o?: CallOptions) => startTask(core, taskId, o)
    }
  } satisfies MediaServerClient
}

export type JellyfinClient = ReturnType<typeof createJellyfinClient>

export const jellyfinFactory: BackendFactory = (config, deps) => ({ mediaServer: createJellyfinClient(config, { pathMap: deps.pathMap }) })
