// cleanup_server: removes what can be proved unneeded (our old temp files, torrents whose data is gone,
// unreferenced old download leftovers). The preview lists every target; the token is bound to that list
// and the confirmed call removes exactly it.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { rm, unlink } from 'node:fs/promises'
import { defineTool } from '../../../plugins/tool-types.js'
import { ToolError } from '../../../lib/errors.js'
import { formatBytes } from '../../../lib/library/format.js'
import { findDownloadLeftovers, findOrphanedTorrents, findTempFiles, type CleanupTarget, type References } from '../../../lib/library/cleanup-candidates.js'
import { part } from '../../../lib/library/title-state.js'

const Category = Type.Union([Type.Literal('temp'), Type.Literal('orphanedTorrents'), Type.Literal('downloadLeftovers')])

const inputSchema = Type.Object({
  categories: Type.Array(Category, { minItems: 1, maxItems: 3, default: ['temp', 'orphanedTorrents', 'downloadLeftovers'], description: 'What to clean: temp (this server\'s leftover partial files), orphanedTorrents (torrents whose data no longer exists; data is not touched), downloadLeftovers (old items in the downloads folder that no torrent, download package or manager refers to)' }),
  olderThanHours: Type.Integer({ minimum: 1, maximum: 8760, default: 24, description: 'Only temp files and download leftovers unchanged for longer than this' })
}, { additionalProperties: false })

const Target = Type.Object({
  category: Type.String({ description: 'temp, orphanedTorrents or downloadLeftovers' }),
  name: Type.String({ description: 'Path, or torrent name' }),
  hash: Type.Optional(Type.String({ description: 'Torrent hash' })),
  bytes: Type.Number({ description: 'Bytes freed' }),
  reason: Type.String({ description: 'Why it is safe to remove' })
})

const outputSchema = Type.Object({
  removed: Type.Array(Target, { description: 'What was removed' }),
  failed: Type.Array(Type.Object({ name: Type.String({ description: 'Target' }), error: Type.String({ description: 'Why it was not removed' }) }), { description: 'Targets that could not be removed' }),
  bytesFreed: Type.Number({ description: 'Total bytes freed' })
}, { additionalProperties: false })

export default function cleanupServer (app: FastifyInstance) {
  const sandbox = app.sandbox
  const b = app.backends

  async function references (signal: AbortSignal): Promise<References> {
    const sources = await Promise.all([
      part(async () => (await b.qbittorrent.list()).map(t => t.contentPath)).then(p => ['torrent client', p] as const),
      part(async () => [...await b.pyload.queue(), ...await b.pyload.collector()].flatMap(p => (p.folderPath ? [p.folderPath] : []))).then(p => ['direct-download manager', p] as const),
      part(async () => (await b.sonarr.queue({ page: 1, pageSize: 1000, signal })).records.flatMap(r => (r.outputPath ? [r.outputPath] : []))).then(p => ['series manager queue', p] as const),
      part(async () => (await b.radarr.queue({ page: 1, pageSize: 1000, signal })).records.flatMap(r => (r.outputPath ? [r.outputPath] : []))).then(p => ['movie manager queue', p] as const),
      part(async () => (await b.sonarr.listSeries(signal)).flatMap(s => (s.path ? [s.path] : []))).then(p => ['series manager', p] as const),
      part(async () => (await b.radarr.listMovies(signal)).flatMap(m => (m.path ? [m.path] : []))).then(p => ['movie manager', p] as const)
    ])
    return {
      paths: sources.flatMap(([, p]) => (p.available ? p.data : [])),
      unavailable: sources.flatMap(([name, p]) => (p.available ? [] : [`${name}: ${p.reason}`]))
    }
  }

  async function findTargets (categories: string[], olderThanHours: number, signal: AbortSignal) {
    const olderThanMs = olderThanHours * 3600_000
    const targets: CleanupTarget[] = []
    const notes: string[] = []
    if (categories.includes('temp')) targets.push(...await findTempFiles(sandbox, olderThanMs))
    if (categories.includes('orphanedTorrents')) {
      const torrents = await part(() => b.qbittorrent.list())
      if (torrents.available) targets.push(...await findOrphanedTorrents(sandbox, torrents.data))
      else notes.push(`orphaned torrents skipped (torrent client unavailable: ${torrents.reason})`)
    }
    if (categories.includes('downloadLeftovers')) {
      const refs = await references(signal)
      if (refs.unavailable.length > 0) notes.push(`download leftovers skipped: cannot prove them unreferenced while ${refs.unavailable.join('; ')}`)
      else targets.push(...await findDownloadLeftovers(sandbox, refs, olderThanMs))
    }
    return { targets, notes }
  }

  return defineTool({
    name: 'cleanup_server',
    title: 'Clean up leftovers',
    description: 'Frees space by removing only what can be proved unneeded: this server\'s own leftover temporary files older than olderThanHours, torrents whose downloaded data no longer exists (the torrent entry only; PATH_MAP is used to find the data), and old items in the downloads folder that no torrent, direct-download package, manager queue item or series/movie refers to. ' +
      'If a backend needed for that proof is unreachable, that category is skipped and the reason given. ' +
      'The first call returns the complete list of targets and a confirmToken; call again with the same arguments plus confirmToken to remove exactly that list (if anything changed meanwhile, the token is refused and a fresh preview is needed). ' +
      'The library itself is never touched. To delete specific files use manage_files.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    confirm: {
      preview: async (args, ctx) => {
        const { targets, notes } = await findTargets(args.categories, args.olderThanHours, ctx.signal)
        if (targets.length === 0) throw new ToolError(`Nothing to clean up${notes.length ? `; ${notes.join('; ')}` : ''}.`)
        const bytes = targets.reduce((n, t) => n + t.bytes, 0)
        return { summary: `Remove ${targets.length} item(s), freeing ${formatBytes(bytes)}.${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`, targets }
      }
    },
    handler: async (_args, ctx) => {
      const targets = ctx.confirmed!.targets as CleanupTarget[]
      const removed: CleanupTarget[] = []
      const failed: Array<{ name: string, error: string }> = []
      for (const t of targets) {
        try {
          if (t.category === 'orphanedTorrents') {
            await b.qbittorrent.remove([t.hash!], { deleteFiles: false })
          } else {
            const abs = await sandbox.resolve(t.name)
            await sandbox.assertMutable(abs)
            if (t.category === 'temp') await unlink(abs)
            else await rm(abs, { recursive: true })
          }
          removed.push(t)
        } catch (err) {
          failed.push({ name: t.name, error: err instanceof Error ? err.message : String(err) })
        }
      }
      const bytesFreed = removed.reduce((n, t) => n + t.bytes, 0)
      return {
        data: { removed, failed, bytesFreed },
        summary: `Removed ${removed.length} of ${targets.length} item(s), ${formatBytes(bytesFreed)} freed.${failed.length ? ` ${failed.length} failed (see failed).` : ''}`
      }
    }
  })
}
