// MCP over Streamable HTTP at /mcp, both protocol eras on one route. The server's SDK imports are here and under
// plugins/mcp/ (the web chat's client, lib/chat/mcp-runner.ts, is the only other SDK user).
// - 2025-11-25 and earlier: sessions (initialize → Mcp-Session-Id), one McpServer + transport per session,
//   bound to the credential that opened it, capped and expired when idle; GET stream and DELETE.
// - 2026-07-28: stateless per-request serving (server/discover, envelope in _meta) via createMcpHandler.
// Tools come only from app.tools: the precomputed list, and calls dispatched to the registry, which does
// its own argument validation (the SDK never validates tool arguments here).
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  McpServer, ProtocolError, ProtocolErrorCode, createMcpHandler, isInitializeRequest,
  type AuthInfo, type Tool
} from '@modelcontextprotocol/server'
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'
import { actingFor, type Principal } from '../core/principal.js'
import { UnknownToolError } from '../lib/tools/registry.js'
import { applyCorsHeaders } from './origin-guard.js'
import { createSessionStore, type SessionLimits } from './mcp/http/session-store.js'
import { holderOf, refusalOf } from './mcp/http/session-holder.js'
import { INVALID_REQUEST, SERVER_ERROR, SESSION_NOT_FOUND, endAfterFailure, sendJsonRpcError } from './mcp/http/json-rpc.js'
import { createRequestIds, type RequestIds } from './mcp/http/request-ids.js'
import { buildToolContext } from './mcp/bridge/tool-context.js'
import { createPersonConfirm } from './mcp/apps/person-confirm.js'
import { principalOf } from './mcp/bridge/request-principal.js'
import { packageVersion } from '../core/package-version.js'
import { mcpClientExtensions, mcpFeatures, type McpFeature, type McpServerFeature, type McpSharedFeature, type RawTool, type ToolCallHandler } from './mcp/features/installed.js'
import { buildSharedCatalogue, type SharedCatalogue } from './mcp/bridge/shared-catalogue.js'
import { createClientExtensions } from './mcp/bridge/client-extensions.js'
import { createListenBus, listenScope } from './mcp/features/listen-bus.js'
import { withTaskListen } from './mcp/tasks/listen-tasks.js'
import { isLegacyPost } from './mcp/http/era.js'
import { createDirectExchange, type DirectExchange } from './mcp/bridge/direct-exchange.js'
import { serveWeb } from './mcp/http/web-exchange.js'
import { createModernCallServer } from './mcp/bridge/modern-call-serve.js'
import { authInfoFor, coalesceWrites, routeError } from './mcp/http/http-glue.js'
import { forRevision } from './mcp/bridge/result-revision.js'

export interface McpPluginOptions {
  /** Idle time after which a 2025-era session is closed (default 30 min). */
  sessionIdleMs?: number
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
}

export interface McpSessionsControl {
  readonly size: number
  readonly limits: Readonly<SessionLimits>
  /** Closes sessions idle at `now` (default: the current time). Runs on a timer too. */
  sweep: (now?: number) => number
  configure: (limits: Partial<SessionLimits>) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The 2025-era session table: size, limits, sweeping (for /health, tests and the bench). */
    mcpSessions: McpSessionsControl
  }
}

const SERVER_NAME = 'mediastack-mcp'
const TOOLS_LIST_TTL_MS = 10 * 60_000

type RawWithAuth = IncomingMessage & { auth?: AuthInfo }
interface SessionValue { server: McpServer, transport: NodeStreamableHTTPServerTransport, direct: DirectExchange, ids: RequestIds }

