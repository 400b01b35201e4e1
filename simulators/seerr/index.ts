// A Seerr 3.x simulator (seerr-team/seerr @ v3.1.0) for tests and the demo: the v1 routes our client calls,
// X-Api-Key auth with X-API-User (server/middleware/auth.ts : 9-55), and one world with the simulated
// managers: an approved request is sent to Radarr or Sonarr (server/subscriber/MediaRequestSubscriber.ts :
// 183-460, through server/api/servarr/radarr.ts addMovie), and the media turns available once the manager has
// the file (Seerr's Radarr/Sonarr scan, server/lib/scanners/radarr/index.ts, read here on each request read).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { attachRouteList } from '../route-list.js'
import { listenLocal } from '../shared-http.js'
import { createSeerrState, hasPermission, MEDIA, PERM, Refusal, STATUS, userView, type SeerrState, type SimMedia, type SimRequest, type SimUser } from './state.js'

export interface ManagerLink { url: string, apiKey: string }

export interface SeerrSimulatorOptions {
  apiKey: string
  users: SimUser[]
  /** Seerr's Telegram agent switched on (settings.notifications.agents.telegram.enabled). */
  telegramEnabled?: boolean
  radarr?: ManagerLink
  sonarr?: ManagerLink
  port?: number
}

export interface SeerrSimulator {
  url: string
  state: SeerrState
  app: FastifyInstance
  close: () => Promise<void>
}

export const SEERR_VERSION = '3.1.0'

