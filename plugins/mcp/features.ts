// The MCP features beyond tools (resources, prompts, completions, tasks, app views): each is an installer that
// adds its handlers to a freshly built protocol server. Installers run once per session (2025 era) or per
// request (2026-07-28, stateless), so they must be cheap: register handlers, never scan or fetch.
import type { FastifyInstance } from 'fastify'
import type { McpServer } from '@modelcontextprotocol/server'
import { appViews, installAppViews } from './apps.js'
import type { McpClientExtension } from './client-extensions.js'

export interface McpFeatureContext {
  /** The protocol server being built; register resources, prompts and request handlers on it. */
  mcp: McpServer
  /** The app, for its decorations (tools, jobs, backends, config). */
  app: FastifyInstance
}

export type McpFeature = (context: McpFeatureContext) => void

/** The server's own features, in registration order. Each feature adds one line here. */
export const mcpFeatures: McpFeature[] = [
  installAppViews
]

/** What extensions change (tools/list entries, results) for the clients that declared them. One line each. */
export const mcpClientExtensions: McpClientExtension[] = [
  appViews
]
