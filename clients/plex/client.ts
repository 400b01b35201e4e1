// Plex Media Server client (app.backends.mediaServer when MEDIA_SERVER_TYPE=plex): the calls the tools, the
// dashboard and the watched cleanup make, on the shared HTTP core. Plex is closed source: each call cites the
// published API description (LukeHagar/plex-api-spec @ ae9507e, plex-api-spec.yaml and description.md) and, where
// it is silent, python-plexapi as it calls and parses the endpoint (pkkid/python-plexapi @ 4.16.1).
// Auth is the X-Plex-Token header (spec : 13492-13506; plexapi/server.py : 164-170); answers are asked as JSON
// (description.md : 3-12); lists are paged with X-Plex-Container-Start/-Size (description.md : 350-366).
import type { Config } from '../../config.js'
import { BackendError } from '../../core/errors.js'
import { createPathMap, type PathMap } from '../../core/path-map.js'
import { packageVersion } from '../../core/package-version.js'
import { createHttpBackend, type HttpCall, type ProbeResult } from '../http.js'
import type { BackendFactory } from '../types.js'
import type { MediaServerClient } from '../media-server/contract.js'
import type { CallOptions, ItemKind, ItemQuery, Library, MediaItem, Page, ServerInfo, Session, User } from '../media-server/types.js'
import { PLEX_ID, SERVICE, plexTypeNumber, toActivity, toItem, toLibrary, toSession, toUsers, type RawAnswer, type RawContainer, type RawMetadata } from './wire.js'
import { createPlexPlays } from './plays.js'
import { createPlexShares, type PlexTvFetch } from './shares.js'
import { createPlexLibraryWrites } from './library-writes.js'

export { SERVICE }
export const KEY_VAR = 'MEDIA_SERVER_TOKEN'
export const URL_VAR = 'MEDIA_SERVER_URL'

/** Our sort keys and Plex's (`sort=<field>[:desc]`, plexapi/library.py LibrarySection._validateSortField). */
const SORTS: Record<string, string> = { SortName: 'titleSort', DateCreated: 'addedAt', PremiereDate: 'originallyAvailableAt', ProductionYear: 'year', CommunityRating: 'audienceRating' }
/** What a search with no type filter lists: the top-level kinds and episodes, as the Jellyfin search does. */
const DEFAULT_KINDS: ItemKind[] = ['Movie', 'Series', 'Episode', 'MusicAlbum']

export interface PlexClientOptions {
  deadlineMs?: number
  pathMap?: PathMap
  keepLabel?: string
  /** Reads plex.tv through the URL guard (the backends plugin gives it): users' shares, for reads as a user. */
  plexTv?: PlexTvFetch
}

