// The MCP features beyond tools (resources, prompts, completions, tasks, app views): each is an installer that
// adds its handlers to a freshly built protocol server. Installers run once per session (2025 era) or per
// request (2026-07-28, stateless), so they must be cheap: register handlers, never scan or fetch.
import type { FastifyInstance } from 'fastify'
import { installTasks } from './tasks.js'
import type { CallToolRequest, HandlerResultTypeMap, McpServer, ServerContext } from '@modelcontextprotocol/server'

export interface McpFeatureContext {
  /** The protocol server being built; register resources, prompts and request handlers on it. */
  mcp: McpServer
  /** The app, for its decorations (tools, jobs, backends, config). */
  app: FastifyInstance
  /** Wraps this server's tools/call: the wrapper gets the next handler (the registry, or an earlier wrapper). */
  wrapToolCall: (wrap: (next: ToolCallHandler) => ToolCallHandler) => void
}

export type ToolCallHandler = (request: CallToolRequest, ctx: ServerContext) => Promise<HandlerResultTypeMap['tools/call']>

export type McpFeature = (context: McpFeatureContext) => void

/** The server's own features, in registration order. Each feature adds one line here. */
export const mcpFeatures: McpFeature[] = [
  installTasks
]