export default fp<McpPluginOptions>(async function mcpPlugin (app: FastifyInstance, opts) {
  const version = packageVersion()
  const log = app.log.child({ plugin: 'mcp' })
  let listResult: { tools: Tool[] } | undefined
  let outputSchemas: Map<string, Record<string, unknown>> | undefined
  const allFeatures = [...mcpFeatures, ...(opts.extraFeatures ?? [])]
  const features = allFeatures.filter((f): f is McpServerFeature => typeof f === 'function')
  // Built on first use (after every plugin has decorated the app), then shared by every server.
  let catalogue: SharedCatalogue | undefined
  // Known once the first server is built: whether tools/call runs through the tasks wrapper alone.
  let onlyTasksWrap: boolean | undefined
  const personConfirm = createPersonConfirm(app)
  const extensions = createClientExtensions(app, mcpClientExtensions)

  // Computed once, on first use, after every tool has registered.
  function published () {
    if (!listResult) {
      const tools = app.tools.list()
      listResult = { tools: tools as unknown as Tool[] }
      outputSchemas = new Map(tools.map(t => [t.name, t.outputSchema]))
    }
    return { list: listResult, outputSchemas: outputSchemas! }
  }

  /** One protocol server with our two tool handlers; cheap (no schema scanning), built per session or per request. */
  function buildServer (principal: Principal): McpServer {
    const mcp = new McpServer({ name: SERVER_NAME, version }, {
      capabilities: { tools: { listChanged: false }, logging: {} },
      cacheHints: { 'tools/list': { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'private' } },
      ...personConfirm.serverOptions
    })
    const server = mcp.server
    const rawTools = new Map<string, RawTool>()
    // A fresh object per reply: the SDK stamps era-specific fields onto results.
    // Extensions the client declared may add `_meta` to entries and reshape results. The SDK fills the client's
    // capabilities from initialize (2025) or from each request's envelope (2026-07-28).
    server.setRequestHandler('tools/list', () => {
      const tools = extensions.toolsFor(server.getClientCapabilities())
      return { tools: rawTools.size === 0 ? tools : [...tools, ...[...rawTools.values()].map(t => t.definition)] }
    })
    let callTool: ToolCallHandler = async (request, ctx) => {
      const { name, arguments: args, _meta: meta } = request.params
      const principal = actingFor(principalOf(ctx), meta)
      const raw = rawTools.get(name)
      if (raw) return await raw.handler(args ?? {}, ctx)
      const person = personConfirm.forCall(ctx, server.getClientCapabilities(), name)
      let result
      try {
        result = await app.tools.call(name, args ?? {}, buildToolContext(ctx, principal, (o, m) => log.warn(o, m), person?.person))
      } catch (err) {
        if (err instanceof UnknownToolError) {
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${err.message}. Call tools/list for the available tools.`)
        }
        throw err
      }
      const asked = person?.asked()
      if (asked) return asked
      const forClient = forRevision(result, server.getNegotiatedProtocolVersion())
      return server.projectCallToolResult(extensions.resultFor(server.getClientCapabilities(), name, forClient), published().outputSchemas.get(name))
    }
    server.setRequestHandler('tools/call', (request, ctx) => callTool(request, ctx))
    const addTool = (tool: RawTool) => {
      // Raw tools dispatch first, so one named like a registry tool would bypass its validation and confirms.
      if (app.tools.get(tool.definition.name)) throw new Error(`Raw tool ${tool.definition.name} would shadow the registry's tool of that name`)
      rawTools.set(tool.definition.name, tool)
    }
    catalogue ??= buildSharedCatalogue(allFeatures.filter((f): f is McpSharedFeature => typeof f !== 'function'), { app, events }, { name: SERVER_NAME, version })
    catalogue.install(server)
    let wrappers = 0
    for (const install of features) install({ mcp, app, principal, events, addTool, rawTool: name => rawTools.get(name), wrapToolCall: wrap => { wrappers++; callTool = wrap(callTool) } })
    // The tasks wrapper hands a tool without task support straight on; any other wrapper keeps calls on the SDK.
    onlyTasksWrap ??= wrappers === 1
    if (rawTools.size > 0) {
      // Before dispatch the SDK checks a 2026-07-28 tools/call's Mcp-Param-* headers against the tool's
      // x-mcp-header declarations (SEP-2243), reading its schema through toolInputSchemaJson, which knows only
      // McpServer-registered tools; raw tools declare theirs here. The registry's tools declare none.
      const registered = mcp.toolInputSchemaJson.bind(mcp)
      mcp.toolInputSchemaJson = name => rawTools.get(name)?.definition.inputSchema ?? registered(name)
    }
    return mcp
  }

  const perPrincipal = opts.maxSessionsPerPrincipal ?? 20
  const sessions = createSessionStore<SessionValue>({
    limits: {
      idleMs: opts.sessionIdleMs ?? 30 * 60_000,
      max: opts.maxSessions ?? 1000,
      perPrincipal,
      perClient: opts.maxSessionsPerClient ?? 40,
      perSource: opts.maxSessionsPerSource ?? 100,
      // The internal key (the chat bot) always finds room for its own cap of sessions.
      kept: app.config.INTERNAL_API_KEY === '' ? 0 : perPrincipal
    },
    onRemove: (session, why) => {
      log.debug({ session: session.id, why }, 'MCP session closed')
      session.value.server.close().catch(err => log.warn({ err }, 'closing an MCP session failed'))
    }
  })
  const sweeper = setInterval(() => sessions.sweep(), Math.min(60_000, Math.max(1000, sessions.limits.idleMs / 2)))
  sweeper.unref()

  const events = createListenBus(err => log.warn({ err: err.message }, 'MCP change notification not delivered'))
  const modern = withTaskListen(createMcpHandler(({ authInfo }) => buildServer(authInfo?.extra?.principal as Principal), {
    legacy: 'reject',
    bus: events,
    onerror: err => log.debug({ err: err.message }, 'MCP request rejected')
  }), { app, events, serverFor: buildServer, serverInfo: { name: SERVER_NAME, version } })
  const onModernError = (err: Error) => log.error({ err }, 'MCP request failed')
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
        if (!await isLegacyPost(request)) {
          const call = onlyTasksWrap ? modernCalls.admit(request.headers, request.body) : undefined
          if (call) return await listenScope.run(principal.id, () => modernCalls.serve(call, principal, reply.raw))
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

  async function openSession (principal: Principal, request: FastifyRequest, res: ServerResponse) {
    const holder = holderOf(principal)
    const slot = sessions.reserve(holder)
    if (!slot.ok) {
      const refusal = refusalOf(slot.reason, sessions.limits)
      log.warn({ reason: slot.reason }, 'MCP session refused: a session cap was reached')
      return sendJsonRpcError(res, refusal.status, SERVER_ERROR, refusal.message, { 'retry-after': refusal.retryAfter })
    }
    const server = buildServer(principal)
    let opened = false
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: id => {
        opened = true
        sessions.add(id, holder, { server, transport, direct, ids })
      },
      onsessionclosed: id => { sessions.remove(id, 'closed') }
    })
    const direct = createDirectExchange(transport, server)
    // After the direct exchange, so its send wrapper sees the replies that path writes itself.
    const ids = createRequestIds(transport)
    transport.onclose = () => {
      direct.close()
      sessions.forget(transport.sessionId)
    }
    try {
      await server.connect(transport)
      await transport.handleRequest(request.raw as RawWithAuth, res, request.body)
    } finally {
      if (!opened) {
        sessions.release(holder)
        await server.close().catch(() => {})
      }
    }
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
    const leave = sessions.enter(found.session)
    res.once('close', leave)
    const raw = request.raw as RawWithAuth
    if (request.method === 'POST') {
      const reused = found.session.value.ids.claim(request.body, res)
      if (reused !== undefined) {
        return sendJsonRpcError(res, 400, INVALID_REQUEST, `Invalid Request: id ${JSON.stringify(reused)} is the id of a request still running in this session, and request ids must not be reused within a session. Send this request with a new id.`)
      }
      if (found.session.value.direct.serve(request.headers, request.body, raw.auth, res)) return
    }
    await found.session.value.transport.handleRequest(raw, res, request.body)
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
    get limits () { return sessions.limits },
    sweep: (now?: number) => sessions.sweep(now),
    configure: (limits: Partial<SessionLimits>) => sessions.configure(limits)
  } satisfies McpSessionsControl)

  // Before the HTTP server closes: end every SSE stream and transport so close() does not wait on them.
  app.addHook('preClose', async () => {
    clearInterval(sweeper)
    sessions.closeAll()
    await modern.close().catch(err => log.warn({ err }, 'closing the stateless MCP handler failed'))
  })
}, { name: 'mcp', dependencies: ['auth', 'tool-registry'] })
