// What an MCP feature installer gets (plugins/mcp/features/installed.ts lists the installers). Apart from the list, so
// a feature's file can import these types without an import circle.
import type { FastifyInstance } from 'fastify'
import type { CallToolRequest, CallToolResult, HandlerResultTypeMap, InputRequiredResult, McpServer, ServerContext, Tool } from '@modelcontextprotocol/server'
import type { Principal } from '../../../core/principal.js'
import type { ListenBus } from './listen-bus.js'

export interface McpFeatureContext {
  /** The protocol server being built; register resources, prompts and request handlers on it. */
  mcp: McpServer
  /** The app, for its decorations (tools, jobs, backends, config). */
  app: FastifyInstance
  /** Who the server is built for: a 2025 session belongs to one credential, a 2026-07-28 request has one. */
  principal: Principal
  /** Where 2026-07-28 change notifications go (subscriptions/listen streams, per principal). */
  events: ListenBus
  /** Publishes a raw tool on this server: listed after the registry's tools, dispatched before them. */
  addTool: (tool: RawTool) => void
  /** The raw tool of that name on this server, if one was added. */
  rawTool: (name: string) => RawTool | undefined
  /** Wraps this server's tools/call: the wrapper gets the next handler (the registry, or an earlier wrapper). */
  wrapToolCall: (wrap: (next: ToolCallHandler) => ToolCallHandler) => void
  /**
   * State that outlives this server: a 2025 session's server is dropped when the session hibernates and built
   * again when it wakes (bridge/session-server.ts), with the same state. Plain data only (no listeners, no
   * timers): the installer re-arms those from it. A 2026-07-28 request's state lives as long as its server.
   */
  sessionState: SessionState
}

export interface SessionState {
  get: <T>(key: string) => T | undefined
  set: (key: string, value: unknown) => void
}

/**
 * A tool served at the protocol level, beside the registry's: its definition is published as-is (any JSON
 * Schema) and its handler answers with any MCP result (every content block kind, input_required rounds).
 * For protocol fixtures; the server's own tools belong in the registry (lib/tools), which validates,
 * confirms and audits them. A definition whose `execution.taskSupport` is optional or required runs as a task
 * for clients that ask for one, once its handler starts a job (plugins/mcp/tasks/tasks.ts).
 */
export interface RawTool {
  definition: Tool
  handler: (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>
}

export type ToolCallHandler = (request: CallToolRequest, ctx: ServerContext) => Promise<HandlerResultTypeMap['tools/call']>

/** Installed on every protocol server built (per 2025 session, per 2026-07-28 request): state that is truly per server. */
export type McpServerFeature = (context: McpFeatureContext) => void

/** What an app-wide feature registers on: the shared catalogue, and the app. */
export interface McpSharedContext {
  /** The app's one catalogue server: register resources, templates, prompts and completions on it. */
  mcp: McpServer
  app: FastifyInstance
  events: ListenBus
}

/**
 * Installed once per app (plugins/mcp/bridge/shared-catalogue.ts): its resources, prompts and completions are served
 * to every session and request from shared state. Handlers find the caller in the request (callerOf(ctx)) or,
 * in completers, through requestCaller().
 */
export interface McpSharedFeature { shared: (context: McpSharedContext) => void }

export type McpFeature = McpServerFeature | McpSharedFeature
