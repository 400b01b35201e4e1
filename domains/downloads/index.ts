// The downloads domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import { torrentsHeld, withInstance } from '../instance-choice.js'
import downloadAdd from './tools/download-add.js'
import downloadStatus from './tools/download-status.js'
import downloadDirect from './tools/download-direct.js'
import cancelDownloads from './tools/cancel-downloads.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [downloadAdd, downloadStatus, downloadDirect, cancelDownloads]
/** The tools that read or act on the torrent client, so take its `instance` when there are several. */
const ON_TORRENTS = new Set<unknown>([downloadStatus, cancelDownloads])

export default async function downloadsDomain (app: FastifyInstance) {
  for (const tool of TOOLS) app.tools.register(ON_TORRENTS.has(tool) ? withInstance(app, tool(app), { kind: 'torrents', holds: torrentsHeld }) : tool(app))
}
