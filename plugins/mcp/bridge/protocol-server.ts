// The protocol servers: one McpServer per 2025 session or per 2026-07-28 request, built cheaply from what the
// app prepared once (the registry's tool list, the shared catalogue, the client extensions). Tools come only
// from app.tools: the precomputed list, and calls dispatched to the registry, which does its own argument
// validation (the SDK never validates tool arguments here). Features add their handlers per server.
import type { FastifyInstance } from 'fastify'
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { actingFor, type Principal } from '../../../core/principal.js'
import { asBotPerson } from '../../../lib/people/bot-people.js'
import { UnknownToolError } from '../../../lib/tools/registry.js'
import type { McpFeature, McpServerFeature, McpSharedFeature, RawTool, ToolCallHandler } from '../features/feature-types.js'
import type { ListenBus } from '../features/listen-bus.js'
import { createPersonConfirm } from '../apps/person-confirm.js'
import { buildSharedCatalogue, type SharedCatalogue } from './shared-catalogue.js'
import type { createClientExtensions } from './client-extensions.js'
import { buildToolContext } from './tool-context.js'
import { principalOf } from './request-principal.js'
import { forRevision } from './result-revision.js'
import type { DirectCalls } from './direct-call.js'

const TOOLS_LIST_TTL_MS = 10 * 60_000

export interface ProtocolServers {
  /** One protocol server with our two tool handlers and every feature; cheap (no schema scanning). `kept`: a
   * 2025 session's feature state, which outlives its servers (created on first use). */
  build: (principal: Principal, kept?: { kept?: Map<string, unknown> }) => McpServer
  /** Known once the first server is built: tools/call runs through the tasks wrapper alone (the 2026 fast path's condition). */
  readonly onlyTasksWrap: boolean | undefined
  /** Known once the first server is built: no feature added raw tools (tools/list is the registry's list alone). */
  readonly noRawTools: boolean | undefined
  /** A built server's tools/call handler for the 2025 direct answer (direct-call.ts), when its conditions hold. */
  directCalls: (mcp: McpServer) => DirectCalls | undefined
}

export function createProtocolServers (app: FastifyInstance, o: {
  info: { name: string, version: string }
  allFeatures: McpFeature[]
  events: ListenBus
  extensions: ReturnType<typeof createClientExtensions>
}): ProtocolServers {
  const log = app.log.child({ plugin: 'mcp' })
  const features = o.allFeatures.filter((f): f is McpServerFeature => typeof f === 'function')
  const personConfirm = createPersonConfirm(app)
  const { extensions, events } = o
  let outputSchemas: Map<string, Record<string, unknown>> | undefined
  // Built on first use (after every plugin has decorated the app), then shared by every server.
  let catalogue: SharedCatalogue | undefined
  let onlyTasksWrap: boolean | undefined
  let noRawTools: boolean | undefined
  // Each built server's tools/call handler as installed (wrappers included), for the 2025 direct answer.
  const handlers = new WeakMap<McpServer, ToolCallHandler>()
  const plainTool = (name: string) => { const def = app.tools.get(name); return def !== undefined && !def.taskSupport }

  // Computed once, on first use, after every tool has registered.
  const outputSchemaOf = (name: string) => (outputSchemas ??= new Map(app.tools.list().map(t => [t.name, t.outputSchema]))).get(name)

  function build (principal: Principal, holder: { kept?: Map<string, unknown> } = {}): McpServer {
    const mcp = new McpServer(o.info, {
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
      const caller = asBotPerson(actingFor(principalOf(ctx), meta), app.config.NOTIFY_PEOPLE)
      const raw = rawTools.get(name)
      if (raw) return await raw.handler(args ?? {}, ctx)
      const person = personConfirm.forCall(ctx, server.getClientCapabilities(), name)
      let result
      try {
        result = await app.tools.call(name, args ?? {}, buildToolContext(ctx, caller, (obj, m) => log.warn(obj, m), person?.person))
      } catch (err) {
        if (err instanceof UnknownToolError) {
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${err.message}. Call tools/list for the available tools.`)
        }
        throw err
      }
      const asked = person?.asked()
      if (asked) return asked
      const forClient = forRevision(result, server.getNegotiatedProtocolVersion())
      return server.projectCallToolResult(extensions.resultFor(server.getClientCapabilities(), name, forClient), outputSchemaOf(name))
    }
    server.setRequestHandler('tools/call', (request, ctx) => callTool(request, ctx))
    handlers.set(mcp, async (request, ctx) => await callTool(request, ctx))
    const addTool = (tool: RawTool) => {
      // Raw tools dispatch first, so one named like a registry tool would bypass its validation and confirms.
      if (app.tools.get(tool.definition.name)) throw new Error(`Raw tool ${tool.definition.name} would shadow the registry's tool of that name`)
      rawTools.set(tool.definition.name, tool)
    }
    catalogue ??= buildSharedCatalogue(o.allFeatures.filter((f): f is McpSharedFeature => typeof f !== 'function'), { app, events }, o.info)
    catalogue.install(server)
    let wrappers = 0
    const sessionState = {
      get: <T>(key: string) => holder.kept?.get(key) as T | undefined,
      set: (key: string, value: unknown) => { (holder.kept ??= new Map()).set(key, value) }
    }
    for (const install of features) install({ mcp, app, principal, events, addTool, rawTool: name => rawTools.get(name), wrapToolCall: wrap => { wrappers++; callTool = wrap(callTool) }, sessionState })
    // The tasks wrapper hands a tool without task support straight on; any other wrapper keeps calls on the SDK.
    onlyTasksWrap ??= wrappers === 1
    noRawTools ??= rawTools.size === 0
    if (rawTools.size > 0) {
      // Before dispatch the SDK checks a 2026-07-28 tools/call's Mcp-Param-* headers against the tool's
      // x-mcp-header declarations (SEP-2243), reading its schema through toolInputSchemaJson, which knows only
      // McpServer-registered tools; raw tools declare theirs here. The registry's tools declare none.
      const registered = mcp.toolInputSchemaJson.bind(mcp)
      mcp.toolInputSchemaJson = name => rawTools.get(name)?.definition.inputSchema ?? registered(name)
    }
    return mcp
  }

  return {
    build,
    get onlyTasksWrap () { return onlyTasksWrap },
    get noRawTools () { return noRawTools },
    directCalls (mcp) {
      // The tasks wrapper alone hands a tool without task support straight on; raw tools dispatch before the registry.
      const handler = handlers.get(mcp)
      return handler && onlyTasksWrap === true && noRawTools === true ? { plainTool, handler } : undefined
    }
  }
}
