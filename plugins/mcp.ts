// MCP over Streamable HTTP at /mcp, both protocol eras on one route (plugins/mcp/README.md: the dispatch table,
// the glossary and every place the MCP SDK is relied on).
// - 2025-11-25 and earlier: sessions (initialize → Mcp-Session-Id), one McpServer + transport per session,
//   bound to the credential that opened it, capped, hibernated and expired when idle; GET stream and DELETE.
// - 2026-07-28: stateless per-request serving (server/discover, envelope in _meta) via createMcpHandler.
// The fast paths (MCP_FAST_PATHS, default on) answer common requests without SDK steps they do not need, with
// the SDK's own bytes (test/plugins/mcp/bridge/fast-paths-off.test.ts compares both settings).
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createMcpHandler, isInitializeRequest, type AuthInfo, type McpServer } from '@modelcontextprotocol/server'
import { toNodeHandler } from '@modelcontextprotocol/node'
import type { Principal } from '../core/principal.js'
import { applyCorsHeaders } from './origin-guard.js'
import { createSessionStore, type Session, type SessionLimits } from './mcp/http/session-store.js'
import { holderOf, refusalOf } from './mcp/http/session-holder.js'
import { INVALID_REQUEST, SERVER_ERROR, SESSION_NOT_FOUND, endAfterFailure, sendJsonRpcError } from './mcp/http/json-rpc.js'
import { packageVersion } from '../core/package-version.js'
import { mcpClientExtensions, mcpFeatures } from './mcp/features/installed.js'
import type { McpFeature } from './mcp/features/feature-types.js'
import { createClientExtensions } from './mcp/bridge/client-extensions.js'
import { createListenBus, listenScope } from './mcp/features/listen-bus.js'
import { withTaskListen } from './mcp/tasks/listen-tasks.js'
import { isLegacyPost } from './mcp/http/era.js'
import { buildSessionParts, noteLogLevel, replaySession, type SessionParts, type SessionValue } from './mcp/bridge/session-server.js'
import { serveWeb } from './mcp/http/web-exchange.js'
import { createModernCallServer } from './mcp/bridge/modern-call-serve.js'
import { createProtocolServers } from './mcp/bridge/protocol-server.js'
import { createFastPathCounts, type FastPathCounts } from './mcp/bridge/fast-paths.js'
import { admitModernList, createPreparedLists, type ModernList } from './mcp/bridge/prepared-list.js'
import { authInfoFor, coalesceWrites, routeError } from './mcp/http/http-glue.js'

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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The 2025-era session table: size, limits, sweeping (for /health, tests and the bench). */
    mcpSessions: McpSessionsControl
    /** Whether the fast paths are on, and how many requests each answered (tests and the bench check they were taken). */
    mcpFastPaths: FastPathCounts
  }
}

const SERVER_NAME = 'mediastack-mcp'

type RawWithAuth = IncomingMessage & { auth?: AuthInfo }

