// The 2025-11-25 (and earlier) sessions of the /mcp route: the session table with its caps and hibernation, opening
// a session on initialize, and serving a request that names one (woken first when it hibernates, answered by the
// direct fast path when it can). Moved out of plugins/mcp.ts as is; plugins/mcp/README.md, "Hibernation".
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthInfo, McpServer } from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'
import { createSessionStore, type Session, type SessionLimits } from './session-store.js'
import { holderOf, refusalOf } from './session-holder.js'
import { INVALID_REQUEST, SERVER_ERROR, SESSION_NOT_FOUND, sendJsonRpcError } from './json-rpc.js'
import type { McpFeature } from '../features/feature-types.js'
import { buildSessionParts, noteLogLevel, replaySession, type SessionParts, type SessionValue } from '../bridge/session-server.js'
import type { createProtocolServers } from '../bridge/protocol-server.js'
import type { createClientExtensions } from '../bridge/client-extensions.js'
import type { FastPathCounts } from '../bridge/fast-paths.js'
import type { createPreparedLists } from '../bridge/prepared-list.js'

export interface McpPluginOptions {
  /** Idle time after which a 2025-era session is closed (default 30 min). */
  sessionIdleMs?: number
  /** Idle time after which a 2025-era session hibernates: its protocol server is dropped until its next request (default 2 min). */
  sessionHibernateMs?: number
  /** Awake 2025-era sessions at most; beyond, the least recently used idle ones hibernate (default 100). */
  maxAwakeSessions?: number
  /** Open 2025-era sessions at most (default 1000). */
  maxSessions?: number
  /** Open 2025-era sessions per credential at most (default 20). */
  maxSessionsPerPrincipal?: number
  /** Open 2025-era sessions of all the grants of one OAuth client registration at most (default 40). */
  maxSessionsPerClient?: number
  /** Open 2025-era sessions of all the OAuth clients registered from one address at most (default 100). */
  maxSessionsPerSource?: number
  /** Features installed after the server's own (the conformance suite's fixture resources and prompts). */
  extraFeatures?: McpFeature[]
  /** Whether the fast paths answer what they can (default: MCP_FAST_PATHS, on); false serves everything through the SDK. */
  fastPaths?: boolean
}

export interface McpSessionsControl {
  readonly size: number
  /** Sessions holding their protocol server now (the others hibernate). */
  readonly awake: number
  readonly limits: Readonly<SessionLimits>
  /** Closes sessions idle at `now` (default: the current time), hibernates the idle awake ones. Runs on a timer too. */
  sweep: (now?: number) => number
  configure: (limits: Partial<SessionLimits>) => void
  /** Open sessions of one credential (principal id): the dashboard's sign-ins list. */
  openFor: (principalId: string) => number
  /** Closes every session of one credential (its sign-in was ended); returns how many. */
  closeFor: (principalId: string) => number
}

type RawWithAuth = IncomingMessage & { auth?: AuthInfo }

export interface SessionServingDeps {
  opts: McpPluginOptions
  log: FastifyBaseLogger
  fast: FastPathCounts
  servers: ReturnType<typeof createProtocolServers>
  extensions: ReturnType<typeof createClientExtensions>
  lists: ReturnType<typeof createPreparedLists>
}

