// The app's resources, prompts and completions, registered once per app and served to every protocol server.
// Registering them on each session's McpServer cost ~18 KB of heap per session (the SDK keeps a record with
// update/enable/remove closures per registration) and the same work on every 2026-07-28 request. Here they are
// registered on one catalogue McpServer whose request handlers are captured instead of installed; each built
// server then gets those same handlers (one small wrapper per method) and the catalogue's capabilities, so
// its requests are validated and answered by the SDK exactly as before, against the shared registrations.
// A handler registered with its own params schema (the task methods) is installed with that same schema.
import { AsyncLocalStorage } from 'node:async_hooks'
import { McpServer, type ServerContext } from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'
import type { McpSharedContext, McpSharedFeature } from '../features/feature-types.js'
import { callerOf } from '../features/resource-context.js'

type Server = McpServer['server']
type Handler = (request: never, ctx: ServerContext) => unknown

const callerScope = new AsyncLocalStorage<Principal>()

/** The caller of the request a shared handler serves (for completers, which the SDK calls without a context). */
export function requestCaller (): Principal | undefined {
  return callerScope.getStore()
}

/** Marks an installer as app-wide: it runs once, on the catalogue (see McpSharedFeature). */
export const sharedFeature = (install: McpSharedFeature['shared']): McpSharedFeature => ({ shared: install })

export interface SharedCatalogue {
  /** Gives a freshly built server the shared handlers and capabilities. */
  install: (server: Server) => void
}

export function buildSharedCatalogue (features: McpSharedFeature[], context: Omit<McpSharedContext, 'mcp'>, info: { name: string, version: string }): SharedCatalogue {
  const mcp = new McpServer(info, { capabilities: {} })
  const handlers = new Map<string, { handler: Handler, schemas?: object }>()
  const capture = (method: string, schemasOrHandler: unknown, maybeHandler?: unknown) => {
    const own = typeof schemasOrHandler === 'function'
    const handler = own ? schemasOrHandler : maybeHandler
    if (typeof handler !== 'function') throw new Error(`A shared MCP feature registered ${method} without a handler`)
    handlers.set(method, { handler: handler as Handler, ...(!own && { schemas: schemasOrHandler as object }) })
  }
  mcp.server.setRequestHandler = capture as unknown as Server['setRequestHandler']
  for (const feature of features) feature.shared({ ...context, mcp })
  const capabilities = mcp.server.getCapabilities()
  const scoped = [...handlers].map(([method, { handler, schemas }]) =>
    ({ method, schemas, handler: (request: never, ctx: ServerContext) => callerScope.run(callerOf(ctx), () => handler(request, ctx)) }))
  return {
    install (server) {
      server.registerCapabilities(capabilities)
      for (const { method, schemas, handler } of scoped) {
        if (schemas) server.setRequestHandler(method as 'tasks/get', schemas as never, handler as never)
        else server.setRequestHandler(method as 'resources/list', handler as never)
      }
    }
  }
}
