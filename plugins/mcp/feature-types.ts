// The installer contract of plugins/mcp/features.ts, in a file of its own so installers can name it without
// importing the list that imports them (no import circle).
import type { FastifyInstance } from 'fastify'
import type { McpServer } from '@modelcontextprotocol/server'
import type { Principal } from '../../core/principal.js'
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
}

export type McpFeature = (context: McpFeatureContext) => void
