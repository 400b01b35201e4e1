// The movies domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import { titleHeld, withInstance } from '../instance-choice.js'
import { mergesQueueViews } from '../servarr/queue-views.js'
import { movieFlavour } from './movies.js'
import movieSearch from './tools/movie-search.js'
import movieStatus from './tools/movie-status.js'
import movieRemove from './tools/movie-remove.js'
import movieReleases from './tools/movie-releases.js'
import movieGrab from './tools/movie-grab.js'
import movieImport from './tools/movie-import.js'
import movieRescan from './tools/movie-rescan.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [movieSearch, movieStatus, movieRemove, movieReleases, movieGrab, movieImport, movieRescan]

export default async function moviesDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(withInstance(app, tool(app), { kind: 'movies', holds: titleHeld(movieFlavour as never, 'movies'), merges: mergesQueueViews }))
}
