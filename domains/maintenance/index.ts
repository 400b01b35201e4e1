// The maintenance domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import optimizeMedia from './tools/optimize-media.js'
import cleanupServer from './tools/cleanup-server.js'
import checkJobs from './tools/check-jobs.js'
import { recordKeepExpiries } from './watched-keeps.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [
  optimizeMedia,
  cleanupServer,
  checkJobs
]

export default async function maintenanceDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(tool(app))
  recordKeepExpiries(app)
}
