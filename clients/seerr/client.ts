// Seerr client (app.backends.seerr): the household's request manager (Seerr 3.x; Overseerr and Jellyseerr
// answer the same v1 API). Every call cites seerr-team/seerr @ v3.1.0. Auth is the X-Api-Key header; a
// call made for a person adds X-API-User: <Seerr user id>, and Seerr then acts as that user, with that
// user's permissions, quotas and auto-approval (server/middleware/auth.ts : 9-23: no extra permission is
// needed for it, the key alone decides; without the header the key acts as user 1, the first admin).
import type { Config } from '../../config.js'
import { BackendError } from '../../core/errors.js'
import { createHttpBackend, type HttpCall, type ProbeResult } from '../http.js'
import type { BackendClientBase, BackendFactory } from '../types.js'
import { versionProbe } from '../version-probe.js'
import {
  MEDIA_STATUS, REQUEST_STATUS, SeerrRefused, type NewRequest, type SeerrNotificationSettings, type SeerrRequest, type SeerrUser
} from './types.js'

export const SERVICE = 'Seerr'
export const KEY_VAR = 'REQUESTS_API_KEY'
export const URL_VAR = 'REQUESTS_URL'
/** Users read per page, and the most read in all (a household's request manager has tens). */
const USER_PAGE = 100
const MAX_USERS = 1000

export interface RequestQuery {
  /** Seerr's filter values (server/routes/request.ts : 45-104); declined has none of its own (all holds it). */
  filter?: 'all' | 'pending' | 'approved' | 'processing' | 'available' | 'failed' | 'completed'
  take: number
  skip: number
}

export function createSeerrClient (config: Pick<Config, 'REQUESTS_URL' | 'REQUESTS_API_KEY'>, options: { deadlineMs?: number } = {}) {
  const key = config.REQUESTS_API_KEY
  const configured = key !== '' && config.REQUESTS_URL !== ''
  const http = createHttpBackend({
    service: SERVICE,
    baseUrl: config.REQUESTS_URL,
    urlVar: URL_VAR,
    keyVar: KEY_VAR,
    configured: () => configured,
    deadlineMs: options.deadlineMs,
    headers: () => ({ 'x-api-key': key })
  })

  const as = (userId: number | undefined): Record<string, string> => userId === undefined ? {} : { 'x-api-user': String(userId) }

  async function api<T> (c: HttpCall, signal?: AbortSignal): Promise<T> {
    return (await http.call<T>({ ...c, signal })).data
  }

  /** GET /api/v1/status: public, no key needed (server/routes/index.ts : 50). */
  async function status (signal?: AbortSignal): Promise<{ version: string }> {
    const r = await api<Record<string, unknown> | null>({ path: '/api/v1/status' }, signal)
    if (!r || typeof r.version !== 'string') throw new BackendError(SERVICE, `${SERVICE} answered /api/v1/status without a version: is ${URL_VAR} pointing at Seerr?`, undefined, 'bad_response')
    return { version: r.version }
  }

  /** GET /api/v1/user, paged by take/skip (server/routes/user/index.ts : 35-120). */
  async function users (signal?: AbortSignal): Promise<SeerrUser[]> {
    const out: SeerrUser[] = []
    for (let skip = 0; skip < MAX_USERS; skip += USER_PAGE) {
      const page = await api<{ pageInfo?: { results?: number }, results?: Array<Record<string, unknown>> }>({ path: '/api/v1/user', query: { take: USER_PAGE, skip } }, signal)
      const rows = page?.results ?? []
      out.push(...rows.map(user))
      if (rows.length < USER_PAGE || out.length >= Number(page?.pageInfo?.results ?? 0)) break
    }
    return out
  }

  /** GET /api/v1/user/{id}/settings/notifications (server/routes/user/usersettings.ts : 521-563; self or admin). */
  async function notificationSettings (userId: number, signal?: AbortSignal): Promise<SeerrNotificationSettings> {
    const r = await api<Record<string, any> | null>({ path: `/api/v1/user/${userId}/settings/notifications` }, signal)
    const chat = r?.telegramChatId
    return {
      telegramEnabled: r?.telegramEnabled === true,
      ...(typeof chat === 'string' && chat !== '' ? { telegramChatId: chat } : {}),
      telegramTypes: Number(r?.notificationTypes?.telegram ?? 0)
    }
  }

  /**
   * POST /api/v1/request as `userId` (server/routes/request.ts : 303-336, MediaRequest.request in
   * server/entity/MediaRequest.ts : 46-378): 201 with the request; 403 for permission, quota or blocklist;
   * 409 for a duplicate; 202 when every asked season is already requested or available.
   */
  async function createRequest (userId: number, body: NewRequest, signal?: AbortSignal): Promise<SeerrRequest> {
    const r = await http.call<Record<string, any> | null>({ method: 'POST', path: '/api/v1/request', json: body, headers: as(userId), allowStatus: [202, 403, 409], signal })
    if (r.status === 201 || r.status === 200) return request(r.data ?? {})
    if (r.status === 409) throw new SeerrRefused('duplicate')
    if (r.status === 202) throw new SeerrRefused('nothing-left')
    throw refusal403(r.data)
  }

  /** GET /api/v1/request (server/routes/request.ts : 32-301): newest first; a user without MANAGE_REQUESTS or REQUEST_VIEW sees only their own. */
  async function requests (q: RequestQuery, userId?: number, signal?: AbortSignal): Promise<{ total: number, items: SeerrRequest[] }> {
    const r = await api<{ pageInfo?: { results?: number }, results?: Array<Record<string, any>> } | null>({
      path: '/api/v1/request', headers: as(userId), query: { take: q.take, skip: q.skip, filter: q.filter ?? 'all' }
    }, signal)
    return { total: Number(r?.pageInfo?.results ?? 0), items: (r?.results ?? []).map(request) }
  }

  /**
   * GET /api/v1/request/{id} (server/routes/request.ts : 428-458): 404 when there is none; 403 with `message` when
   * it is someone else's and the user lacks MANAGE_REQUESTS or REQUEST_VIEW ('forbidden': not a key problem).
   */
  async function requestById (id: number, userId?: number, signal?: AbortSignal): Promise<SeerrRequest | 'forbidden' | undefined> {
    const r = await http.call<Record<string, any> | null>({ path: `/api/v1/request/${id}`, headers: as(userId), allowStatus: [403, 404], signal })
    if (r.status === 403) {
      if (typeof r.data?.error === 'string') throw refusal403(r.data)
      return 'forbidden'
    }
    return r.status === 404 ? undefined : request(r.data ?? {})
  }

  /**
   * POST /api/v1/request/{id}/approve or /decline as `userId` (server/routes/request.ts : 662-704): needs
   * MANAGE_REQUESTS (403 otherwise); 404 when there is no such request. Seerr's decline takes no reason.
   */
  async function setStatus (id: number, decision: 'approve' | 'decline', userId: number, signal?: AbortSignal): Promise<SeerrRequest | 'forbidden' | 'not-found'> {
    const r = await http.call<Record<string, any> | null>({ method: 'POST', path: `/api/v1/request/${id}/${decision}`, headers: as(userId), allowStatus: [403, 404], signal })
    if (r.status === 404) return 'not-found'
    if (r.status === 403) return 'forbidden'
    return request(r.data ?? {})
  }

  const probe = (): Promise<ProbeResult> => versionProbe(SERVICE, configured, `${URL_VAR} and ${KEY_VAR}`, status)

  return {
    service: SERVICE,
    configured,
    status,
    users,
    notificationSettings,
    createRequest,
    requests,
    requestById,
    setStatus,
    probe,
    circuit: http.circuit,
    close: () => http.close()
  } satisfies BackendClientBase & Record<string, unknown>
}

