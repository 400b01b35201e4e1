// The library domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import manageLibrary from './tools/manage-library.js'
import manageFiles from './tools/manage-files.js'
import renameEpisodes from './tools/rename-episodes.js'
import getLibraryState from './tools/get-library-state.js'
import fixSubtitles from './tools/fix-subtitles.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [manageLibrary, manageFiles, renameEpisodes, getLibraryState, fixSubtitles]

export default async function libraryDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(tool(app))
}
