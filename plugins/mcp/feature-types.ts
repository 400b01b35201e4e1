// What an MCP feature installer gets (plugins/mcp/features.ts lists the installers). Apart from the list, so
// a feature's file can import these types without an import circle.
import type { FastifyInstance } from 'fastify'
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