export async function createSeerrSimulator (opts: SeerrSimulatorOptions): Promise<SeerrSimulator> {
  const state = createSeerrState(opts.users)
  const app = Fastify({ logger: false })
  attachRouteList(app, 'Seerr')

  // checkUser + isAuthenticated: the key acts as user 1, or as X-API-User; no such user → 403 with `error`.
  const actor = (req: FastifyRequest): SimUser | undefined => {
    if (req.headers['x-api-key'] !== opts.apiKey) return undefined
    const id = req.headers['x-api-user'] ? Number(req.headers['x-api-user']) : 1
    return state.users.find(u => u.id === id)
  }
  const denied = (reply: FastifyReply) => reply.code(403).send({ status: 403, error: 'You do not have permission to access this endpoint' })
  const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message })

  app.get('/api/v1/status', async () => ({ version: SEERR_VERSION, commitTag: `v${SEERR_VERSION}`, updateAvailable: false, commitsBehind: 0, restartRequired: false }))

  app.get('/api/v1/user', async (req, reply) => {
    const me = actor(req)
    if (!me) return denied(reply)
    const q = req.query as Record<string, string>
    const take = q.take ? Number(q.take) : 10
    const skip = q.skip ? Number(q.skip) : 0
    const all = [...state.users].sort((a, b) => a.id - b.id)
    return { pageInfo: { pages: Math.ceil(all.length / take), pageSize: take, results: all.length, page: Math.ceil(skip / take) + 1 }, results: all.slice(skip, skip + take).map(u => userView(u, hasPermission(me, PERM.MANAGE_USERS))) }
  })

  app.get('/api/v1/user/:id/settings/notifications', async (req, reply) => {
    const me = actor(req)
    if (!me) return denied(reply)
    const id = Number((req.params as { id: string }).id)
    // isOwnProfileOrAdmin (server/utils/profileMiddleware.ts : 15-30).
    if (me.id !== id && !hasPermission(me, PERM.MANAGE_USERS)) return fail(reply, 403, "You do not have permission to view this user's settings.")
    const u = state.users.find(x => x.id === id)
    if (!u) return fail(reply, 404, 'User not found.')
    return {
      emailEnabled: false,
      discordEnabled: false,
      discordEnabledTypes: 0,
      telegramEnabled: opts.telegramEnabled === true,
      telegramBotUsername: 'household_seerr_bot',
      telegramChatId: u.telegramChatId,
      telegramSendSilently: false,
      webPushEnabled: false,
      // The user's own settings, {} until they set any (usersettings.ts : 557).
      notificationTypes: u.telegramTypes === undefined ? {} : { telegram: u.telegramTypes }
    }
  })

  app.get('/api/v1/request', async (req, reply) => {
    const me = actor(req)
    if (!me) return denied(reply)
    await syncAvailability()
    const q = req.query as Record<string, string>
    const take = q.take ? Number(q.take) : 10
    const skip = q.skip ? Number(q.skip) : 0
    const statuses: Record<string, number[]> = { approved: [STATUS.APPROVED], processing: [STATUS.APPROVED], pending: [STATUS.PENDING], unavailable: [STATUS.PENDING, STATUS.APPROVED], failed: [STATUS.FAILED], completed: [STATUS.COMPLETED], available: [STATUS.COMPLETED], deleted: [STATUS.COMPLETED] }
    const wanted = statuses[q.filter ?? ''] ?? [1, 2, 3, 4, 5]
    // The media's status (status4k for a 4K request) filters too (request.ts : 78-104, 131-138): "available" is a
    // completed request whose media is available, "processing" an approved one whose media is not yet.
    const notYet = [MEDIA.UNKNOWN, MEDIA.PENDING, MEDIA.PROCESSING, MEDIA.PARTIALLY_AVAILABLE]
    const mediaStatuses: Record<string, number[]> = { available: [MEDIA.AVAILABLE], processing: notYet, unavailable: notYet, deleted: [MEDIA.DELETED] }
    const wantedMedia = mediaStatuses[q.filter ?? '']
    const mediaOk = (r: SimRequest) => {
      const m = state.media.find(x => x.id === r.mediaId)
      return wantedMedia === undefined || (m !== undefined && wantedMedia.includes(r.is4k ? m.status4k : m.status))
    }
    const canSeeAll = hasPermission(me, [PERM.MANAGE_REQUESTS, PERM.REQUEST_VIEW], 'or')
    const rows = state.requests.filter(r => wanted.includes(r.status) && mediaOk(r) && (canSeeAll || r.requestedBy === me.id)).sort((a, b) => b.id - a.id)
    return {
      pageInfo: { pages: Math.ceil(rows.length / take), pageSize: take, results: rows.length, page: Math.ceil(skip / take) + 1 },
      results: rows.slice(skip, skip + take).map(r => state.view(r, hasPermission(me, PERM.MANAGE_USERS))),
      serviceErrors: { radarr: [], sonarr: [] }
    }
  })

  app.get('/api/v1/request/:id', async (req, reply) => {
    const me = actor(req)
    if (!me) return denied(reply)
    await syncAvailability()
    const r = state.requests.find(x => x.id === Number((req.params as { id: string }).id))
    if (!r) return fail(reply, 404, 'Request not found.')
    if (r.requestedBy !== me.id && !hasPermission(me, [PERM.MANAGE_REQUESTS, PERM.REQUEST_VIEW], 'or')) return fail(reply, 403, 'You do not have permission to view this request.')
    return state.view(r, hasPermission(me, PERM.MANAGE_USERS))
  })

  app.post('/api/v1/request', async (req, reply) => {
    const me = actor(req)
    if (!me) return denied(reply)
    try {
      const r = state.request(me, (req.body ?? {}) as Record<string, unknown>)
      if (r.status === STATUS.APPROVED) await send(r)
      return reply.code(201).send(state.view(r, hasPermission(me, PERM.MANAGE_USERS)))
    } catch (err) {
      if (err instanceof Refusal) return fail(reply, err.status, err.message)
      throw err
    }
  })

  app.post('/api/v1/request/:id/:status', async (req, reply) => {
    const me = actor(req)
    if (!me || !hasPermission(me, PERM.MANAGE_REQUESTS)) return denied(reply)
    const { id, status } = req.params as { id: string, status: string }
    const r = state.requests.find(x => x.id === Number(id))
    const next = ({ pending: STATUS.PENDING, approve: STATUS.APPROVED, decline: STATUS.DECLINED } as Record<string, number>)[status]
    if (!r || next === undefined) return fail(reply, 404, 'Request not found.')
    state.setStatus(r, next, me)
    if (next === STATUS.APPROVED) await send(r)
    return state.view(r, hasPermission(me, PERM.MANAGE_USERS))
  })

  /** sendToRadarr / sendToSonarr: look the title up in the manager, add it monitored with a search, remember its id. */
  async function send (r: SimRequest) {
    const m = state.media.find(x => x.id === r.mediaId)!
    const link = r.type === 'movie' ? opts.radarr : opts.sonarr
    if (!link) return
    const arr = async (path: string, init?: { method: string, body: unknown }) => {
      const res = await fetch(`${link.url}/api/v3${path}`, { method: init?.method ?? 'GET', headers: { 'x-api-key': link.apiKey, 'content-type': 'application/json' }, ...(init ? { body: JSON.stringify(init.body) } : {}) })
      if (!res.ok) throw new Error(`manager answered ${res.status} on ${path}`)
      return await res.json() as any
    }
    try {
      const [found] = await arr(r.type === 'movie' ? `/movie/lookup?term=tmdb:${m.tmdbId}` : `/series/lookup?term=tvdb:${m.tvdbId ?? 0}`)
      if (!found) throw new Error('not in the catalogue')
      let id = Number(found.id ?? 0)
      if (id === 0) {
        const [profile] = await arr('/qualityprofile')
        const [root] = await arr('/rootfolder')
        const base = { ...found, qualityProfileId: profile.id, rootFolderPath: root.path, monitored: true, tags: [] }
        const added = r.type === 'movie'
          ? await arr('/movie', { method: 'POST', body: { ...base, minimumAvailability: 'released', addOptions: { searchForMovie: true } } })
          : await arr('/series', { method: 'POST', body: { ...base, languageProfileId: 1, seasonFolder: true, seasons: (found.seasons ?? []).map((s: { seasonNumber: number }) => ({ seasonNumber: s.seasonNumber, monitored: r.seasons.includes(s.seasonNumber) })), addOptions: { monitor: 'none', searchForMissingEpisodes: true } } })
        id = Number(added.id)
      }
      m[r.is4k ? 'externalServiceId4k' : 'externalServiceId'] = id
      if (m[r.is4k ? 'status4k' : 'status'] < 3) m[r.is4k ? 'status4k' : 'status'] = 3
    } catch {
      // A failed send marks the request FAILED (MediaRequestSubscriber.ts : 400-455).
      r.status = STATUS.FAILED
    }
  }

  async function syncAvailability () {
    for (const m of state.media) {
      for (const is4k of [false, true]) {
        const id = is4k ? m.externalServiceId4k : m.externalServiceId
        if (id && (is4k ? m.status4k : m.status) !== 5 && await hasFiles(m, id)) state.markAvailable(m, is4k)
      }
    }
  }

  async function hasFiles (m: SimMedia, id: number): Promise<boolean> {
    const link = m.mediaType === 'movie' ? opts.radarr : opts.sonarr
    if (!link) return false
    const res = await fetch(`${link.url}/api/v3/${m.mediaType === 'movie' ? 'movie' : 'series'}/${id}`, { headers: { 'x-api-key': link.apiKey } }).catch(() => undefined)
    if (!res?.ok) return false
    const body = await res.json() as { hasFile?: boolean, statistics?: { episodeFileCount?: number, episodeCount?: number } }
    return m.mediaType === 'movie' ? body.hasFile === true : (body.statistics?.episodeCount ?? 0) > 0 && body.statistics?.episodeFileCount === body.statistics?.episodeCount
  }

  const url = await listenLocal(app, opts.port)
  return { url, state, app, close: async () => { await app.close() } }
}
