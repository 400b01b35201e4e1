// The Plex simulator's server, session, account and history routes (LukeHagar/plex-api-spec @ ae9507e
// plex-api-spec.yaml, lines per route; pkkid/python-plexapi @ 4.16.1 where the spec is silent).
import type { FastifyInstance } from 'fastify'
import { pageOf, send } from './render.js'
import type { PlexWorld } from './world.js'

export const PLEX_VERSION = '1.41.6.9685-d301f511a'
type Query = Record<string, string | undefined>

/** What the server allows that a server owner can turn off (or lacks without Plex Pass). */
export interface PlexFeatures {
  /** Stopping another person's stream (POST /status/sessions/terminate); a Plex Pass feature. */
  stopPlayback: boolean
}

/**
 * The Plex app a household session plays on: the shared world's sessions name Jellyfin's apps, which a Plex server
 * never lists. Player.product and platform as Plex's own apps report them (python-plexapi 4.16.1
 * plexapi/client.py PlexClient: product "Plex Web", "Plex for Android (TV)"; platform the OS or browser).
 */
export function plexPlayer (client: string): { product: string, platform: string } {
  if (/android tv/i.test(client)) return { product: 'Plex for Android (TV)', platform: 'Android' }
  if (/android/i.test(client)) return { product: 'Plex for Android (Mobile)', platform: 'Android' }
  if (/web/i.test(client)) return { product: 'Plex Web', platform: 'Firefox' }
  return { product: 'Plex HTPC', platform: 'Linux' }
}

export function registerPlexStatusRoutes (app: FastifyInstance, world: PlexWorld, machineIdentifier: string, features: PlexFeatures) {
  const { state } = world
  const owner = () => world.accounts()[0]?.name

  // GET /identity (spec : 1214-1240): answered without a token; version and machineIdentifier.
  app.get('/identity', async (req, reply) => send(req, reply, { size: 0, claimed: true, machineIdentifier, version: PLEX_VERSION }))
  // GET / (spec : 201; plexapi/server.py : 116-162): the server's attributes.
  app.get('/', async (req, reply) => send(req, reply, { size: 0, friendlyName: 'mediastack-sim', machineIdentifier, version: PLEX_VERSION, platform: 'Linux', myPlexUsername: owner(), transcoderActiveVideoSessions: state.sessions.filter(s => s.nowPlayingId && s.playMethod === 'Transcode').length }))

  // GET /accounts (plexapi/server.py : 279-284 systemAccounts; not in the spec): the system account 0, then people.
  app.get('/accounts', async (req, reply) => {
    const people = world.accounts().map(a => ({ id: a.id, key: `/accounts/${a.id}`, name: a.name }))
    return send(req, reply, { size: people.length + 1, identifier: 'com.plexapp.system.accounts', Account: [{ id: 0, key: '/accounts/0', name: '' }, ...people] })
  })

  // GET /status/sessions (spec : 3603; plexapi/base.py : 947-960): one Metadata per playing session with User,
  // Player (state playing|paused), Session, and TranscodeSession only while transcoding.
  app.get('/status/sessions', async (req, reply) => {
    const playing = state.sessions.flatMap(s => {
      const item = s.nowPlayingId ? state.items.get(s.nowPlayingId) : undefined
      if (!item) return []
      const account = world.accounts().find(a => a.userId === s.userId)
      return [{
        ...world.metadata(item),
        sessionKey: String(world.keyOf(s.id)),
        viewOffset: s.positionTicks !== undefined ? Math.round(s.positionTicks / 10_000) : 0,
        User: { id: String(account?.id ?? 0), title: s.userName },
        Player: { title: s.deviceName, ...plexPlayer(s.client), machineIdentifier: s.deviceId, state: s.isPaused ? 'paused' : 'playing' },
        Session: { id: s.id, location: 'lan' },
        ...(s.playMethod === 'Transcode' ? { TranscodeSession: { key: `/transcode/sessions/${s.id}`, videoDecision: 'transcode', audioDecision: 'transcode' } } : {})
      }]
    })
    return send(req, reply, { size: playing.length, Metadata: playing })
  })

  // POST /status/sessions/terminate?sessionId&reason (spec : 3815-3865): the session stops playing; 401 "Server does
  // not have the feature enabled" on a server without it, 403 for an empty sessionId, 404 for an unknown session.
  app.post('/status/sessions/terminate', async (req, reply) => {
    if (!features.stopPlayback) return reply.code(401).type('text/html').send('<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>')
    const sessionId = (req.query as Query).sessionId
    if (!sessionId) return reply.code(403).type('text/html').send('<html><head><title>Forbidden</title></head><body><h1>403 Forbidden</h1></body></html>')
    const session = state.sessions.find(s => s.id === sessionId)
    if (!session?.nowPlayingId) return reply.code(404).send()
    delete session.nowPlayingId
    return reply.code(200).send()
  })

  // GET /status/sessions/history/all (spec : 3706-3750; plexapi/server.py : 654-679): sort=viewedAt:desc,
  // accountID, metadataItemID, librarySectionID and viewedAt>=<epoch> filters, paged.
  app.get('/status/sessions/history/all', async (req, reply) => {
    const q = req.query as Query
    const since = Number(q['viewedAt>'] ?? q['viewedAt>='])
    const rows = world.history
      .filter(h => state.items.has(h.itemId))
      .filter(h => !q.accountID || String(h.accountId) === q.accountID)
      .filter(h => !q.metadataItemID || String(world.keyOf(h.itemId)) === q.metadataItemID)
      .filter(h => !Number.isFinite(since) || h.viewedAt >= since)
      .sort((a, b) => (q.sort === 'viewedAt:asc' ? a.viewedAt - b.viewedAt : b.viewedAt - a.viewedAt))
    const page = pageOf(req, reply, rows)
    return send(req, reply, {
      ...page.attrs,
      Metadata: page.items.map(h => {
        const item = state.items.get(h.itemId)!
        const m = world.metadata(item)
        return {
          historyKey: `/status/sessions/history/${h.historyKey}`,
          ratingKey: m.ratingKey,
          key: m.key,
          type: m.type,
          title: m.title,
          grandparentTitle: m.grandparentTitle,
          grandparentRatingKey: m.grandparentRatingKey,
          parentRatingKey: m.parentRatingKey,
          index: m.index,
          parentIndex: m.parentIndex,
          librarySectionID: m.librarySectionID,
          viewedAt: h.viewedAt,
          accountID: h.accountId,
          deviceID: 1
        }
      })
    })
  })
}