export function createPlexClient (config: Pick<Config, 'MEDIA_SERVER_URL' | 'MEDIA_SERVER_TOKEN'>, options: PlexClientOptions = {}) {
  const token = config.MEDIA_SERVER_TOKEN
  const paths = options.pathMap ?? createPathMap('')
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: config.MEDIA_SERVER_URL,
    urlVar: URL_VAR,
    keyVar: KEY_VAR,
    deadlineMs: options.deadlineMs,
    // The identity headers plexapi sends (plexapi/config.py : 54-70); the token only when there is one.
    headers: (): Record<string, string> => ({
      accept: 'application/json',
      'x-plex-product': 'mediastack-mcp',
      'x-plex-version': packageVersion(),
      'x-plex-client-identifier': 'mediastack-mcp',
      ...(token ? { 'x-plex-token': token } : {})
    })
  })

  function requireKey () {
    if (!token) throw new BackendError(SERVICE, `${SERVICE} is not configured: set ${KEY_VAR} (the server owner's X-Plex-Token) and restart.`, undefined, 'not_configured')
  }

  const shares = createPlexShares({ fetch: options.plexTv, ownerToken: token, machineId: async signal => (await systemInfo({ signal })).id })

  /**
   * The token header of a read as a user (CallOptions.asUser, a Plex account id): the user's own token for this
   * server, so the server applies that user's restrictions (clients/plex/shares.ts). None: the owner's token.
   */
  async function tokenOf (o?: CallOptions): Promise<Record<string, string>> {
    if (o?.asUser === undefined) return {}
    const share = await shares.of(o.asUser, o.signal)
    if (!share) throw new BackendError(SERVICE, 'plex.tv lists no share of this server with that Plex user, so nothing is read as them.', undefined, 'rejected')
    return { 'x-plex-token': share.accessToken }
  }

  async function api (c: HttpCall, o: CallOptions = {}): Promise<RawContainer> {
    requireKey()
    const res = await http.call<RawAnswer | null>({ ...c, headers: { ...c.headers, ...await tokenOf(o) }, signal: o.signal ?? c.signal })
    return res.data?.MediaContainer ?? {}
  }

  /** One page of a list: the paging headers out, the container's totalSize (or the header) back. */
  async function paged (path: string, query: HttpCall['query'], start: number, size: number, o?: CallOptions): Promise<{ items: RawMetadata[], total: number }> {
    requireKey()
    const res = await http.call<RawAnswer | null>({
      path,
      query,
      headers: { 'x-plex-container-start': String(start), 'x-plex-container-size': String(size), ...await tokenOf(o) },
      signal: o?.signal
    })
    const c = res.data?.MediaContainer ?? {}
    const header = Number(res.headers['x-plex-container-total-size'])
    const items = c.Metadata ?? []
    return { items, total: c.totalSize ?? (Number.isFinite(header) ? header : start + items.length) }
  }

  const ours = (p: string) => paths.toOurs(p)
  const item = (r: RawMetadata) => toItem(r, ours)

  /** GET / : the server's MediaContainer attributes (spec : 201; plexapi/server.py : 104, 116-162). */
  async function systemInfo (o?: CallOptions): Promise<ServerInfo> {
    const c = await api({ path: '/' }, o)
    return { serverName: c.friendlyName ?? '', version: c.version ?? 'unknown', id: c.machineIdentifier ?? '', productName: 'Plex Media Server', ...(c.platform ? { operatingSystem: c.platform } : {}) }
  }

  /** GET /library/sections (plexapi/library.py : 50-52; the spec names /library/sections/all, : 1585). */
  async function libraries (o?: CallOptions): Promise<Library[]> {
    const c = await api({ path: '/library/sections' }, o)
    return (c.Directory ?? []).map(d => toLibrary(d, ours))
  }

  /** The total of one type in a section: size 0 asks for the count alone (plexapi/library.py : 505-527 totalViewSize). */
  async function countItems (libraryId: string, types: readonly ItemKind[], o?: CallOptions): Promise<number> {
    if (!PLEX_ID.test(libraryId)) return 0
    let total = 0
    for (const kind of types) {
      const type = plexTypeNumber(kind)
      if (type !== undefined) total += (await paged(`/library/sections/${libraryId}/all`, { type }, 0, 0, o)).total
    }
    return total
  }

  /**
   * Items across the server (GET /library/all, plexapi/library.py : 160-177, spec : 1245) or one section
   * (GET /library/sections/{key}/all, spec : 7878), one `type` per request: several kinds are read one after
   * another, each counted first, so the page is the same slice a single list would give.
   */
  async function items (q: ItemQuery, o?: CallOptions): Promise<Page<MediaItem>> {
    const start = q.startIndex ?? 0
    const limit = q.limit ?? 50
    if (q.ids?.length) {
      const ids = q.ids.filter(id => PLEX_ID.test(id))
      if (!ids.length) return { items: [], total: 0, startIndex: start }
      const c = await api({ path: `/library/metadata/${ids.join(',')}`, query: { includeGuids: 1 }, allowStatus: [404] }, o)
      const found = (c.Metadata ?? []).map(item)
      return { items: found.slice(start, start + limit), total: found.length, startIndex: start }
    }
    if (q.parentId !== undefined && !PLEX_ID.test(q.parentId)) return { items: [], total: 0, startIndex: start }
    const section = q.parentId
    const list = (query: HttpCall['query'], from: number, size: number) => section
      ? paged(`/library/sections/${section}/all`, query, from, size, o)
      : paged('/library/all', query, from, size, o)
    const sortField = SORTS[q.sortBy?.[0] ?? 'SortName'] ?? 'titleSort'
    const base = { title: q.searchTerm || undefined, sort: q.sortOrder === 'Descending' ? `${sortField}:desc` : sortField, includeGuids: 1 }
    const kinds = (q.types?.length ? q.types : DEFAULT_KINDS).flatMap(k => { const type = plexTypeNumber(k); return type === undefined ? [] : [type] })
    if (kinds.length === 1) {
      const one = await list({ ...base, type: kinds[0] }, start, limit)
      return { items: one.items.map(item), total: one.total, startIndex: start }
    }
    const out: MediaItem[] = []
    let total = 0
    for (const type of kinds) {
      const count = (await list({ ...base, type }, 0, 0)).total
      const from = Math.max(0, start + out.length - total)
      const want = limit - out.length
      if (want > 0 && from < count) out.push(...(await list({ ...base, type }, from, want)).items.map(item))
      total += count
    }
    return { items: out, total, startIndex: start }
  }

  /** GET /library/metadata/{ratingKey} (spec : 6224; plexapi/base.py : 311-330); 404 or a non-Plex id: undefined. */
  async function one (id: string, o?: CallOptions): Promise<RawMetadata | undefined> {
    if (!PLEX_ID.test(id)) return undefined
    requireKey()
    const res = await http.call<RawAnswer | null>({ path: `/library/metadata/${id}`, query: { includeGuids: 1 }, allowStatus: [404], headers: await tokenOf(o), signal: o?.signal })
    return res.status === 404 ? undefined : res.data?.MediaContainer?.Metadata?.[0]
  }

  /** A show's seasons: GET /library/metadata/{key}/children (plexapi/video.py : 652-654 Show.seasons). */
  async function seasons (seriesId: string, o?: CallOptions): Promise<MediaItem[] | undefined> {
    const show = await one(seriesId, o)
    if (!show || show.type !== 'show') return undefined
    const c = await api({ path: `/library/metadata/${seriesId}/children`, query: { excludeAllLeaves: 1 } }, o)
    return (c.Metadata ?? []).filter(m => m.type === 'season').map(item)
  }

  /** One season's episodes, paged: GET /library/metadata/{seasonKey}/children (plexapi/video.py : 836-839 Season.episodes). */
  async function episodes (seriesId: string, q: { seasonId?: string, season?: number, startIndex?: number, limit?: number }, o?: CallOptions): Promise<Page<MediaItem> | undefined> {
    const all = await seasons(seriesId, o)
    if (!all) return undefined
    const season = all.find(s => (q.seasonId ? s.id === q.seasonId : s.indexNumber === q.season))
    const start = q.startIndex ?? 0
    if (!season) return { items: [], total: 0, startIndex: start }
    const p = await paged(`/library/metadata/${season.id}/children`, {}, start, q.limit ?? 100, o)
    return { items: p.items.map(item), total: p.total, startIndex: start }
  }

  /** GET /status/sessions: what plays now (spec : 3603; plexapi/server.py : 816-818, plexapi/base.py : 947-960). */
  async function sessions (_activeWithinSeconds?: number, o?: CallOptions): Promise<Session[]> {
    const c = await api({ path: '/status/sessions' }, o)
    return (c.Metadata ?? []).map(toSession)
  }

  /**
   * POST /status/sessions/terminate?sessionId=&reason= (spec : 3815-3865). Its 401 is "Server does not have the
   * feature enabled" as often as a wrong token: a token GET / accepts is a right one, so the server is the reason.
   */
  async function stopPlayback (sessionId: string, o?: CallOptions): Promise<void> {
    requireKey()
    const res = await http.call<null>({ method: 'POST', path: '/status/sessions/terminate', query: { sessionId, reason: 'Stopped from the media stack dashboard' }, as: 'none', allowStatus: [401], signal: o?.signal })
    if (res.status !== 401) return
    await api({ path: '/' }, o)
    throw new BackendError(SERVICE, 'This Plex server does not allow stopping streams (Plex answered "feature not enabled"; it is a Plex Pass feature). Stop it on the player instead.', 401, 'rejected')
  }

  async function sendMessage (): Promise<void> {
    throw new BackendError(SERVICE, 'Plex has no call that shows a message on a player: stop the session instead, or message the person another way.', undefined, 'rejected')
  }

  /** GET /accounts (plexapi/server.py : 279-284 systemAccounts; not in the spec); the owner from GET /. */
  async function users (o?: CallOptions): Promise<User[]> {
    const [accounts, root] = await Promise.all([api({ path: '/accounts' }, o), api({ path: '/' }, o)])
    return toUsers(accounts.Account ?? [], root.myPlexUsername)
  }

  /** Play history, newest first: GET /status/sessions/history/all?sort=viewedAt:desc (spec : 3706-3750; plexapi/server.py : 654-679). */
  async function activity (q: { startIndex?: number, limit?: number, minDate?: string }, o?: CallOptions) {
    const start = q.startIndex ?? 0
    const since = q.minDate ? Math.floor(Date.parse(q.minDate) / 1000) : undefined
    const [p, accounts] = await Promise.all([
      paged('/status/sessions/history/all', { sort: 'viewedAt:desc', ...(since !== undefined && Number.isFinite(since) ? { 'viewedAt>': since } : {}) }, start, q.limit ?? 50, o),
      api({ path: '/accounts' }, o)
    ])
    const names = new Map((accounts.Account ?? []).map(a => [String(a.id), a.name ?? '']))
    return { items: p.items.map(r => toActivity(r, names)), total: p.total, startIndex: start }
  }

  /** GET /identity: version without a token (spec : 1214-1240; plexapi/server.py : 192-194). */
  async function probe (): Promise<ProbeResult> {
    const started = performance.now()
    const base = { service: SERVICE, configured: token !== '', checkedAt: new Date().toISOString() }
    try {
      const res = await http.call<RawAnswer | null>({ path: '/identity', signal: AbortSignal.timeout(5_000) })
      return { ...base, reachable: true, version: res.data?.MediaContainer?.version, latencyMs: Math.round(performance.now() - started) }
    } catch (err) {
      return { ...base, reachable: false, error: err instanceof BackendError ? err.message : `${SERVICE} could not be reached.` }
    }
  }

  const core = { api, paged, one, ours, keepLabel: options.keepLabel ?? 'keep' }
  return {
    service: SERVICE,
    configured: token !== '',
    keyVar: KEY_VAR,
    systemInfo,
    libraries,
    countItems,
    items,
    item: async (id: string, o?: CallOptions) => { const r = await one(id, o); return r ? item(r) : undefined },
    seasons,
    episodes,
    sessions,
    stopPlayback,
    sendMessage,
    users,
    userLimits: async (userId: string, o?: CallOptions) => (await shares.of(userId, o?.signal))?.limits,
    activity,
    ...createPlexLibraryWrites({ api, http, requireKey, toBackend: paths.toBackend }),
    serverPath: (ourPath: string) => paths.toBackend(ourPath),
    ourPath: ours,
    ...createPlexPlays(core),
    probe,
    circuit: http.circuit,
    close: () => http.close()
  } satisfies MediaServerClient
}

export type PlexClient = ReturnType<typeof createPlexClient>

export const plexFactory: BackendFactory = (config, deps) => ({ mediaServer: createPlexClient(config, { pathMap: deps.pathMap, keepLabel: config.CLEANUP_KEEP_TAG, plexTv: deps.plexTv }) })
