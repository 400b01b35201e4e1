// The MCP features beyond tools (resources, prompts, completions, tasks, app views): each is an installer that
// adds its handlers to a freshly built protocol server. Installers run once per session (2025 era) or per
// request (2026-07-28, stateless), so they must be cheap: register handlers, never scan or fetch.
import type { FastifyInstance } from 'fastify'
import type { McpServer } from '@modelcontextprotocol/server'
import type { Principal } from '../../core/principal.js'
import { healthResource } from './resources-health.js'
import { jobResources } from './resources-jobs.js'
import { titleResources } from './resources-titles.js'
import { resourceSubscriptions } from './resource-subscriptions.js'
import { prompts } from './prompts.js'

export interface McpFeatureContext {
  /** The protocol server being built; register resources, prompts and request handlers on it. */
  mcp: McpServer
  /** The app, for its decorations (tools, jobs, backends, config). */
  app: FastifyInstance
  /** Who the server is built for: a 2025 session belongs to one credential, a 2026-07-28 request has one. */
  principal: Principal
}

export type McpFeature = (context: McpFeatureContext) => void

/** The server's own features, in registration order. Each feature adds one line here. */
export const mcpFeatures: McpFeature[] = [
  jobResources,
  titleResources,
  healthResource,
  resourceSubscriptions,
  prompts
]
