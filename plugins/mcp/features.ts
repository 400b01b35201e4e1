// The MCP features beyond tools (resources, prompts, completions, tasks, app views): each is an installer that
// adds its handlers to a freshly built protocol server. Installers run once per session (2025 era) or per
// request (2026-07-28, stateless), so they must be cheap: register handlers, never scan or fetch.
import type { FastifyInstance } from 'fastify'
import type { CallToolResult, InputRequiredResult, McpServer, ServerContext, Tool } from '@modelcontextprotocol/server'

/**
 * A tool served at the protocol level, beside the registry's: its definition is published as-is (any JSON
 * Schema) and its handler answers with any MCP result (every content block kind, input_required rounds).
 * For protocol fixtures; the server's own tools belong in the registry (lib/tools), which validates,
 * confirms and audits them.
 */
export interface RawTool {
  definition: Tool
  handler: (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>
}

export interface McpFeatureContext {
  /** The protocol server being built; register resources, prompts and request handlers on it. */
  mcp: McpServer
  /** The app, for its decorations (tools, jobs, backends, config). */
  app: FastifyInstance
  /** Publishes a raw tool on this server: listed after the registry's tools, dispatched before them. */
  addTool: (tool: RawTool) => void
}

export type McpFeature = (context: McpFeatureContext) => void

/** The server's own features, in registration order. Each feature adds one line here. */
export const mcpFeatures: McpFeature[] = []
