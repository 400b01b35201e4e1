// The Seerr simulator's world: users (permissions, quotas, Telegram settings), media and requests, with
// Seerr's own rules (seerr-team/seerr @ v3.1.0): who may request what (server/entity/MediaRequest.ts : 79-111),
// quotas (: 113-119), duplicates (: 162-203), auto-approval (: 340-368) and the enums of
// server/constants/media.ts. simulators/fidelity/seerr.ts lists each behaviour with its source.

/** server/lib/permissions.ts : 1-32 (the ones the simulator checks). */
export const PERM = {
  ADMIN: 2,
  MANAGE_USERS: 8,
  MANAGE_REQUESTS: 16,
  REQUEST: 32,
  AUTO_APPROVE: 128,
  AUTO_APPROVE_MOVIE: 256,
  AUTO_APPROVE_TV: 512,
  REQUEST_4K: 1024,
  REQUEST_4K_MOVIE: 2048,
  REQUEST_4K_TV: 4096,
  REQUEST_VIEW: 16384,
  AUTO_APPROVE_4K: 32768,
  AUTO_APPROVE_4K_MOVIE: 65536,
  AUTO_APPROVE_4K_TV: 131072,
  REQUEST_MOVIE: 262144,
  REQUEST_TV: 524288
} as const

export interface SimUser {
  id: number
  username: string
  email: string
  permissions: number
  telegramChatId?: string
  /** notificationTypes.telegram bits (server/lib/notifications/index.ts : 6-20). */
  telegramTypes?: number
  /** Requests allowed in all (the simulator's quota window is forever). */
  movieQuotaLimit?: number
  tvQuotaLimit?: number
}

export interface SimMedia { id: number, mediaType: 'movie' | 'tv', tmdbId: number, tvdbId?: number, status: number, status4k: number, externalServiceId?: number, externalServiceId4k?: number }
export interface SimRequest { id: number, status: number, type: 'movie' | 'tv', mediaId: number, is4k: boolean, seasons: number[], requestedBy: number, modifiedBy?: number, createdAt: string, updatedAt: string }

export const STATUS = { PENDING: 1, APPROVED: 2, DECLINED: 3, FAILED: 4, COMPLETED: 5 } as const
export const MEDIA = { UNKNOWN: 1, PENDING: 2, PROCESSING: 3, PARTIALLY_AVAILABLE: 4, AVAILABLE: 5, BLOCKLISTED: 6, DELETED: 7 } as const

export class Refusal extends Error {
  constructor (readonly status: number, message: string) { super(message) }
}

/** hasPermission (server/lib/permissions.ts : 47-74): ADMIN passes everything; a list is and/or. */
export function hasPermission (user: SimUser, perms: number | number[], type: 'and' | 'or' = 'and'): boolean {
  if (perms === 0) return true
  if ((user.permissions & PERM.ADMIN) !== 0) return true
  if (!Array.isArray(perms)) return (user.permissions & perms) !== 0
  return type === 'and' ? perms.every(p => (user.permissions & p) !== 0) : perms.some(p => (user.permissions & p) !== 0)
}

export interface NewRequestBody { mediaType?: unknown, mediaId?: unknown, tvdbId?: unknown, seasons?: unknown, is4k?: unknown }

