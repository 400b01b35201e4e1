// MCP over Streamable HTTP at /mcp, both protocol eras on one route (plugins/mcp/README.md: the dispatch table,
// the glossary and every place the MCP SDK is relied on).
// - 2025-11-25 and earlier: sessions (initialize → Mcp-Session-Id), one McpServer + transport per session,
//   bound to the credential that opened it, capped, hibernated and expired when idle; GET stream and DELETE.
// - 2026-07-28: stateless per-request serving (server/discover, envelope in _meta) via createMcpHandler.
// The fast paths (MCP_FAST_PATHS, default on) answer common requests without SDK steps they do not need, with
// the SDK's own bytes (test/plugins/mcp/bridge/fast-paths-off.test.ts compares both settings).
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createMcpHandler, isInitializeRequest, type AuthInfo } from '@modelcontextprotocol/server'
import { toNodeHandler } from '@modelcontextprotocol/node'
import type { Principal } from '../core/principal.js'
import { applyCorsHeaders } from './origin-guard.js'
import type { SessionLimits } from './mcp/http/session-store.js'
import { SERVER_ERROR, endAfterFailure, sendJsonRpcError } from './mcp/http/json-rpc.js'
import { packageVersion } from '../core/package-version.js'
import { mcpClientExtensions, mcpFeatures } from './mcp/features/installed.js'
import { createClientExtensions } from './mcp/bridge/client-extensions.js'
import { createListenBus, listenScope } from './mcp/features/listen-bus.js'
import { withTaskListen } from './mcp/tasks/listen-tasks.js'
import { isLegacyPost } from './mcp/http/era.js'
import { serveWeb } from './mcp/http/web-exchange.js'
import { createModernCallServer } from './mcp/bridge/modern-call-serve.js'
import { createProtocolServers } from './mcp/bridge/protocol-server.js'
import { createFastPathCounts, type FastPathCounts } from './mcp/bridge/fast-paths.js'
import { admitModernList, createPreparedLists, type ModernList } from './mcp/bridge/prepared-list.js'
import { authInfoFor, coalesceWrites, routeError } from './mcp/http/http-glue.js'

import { createSessionServing, type McpPluginOptions, type McpSessionsControl } from './mcp/http/session-serving.js'

export type { McpPluginOptions, McpSessionsControl }

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

  const { sessions, sweeper, openSession, serveSession } = createSessionServing(app, { opts, log, fast, servers, extensions, lists })

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
    configure: (limits: Partial<SessionLimits>) => sessions.configure(limits),
    openFor: (principalId: string) => sessions.ownedBy(principalId).length,
    closeFor: (principalId: string) => {
      const open = sessions.ownedBy(principalId)
      for (const session of open) sessions.remove(session.id, 'closed')
      return open.length
    }
  } satisfies McpSessionsControl)
  app.decorate('mcpFastPaths', fast)

  // Before the HTTP server closes: end every SSE stream and transport so close() does not wait on them.
  app.addHook('preClose', async () => {
    clearInterval(sweeper)
    sessions.closeAll()
    await modern.close().catch(err => log.warn({ err }, 'closing the stateless MCP handler failed'))
  })
}, { name: 'mcp', dependencies: ['auth', 'tool-registry'] })
