// The series domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../plugins/tool-types.js'
import seriesSearch from './tools/series-search.js'
import seriesStatus from './tools/series-status.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [seriesSearch, seriesStatus]

export default async function seriesDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(tool(app))
}