export function createSeerrState (users: SimUser[]) {
  const media: SimMedia[] = []
  const requests: SimRequest[] = []
  let nextId = 1
  const now = () => new Date().toISOString()

  /** MediaRequest.request (server/entity/MediaRequest.ts : 46-378), as `user`. */
  function request (user: SimUser, body: NewRequestBody): SimRequest {
    const type = body.mediaType === 'tv' ? 'tv' : 'movie'
    const is4k = body.is4k === true
    const tmdbId = Number(body.mediaId)
    const want = type === 'movie'
      ? (is4k ? [PERM.REQUEST_4K, PERM.REQUEST_4K_MOVIE] : [PERM.REQUEST, PERM.REQUEST_MOVIE])
      : (is4k ? [PERM.REQUEST_4K, PERM.REQUEST_4K_TV] : [PERM.REQUEST, PERM.REQUEST_TV])
    if (!hasPermission(user, want, 'or')) throw new Refusal(403, `You do not have permission to make ${is4k ? '4K ' : ''}${type === 'movie' ? 'movie' : 'series'} requests.`)
    const limit = type === 'movie' ? user.movieQuotaLimit : user.tvQuotaLimit
    const used = requests.filter(r => r.requestedBy === user.id && r.type === type).length
    if (limit !== undefined && !hasPermission(user, PERM.MANAGE_USERS) && used >= limit) throw new Refusal(403, type === 'movie' ? 'Movie Quota exceeded.' : 'Series Quota exceeded.')
    let m = media.find(x => x.tmdbId === tmdbId && x.mediaType === type)
    if (!m) {
      m = { id: nextId++, mediaType: type, tmdbId, ...(Number(body.tvdbId) > 0 ? { tvdbId: Number(body.tvdbId) } : {}), status: is4k ? MEDIA.UNKNOWN : MEDIA.PENDING, status4k: is4k ? MEDIA.PENDING : MEDIA.UNKNOWN }
      media.push(m)
    }
    const existing = requests.filter(r => r.mediaId === m.id && r.is4k === is4k)
    if (type === 'movie' && existing[0] && existing[0].status !== STATUS.DECLINED && existing[0].status !== STATUS.COMPLETED) throw new Refusal(409, 'Request for this media already exists.')
    let seasons: number[] = []
    if (type === 'tv') {
      const asked = Array.isArray(body.seasons) ? body.seasons.map(Number) : [1]
      const taken = new Set(existing.filter(r => r.status !== STATUS.DECLINED && r.status !== STATUS.COMPLETED).flatMap(r => r.seasons))
      seasons = asked.filter(s => !taken.has(s))
      if (seasons.length === 0) throw new Refusal(202, 'No seasons available to request')
    }
    const auto = type === 'movie'
      ? [is4k ? PERM.AUTO_APPROVE_4K : PERM.AUTO_APPROVE, is4k ? PERM.AUTO_APPROVE_4K_MOVIE : PERM.AUTO_APPROVE_MOVIE, PERM.MANAGE_REQUESTS]
      : [is4k ? PERM.AUTO_APPROVE_4K : PERM.AUTO_APPROVE, is4k ? PERM.AUTO_APPROVE_4K_TV : PERM.AUTO_APPROVE_TV, PERM.MANAGE_REQUESTS]
    const approved = hasPermission(user, auto, 'or')
    const r: SimRequest = { id: nextId++, status: approved ? STATUS.APPROVED : STATUS.PENDING, type, mediaId: m.id, is4k, seasons, requestedBy: user.id, ...(approved ? { modifiedBy: user.id } : {}), createdAt: now(), updatedAt: now() }
    requests.push(r)
    return r
  }

  function setStatus (r: SimRequest, status: number, by: SimUser) {
    r.status = status
    r.modifiedBy = by.id
    r.updatedAt = now()
  }

  /** MediaSubscriber (server/subscriber/MediaSubscriber.ts : 53-115): media available → its approved requests completed. */
  function markAvailable (m: SimMedia, is4k: boolean) {
    m[is4k ? 'status4k' : 'status'] = MEDIA.AVAILABLE
    for (const r of requests) if (r.mediaId === m.id && r.is4k === is4k && r.status === STATUS.APPROVED) { r.status = STATUS.COMPLETED; r.updatedAt = now() }
  }

  /** A request as the API sends it (relations media, seasons, requestedBy, modifiedBy loaded). */
  function view (r: SimRequest, showEmail: boolean) {
    const m = media.find(x => x.id === r.mediaId)!
    const person = (id: number | undefined) => {
      const u = users.find(x => x.id === id)
      return u ? userView(u, showEmail) : undefined
    }
    return {
      id: r.id,
      status: r.status,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      type: r.type,
      is4k: r.is4k,
      serverId: null,
      profileId: null,
      rootFolder: null,
      media: { ...m, requests: undefined },
      seasons: r.seasons.map((n, i) => ({ id: r.id * 100 + i, seasonNumber: n, status: r.status })),
      requestedBy: person(r.requestedBy),
      ...(r.modifiedBy ? { modifiedBy: person(r.modifiedBy) } : { modifiedBy: null })
    }
  }

  return { users, media, requests, request, setStatus, markAvailable, view }
}

/** User.filter (server/entity/User.ts : 42-51, 267-271): e-mail only for MANAGE_USERS; displayName as Seerr sets it. */
export function userView (u: SimUser, showEmail: boolean) {
  return { id: u.id, username: u.username, ...(showEmail ? { email: u.email } : {}), displayName: u.username || u.email, permissions: u.permissions, userType: 2, avatar: '', requestCount: 0 }
}

export type SeerrState = ReturnType<typeof createSeerrState>