export default fp<McpPluginOptions>(async function mcpPlugin (app: FastifyInstance, opts) {
  const version = packageVersion()
  const log = app.log.child({ plugin: 'mcp' })
  const fast = createFastPathCounts(opts.fastPaths ?? app.config.MCP_FAST_PATHS !== 'off')
  const extensions = createClientExtensions(app, mcpClientExtensions)
  const events = createListenBus(err => log.warn({ err: err.message }, 'MCP change notification not delivered'))
  const servers = createProtocolServers(app, { info: { name: SERVER_NAME, version }, allFeatures: [...mcpFeatures, ...(opts.extraFeatures ?? [])], events, extensions })
  const buildServer = servers.build
  const lists = createPreparedLists()

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

  const modern = withTaskListen(createMcpHandler(({ authInfo }) => buildServer(authInfo?.extra?.principal as Principal), {
    legacy: 'reject',
    bus: events,
    onerror: err => log.debug({ err: err.message }, 'MCP request rejected')
  }), { app, events, serverFor: buildServer, serverInfo: { name: SERVER_NAME, version } })
  const onModernError = (err: Error) => log.error({ err }, 'MCP request failed')
  // MCP_FAST_PATHS=off: the SDK's own Node adapter, which re-reads the body Fastify already parsed.
  const viaSdkAdapter = toNodeHandler(modern, { onerror: onModernError })
  const modernCalls = createModernCallServer(app, extensions, { name: SERVER_NAME, version }, log)

  async function handle (request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal!
    const raw = request.raw as RawWithAuth
    raw.auth = authInfoFor(principal)
    reply.hijack()
    coalesceWrites(reply.raw)
    // Hijacked replies skip Fastify's onSend hooks, so @fastify/cors cannot add its headers itself.
    applyCorsHeaders(request, reply.raw)
    try {
      const sid = request.headers['mcp-session-id']
      if (typeof sid === 'string') return await serveSession(sid, principal, request, reply.raw)
      if (request.method === 'POST') {
        // A request that carries a session id is 2025 traffic by definition (2026-07-28 has no sessions);
        // only sessionless POSTs need the SDK's era classification.
        if (!await isLegacyPost(request, fast.on)) {
          const list = fast.on && servers.noRawTools ? admitModernList(request.headers, request.body) : undefined
          if (list) return await listenScope.run(principal.id, () => serveModernList(list, raw, reply.raw))
          const call = fast.on && servers.onlyTasksWrap ? modernCalls.admit(request.headers, request.body) : undefined
          if (call) {
            fast.served.modernCall++
            // Outside listenScope: the scope is read only when a listen stream subscribes, which a registry
            // tool call never does, and entering it costs every call.
            return await modernCalls.serve(call, principal, reply.raw)
          }
          if (!fast.on) return await listenScope.run(principal.id, () => viaSdkAdapter(raw, reply.raw, request.body))
          return await listenScope.run(principal.id, () => serveWeb(modern, raw, reply.raw, request.body, onModernError))
        }
        if (isInitializeRequest(request.body)) return await openSession(principal, request, reply.raw)
      }
      sendJsonRpcError(reply.raw, 400, SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required (send initialize first to open a session)')
    } catch (err) {
      log.error({ err }, 'MCP request failed')
      endAfterFailure(reply.raw)
    }
  }

  /** A 2026-07-28 tools/list: the prepared body, or the SDK's answer, which becomes the prepared body. */
  async function serveModernList (list: ModernList, raw: RawWithAuth, res: ServerResponse) {
    const key = `2026-07-28|${extensions.keyFor(list.capabilities)}`
    const prepared = lists.reply(key, list.id, false)
    if (prepared === undefined) return await serveWeb(modern, raw, res, list.body, onModernError, json => lists.keep(key, list.id, json))
    fast.served.modernList++
    // As the SDK's answer is written (sendModernAnswer): status, its one header, the body chunked.
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write(prepared.head)
    res.end(prepared.tail)
  }

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

  const routeOptions = {
    preHandler: app.authenticate,
    handler: handle,
    // Bodies Fastify cannot parse get a JSON-RPC parse error instead of Fastify's own error shape.
    errorHandler: (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = err.statusCode ?? 500
      if (status >= 500) log.error({ err }, 'MCP route failed')
      return reply.code(status).send({ jsonrpc: '2.0', error: routeError(status, err.message), id: null })
    }
  }
  app.post('/mcp', routeOptions)
  app.get('/mcp', routeOptions)
  app.delete('/mcp', routeOptions)

  app.decorate('mcpSessions', {
    get size () { return sessions.size },
    get awake () { return sessions.awakeCount },
    get limits () { return sessions.limits },
    sweep: (now?: number) => sessions.sweep(now),
    configure: (limits: Partial<SessionLimits>) => sessions.configure(limits)
  } satisfies McpSessionsControl)
  app.decorate('mcpFastPaths', fast)

  // Before the HTTP server closes: end every SSE stream and transport so close() does not wait on them.
  app.addHook('preClose', async () => {
    clearInterval(sweeper)
    sessions.closeAll()
    await modern.close().catch(err => log.warn({ err }, 'closing the stateless MCP handler failed'))
  })
}, { name: 'mcp', dependencies: ['auth', 'tool-registry'] })
