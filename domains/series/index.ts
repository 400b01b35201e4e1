// The series domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import { titleHeld, withInstance } from '../instance-choice.js'
import { mergesQueueViews } from '../servarr/queue-views.js'
import { seriesFlavour } from './series.js'
import seriesSearch from './tools/series-search.js'
import seriesStatus from './tools/series-status.js'
import seriesRemove from './tools/series-remove.js'
import seriesReleases from './tools/series-releases.js'
import seriesGrab from './tools/series-grab.js'
import seriesImport from './tools/series-import.js'
import seriesRescan from './tools/series-rescan.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [seriesSearch, seriesStatus, seriesRemove, seriesReleases, seriesGrab, seriesImport, seriesRescan]

export default async function seriesDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(withInstance(app, tool(app), { kind: 'series', holds: titleHeld(seriesFlavour as never, 'series'), merges: mergesQueueViews }))
}
