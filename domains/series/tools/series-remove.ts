// series_remove: removes a series from the series manager, optionally deleting its files. Destructive:
// the first call previews (title, path, file count, size) and returns a confirmToken.
import { readHolders } from '../../../lib/holders/read-holders.js'
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool, type ToolContext } from '../../../core/tool-types.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { REMOVED_TAIL, confirmRemoval, confirmedRemoval, folderToDelete, idUsedFor, removalSummary, removeOutput, removeVerified } from '../../servarr/remove.js'
import { quoted } from '../../servarr/text.js'
import { deleteTitleWithFiles } from '../../../lib/library/title-folder.js'
import { SERIES_IDS, seriesFlavour } from '../series.js'
import { seriesManager } from '../../chosen-client.js'
import { nextCall } from '../../../lib/answers/next-calls.js'

const input = Type.Object({
  ...idFields(SERIES_IDS, true),
  deleteFiles: Type.Boolean({ default: false, description: 'Also delete its folder and files (irreversible)' }),
  addImportListExclusion: Type.Boolean({ default: false, description: 'Stop import lists from adding the series again' })
}, { additionalProperties: false })

const RemovedSchema = Type.Object({
  seriesId: Type.Integer({ description: 'Id it had in the manager' }),
  tvdbId: Type.Integer({ description: 'TVDB id' }),
  title: Type.String({ description: 'Title' }),
  path: Type.String({ description: 'Series folder' }),
  fileCount: Type.Integer({ description: 'Episode files it had' }),
  ...REMOVED_TAIL
}, { additionalProperties: false, description: 'The series removed' })

const output = removeOutput(RemovedSchema)

export default (app: FastifyInstance) => {
  async function describe (args: { id: number, idType: string, deleteFiles: boolean }, ctx: ToolContext) {
    const sonarr = seriesManager(app, ctx.instances?.series)
    const { item, idUsed } = await resolveId(seriesFlavour(sonarr), args.id, args.idType)
    const sizeBytes = item.statistics?.sizeOnDisk ?? 0
    // Checked before anything reads the folder: the manager deletes it whole.
    const folder = args.deleteFiles
      ? await folderToDelete(app.sandbox, { id: item.id, title: item.title ?? `series ${item.id}`, path: item.path, trackedBytes: sizeBytes, manager: 'the series manager', rescan: nextCall('series_rescan', { id: item.id, idType: 'seriesId', instance: ctx.instances?.series }, 'have it rescan the folder') }, () => sonarr.listSeries(undefined, { fresh: true }), () => readHolders({ backends: app.backends, jobs: app.jobs, signal: ctx.signal }))
      : undefined
    const removed = {
      seriesId: item.id,
      tvdbId: item.tvdbId ?? 0,
      title: item.title ?? '',
      path: item.path ?? '',
      fileCount: item.statistics?.episodeFileCount ?? 0,
      sizeBytes,
      deleteFiles: args.deleteFiles,
      ...(folder ? { folder } : {})
    }
    const files = { count: removed.fileCount, noun: 'episode file', sizeBytes: removed.sizeBytes }
    const summary = removalSummary(`${quoted(removed.title)} (seriesId ${removed.seriesId})`, removed.path, 'series manager', files, folder)
    return { removed, idUsed, summary }
  }

  return defineTool({
    name: 'series_remove',
    title: 'Remove a series',
    description: 'Removes a series from the series manager (stops monitoring and downloads); deleteFiles also deletes its folder and files. Preview + confirmToken first. Use cancel_downloads to stop only a download.',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    changesLibrary: args => args.deleteFiles === true,
    confirm: confirmRemoval(describe),
    async handler (args, ctx) {
      const sonarr = seriesManager(app, ctx.instances?.series)
      const removed = confirmedRemoval<Static<typeof RemovedSchema>>(ctx.confirmed, 'series_remove')
      const d = { removed, idUsed: idUsedFor(SERIES_IDS, removed.seriesId, args) }
      const folder = d.removed.folder
      const id = d.removed.seriesId
      const r = await removeVerified({
        id: `series:${id}`,
        title: d.removed.title,
        instance: ctx.instances?.series,
        manager: 'the series manager',
        headline: `Removed ${quoted(d.removed.title)} from the series manager`,
        folder,
        request: async () => {
          if (folder) await deleteTitleWithFiles(folder, args.addImportListExclusion, { series: o => sonarr.deleteSeries(id, o) })
          else await sonarr.deleteSeries(id, { deleteFiles: false, addImportListExclusion: args.addImportListExclusion })
        },
        stillListed: async () => (await sonarr.listSeries(undefined, { fresh: true })).some(x => x.id === id)
      })
      return {
        data: { idUsed: d.idUsed, removed: d.removed, verified: r.verified, ...(r.next.length ? { next: r.next } : {}) },
        summary: r.summary
      }
    }
  })
}