export function createSessionServing (app: FastifyInstance, { opts, log, fast, servers, extensions, lists }: SessionServingDeps) {
  const buildServer = servers.build
  const perPrincipal = opts.maxSessionsPerPrincipal ?? 20
  const sessions = createSessionStore<SessionValue>({
    limits: {
      idleMs: opts.sessionIdleMs ?? 30 * 60_000,
      hibernateMs: opts.sessionHibernateMs ?? 2 * 60_000,
      awake: opts.maxAwakeSessions ?? 100,
      max: opts.maxSessions ?? 1000,
      perPrincipal,
      perClient: opts.maxSessionsPerClient ?? 40,
      perSource: opts.maxSessionsPerSource ?? 100,
      // The internal key (the chat bot) always finds room for its own cap of sessions.
      kept: app.config.INTERNAL_API_KEY === '' ? 0 : perPrincipal
    },
    onRemove: (session, why) => {
      log.debug({ session: session.id, why }, 'MCP session closed')
      session.value.parts?.server.close().catch(err => log.warn({ err }, 'closing an MCP session failed'))
    },
    onHibernate: session => {
      const parts = session.value.parts
      if (!parts) return
      session.value.parts = undefined
      parts.hibernating = true
      parts.server.close().catch(err => log.warn({ err }, 'hibernating an MCP session failed'))
    }
  })
  const sweeper = setInterval(() => sessions.sweep(), Math.min(60_000, Math.max(1000, Math.min(sessions.limits.idleMs, sessions.limits.hibernateMs ?? Infinity) / 2)))
  sweeper.unref()

  async function openSession (principal: Principal, request: FastifyRequest, res: ServerResponse) {
    const holder = holderOf(principal)
    const slot = sessions.reserve(holder)
    if (!slot.ok) {
      const refusal = refusalOf(slot.reason, sessions.limits)
      log.warn({ reason: slot.reason }, 'MCP session refused: a session cap was reached')
      return sendJsonRpcError(res, refusal.status, SERVER_ERROR, refusal.message, { 'retry-after': refusal.retryAfter })
    }
    const value: SessionValue = { initialize: request.body }
    let opened = false
    // Busy until the initialize is answered: a session is never hibernated under its own reply. (The hook
    // below lives as long as the transport: it must not hold the response.)
    let leave: (() => void) | undefined
    const parts = buildParts(principal, value, () => randomUUID(), id => {
      opened = true
      leave = sessions.enter(sessions.add(id, holder, value))
    })
    value.parts = parts
    try {
      await parts.server.connect(parts.transport)
      await parts.transport.handleRequest(request.raw as RawWithAuth, res, request.body)
    } finally {
      leave?.()
      leave = undefined
      if (!opened) {
        sessions.release(holder)
        await parts.server.close().catch(() => {})
      }
    }
  }

  function buildParts (principal: Principal, value: SessionValue, sessionId: () => string, opened?: (id: string) => void): SessionParts {
    // A session's tools/list depends on what it negotiated: the revision and the extensions it declared.
    const listsOf = fast.on
      ? (server: McpServer) => ({ store: lists, key: () => servers.noRawTools ? `${server.server.getNegotiatedProtocolVersion()}|${extensions.keyFor(server.server.getClientCapabilities())}` : undefined })
      : undefined
    return buildSessionParts(buildServer(principal, value), {
      sessionId,
      ...(opened && { opened }),
      closed: id => { sessions.remove(id, 'closed') },
      gone: id => { sessions.forget(id) }
    }, listsOf, fast.on ? servers.directCalls : undefined)
  }

  /** A hibernated session's server and transport, built again and brought back to its state (concurrent requests share one wake). */
  async function wake (session: Session<SessionValue>, principal: Principal, authInfo: AuthInfo | undefined): Promise<SessionParts> {
    const value = session.value
    value.waking ??= (async () => {
      const parts = buildParts(principal, value, () => session.id)
      try {
        await parts.server.connect(parts.transport)
        await replaySession(parts, value, session.id, authInfo)
      } catch (err) {
        parts.hibernating = true
        await parts.server.close().catch(() => {})
        throw err
      }
      value.parts = parts
      sessions.woke(session)
      return parts
    })().finally(() => { value.waking = undefined })
    return await value.waking
  }

  async function serveSession (sid: string, principal: Principal, request: FastifyRequest, res: ServerResponse) {
    const found = sessions.lookup(sid, principal.id)
    if (!found.ok) {
      if (found.reason === 'foreign') {
        log.warn({ principal: principal.id }, 'MCP session used with another credential')
        return sendJsonRpcError(res, 403, SERVER_ERROR, 'Forbidden: this session was opened with another credential. Send initialize to open your own session.')
      }
      return sendJsonRpcError(res, 404, SESSION_NOT_FOUND, 'Session not found: it expired or was closed. Send initialize to open a new session.')
    }
    const session = found.session
    const leave = sessions.enter(session)
    res.once('close', leave)
    const raw = request.raw as RawWithAuth
    let parts = session.value.parts
    if (!parts) {
      try {
        parts = await wake(session, principal, raw.auth)
      } catch (err) {
        // The client can carry on in a new session; this one cannot be brought back.
        log.error({ err }, 'waking a hibernated MCP session failed')
        sessions.remove(session.id, 'closed')
        return sendJsonRpcError(res, 404, SESSION_NOT_FOUND, 'Session not found: it could not be resumed after being idle. Send initialize to open a new session.')
      }
    }
    if (request.method === 'POST') {
      noteLogLevel(session.value, request.body)
      const reused = parts.ids.claim(request.body, res)
      if (reused !== undefined) {
        return sendJsonRpcError(res, 400, INVALID_REQUEST, `Invalid Request: id ${JSON.stringify(reused)} is the id of a request still running in this session, and request ids must not be reused within a session. Send this request with a new id.`)
      }
      const served = parts.direct?.serve(request.headers, request.body, raw.auth, res)
      if (served === 'prepared') {
        parts.ids.release(request.body)
        fast.served.directList++
      }
      if (served === 'call') fast.served.directCall++
      if (served === 'answer') fast.served.directAnswer++
      if (served) return
    }
    await parts.transport.handleRequest(raw, res, request.body)
  }

  return { sessions, sweeper, openSession, serveSession }
}
