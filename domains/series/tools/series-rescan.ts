// series_rescan: asks the series manager to rescan a series folder (or every series) on disk.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { IdUsedSchema, idFields, resolveOptionalId } from '../../servarr/ids.js'
import { CommandSchema } from '../../servarr/items.js'
import { RESCAN_INPUTS, runRescan } from '../../servarr/rescan.js'
import { SERIES_IDS, seriesFlavour } from '../series.js'
import { seriesManager } from '../../chosen-client.js'

const input = Type.Object({
  ...idFields(SERIES_IDS, false),
  ...RESCAN_INPUTS
}, { additionalProperties: false })

const output = Type.Object({
  scope: Type.String({ description: '"series" for one series, "all" for the whole library' }),
  seriesId: Type.Optional(Type.Integer({ description: 'The series rescanned' })),
  title: Type.Optional(Type.String({ description: 'Its title' })),
  idUsed: Type.Optional(IdUsedSchema),
  command: CommandSchema,
  finished: Type.Boolean({ description: 'False when the rescan was still running after waitSeconds; check again with series_status' })
}, { additionalProperties: false })

export default (app: FastifyInstance) => defineTool({
  name: 'series_rescan',
  title: 'Rescan series folders',
  description: 'Makes the series manager rescan one series\' folder (id) or all, picking up files changed by hand; waits up to waitSeconds. New downloads: series_import.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (args, ctx) {
    const sonarr = seriesManager(app, ctx.instances?.series)
    const resolved = await resolveOptionalId(seriesFlavour(sonarr), args.id, args.idType)
    const what = resolved ? `"${resolved.item.title}"` : 'all series'
    const { command, finished, summary } = await runRescan(sonarr, { name: 'RescanSeries', ...(resolved ? { seriesId: resolved.item.id } : {}) }, args.waitSeconds, ctx.signal, what)
    return {
      data: {
        scope: resolved ? 'series' : 'all',
        ...(resolved ? { seriesId: resolved.item.id, title: resolved.item.title ?? '', idUsed: resolved.idUsed } : {}),
        command,
        finished
      },
      summary
    }
  }
})