/**
 * A 403 from isAuthenticated (server/middleware/auth.ts : 43-55) carries `error`: the key, or the user named in
 * X-API-User, was not accepted. One from the request itself carries `message` (the error handler,
 * server/index.ts : 250-261): RequestPermissionError, QuotaRestrictedError or BlocklistedMediaError.
 */
function refusal403 (body: Record<string, any> | null): Error {
  if (typeof body?.error === 'string') return new BackendError(SERVICE, `${SERVICE} did not accept the API key or the Seerr user: check ${KEY_VAR} and the user mapping (REQUESTS_USERS).`, 403, 'unauthorized')
  const message = String(body?.message ?? '')
  if (/quota/i.test(message)) return new SeerrRefused('quota')
  if (/blocklist|blacklist/i.test(message)) return new SeerrRefused('blocklisted')
  return new SeerrRefused('permission')
}

function user (u: Record<string, unknown> | undefined): { id: number, displayName: string } {
  return { id: Number(u?.id ?? 0), displayName: String(u?.displayName ?? `user ${String(u?.id ?? '?')}`).slice(0, 100) }
}

/** MediaRequest as the API sends it (server/entity/MediaRequest.ts : 512-612, Media in server/entity/Media.ts). */
function request (r: Record<string, any>): SeerrRequest {
  const is4k = r.is4k === true
  const media = r.media ?? {}
  const managerId = Number(is4k ? media.externalServiceId4k : media.externalServiceId)
  return {
    id: Number(r.id ?? 0),
    status: REQUEST_STATUS[Number(r.status) as keyof typeof REQUEST_STATUS] ?? 'pending',
    mediaType: r.type === 'tv' ? 'tv' : 'movie',
    is4k,
    tmdbId: Number(media.tmdbId ?? 0),
    ...(Number(media.tvdbId) > 0 ? { tvdbId: Number(media.tvdbId) } : {}),
    availability: MEDIA_STATUS[Number(is4k ? media.status4k : media.status) as keyof typeof MEDIA_STATUS] ?? 'unknown',
    ...(managerId > 0 ? { managerId } : {}),
    seasons: Array.isArray(r.seasons) ? r.seasons.map((s: Record<string, unknown>) => Number(s.seasonNumber)).filter(Number.isInteger) : [],
    requestedBy: user(r.requestedBy),
    ...(r.modifiedBy ? { modifiedBy: user(r.modifiedBy) } : {}),
    createdAt: String(r.createdAt ?? ''),
    updatedAt: String(r.updatedAt ?? '')
  }
}

export type SeerrClient = ReturnType<typeof createSeerrClient>

declare module '../types.js' {
  interface Backends { seerr?: SeerrClient }
}

/** Without REQUESTS_URL and REQUESTS_API_KEY there is no Seerr client at all: nothing changes. */
export const seerrFactory: BackendFactory = (config) => config.REQUESTS_URL !== '' && config.REQUESTS_API_KEY !== '' ? { seerr: createSeerrClient(config) } : {}
