// The downloads domain: registers its tools. Encapsulated; adds no decorators.
import type { FastifyInstance } from 'fastify'
import type { ToolDefinition } from '../../core/tool-types.js'
import { torrentsHeld, withInstance } from '../instance-choice.js'
import downloadAdd from './tools/download-add.js'
import downloadStatus from './tools/download-status.js'
import downloadDirect from './tools/download-direct.js'
import cancelDownloads from './tools/cancel-downloads.js'
import { stuckDownloadsCheck } from './stuck-notices.js'

// One factory per tool file (tools/<tool-name>.ts exports default (app) => defineTool({...})).
const TOOLS: Array<(app: FastifyInstance) => ToolDefinition<any, any>> = [downloadAdd, downloadStatus, downloadDirect, cancelDownloads]
/**
 * The tools that read or act on the torrent client, so take its `instance` when there are several, and the
 * calls of each that do not touch it (those run without asking which client).
 */
const ON_TORRENTS = new Map<unknown, (args: Record<string, unknown>) => boolean>([
  // Finished packages and organizing them are the direct-download manager's.
  [downloadStatus, args => args.action === 'finished' || args.action === 'organize'],
  // The series or movie managers' queues only (they cover every manager instance themselves).
  // The managers' queues and the Usenet clients' jobs (every Usenet client is read by its own ids).
  [cancelDownloads, args => args.source === 'series' || args.source === 'movies' || args.source === 'usenet' || noTorrentIds(args)]
])

/** A call naming manager queue items or Usenet jobs only ("series:3", "movies@uhd:7", "usenet@news2:x"), never a torrent. */
function noTorrentIds (args: Record<string, unknown>): boolean {
  const ids = Array.isArray(args.ids) ? args.ids : []
  return args.action !== undefined && args.action !== 'list' && ids.length > 0 && ids.every(id => typeof id === 'string' && !id.startsWith('torrent:'))
}

export default async function downloadsDomain (app: FastifyInstance) {
  for (const tool of TOOLS) {
    const untouched = ON_TORRENTS.get(tool)
    app.tools.register(untouched ? withInstance(app, tool(app), { kind: 'torrents', holds: torrentsHeld, untouched }) : tool(app))
  }
  // "A download needs a person" (NOTIFY_EVENTS stuck=…), checked in the background by the notify plugin.
  app.noticeChecks.add({ event: 'stuck', name: 'stuck downloads', run: stuckDownloadsCheck(app) })
}
