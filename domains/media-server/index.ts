// The media-server domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import serverStatus from './tools/server-status.js'
import activityLog from './tools/activity-log.js'
import searchMedia from './tools/search-media.js'
import showDetails from './tools/show-details.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [serverStatus, activityLog, searchMedia, showDetails]

export default async function mediaServerDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(tool(app))
}
