// series_rescan: asks the series manager to rescan a series folder (or every series) on disk.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../plugins/tool-types.js'
import { runCommand } from '../../shared/servarr-commands.js'
import { IdUsedSchema, idFields, resolveId } from '../../shared/servarr-ids.js'
import { CommandSchema, toCommand } from '../../shared/servarr-items.js'
import { SERIES_IDS, seriesFlavour } from '../../shared/servarr-series.js'

const input = Type.Object({
  ...idFields(SERIES_IDS, false),
  waitSeconds: Type.Integer({ minimum: 0, maximum: 60, default: 15, description: 'How long to wait for the rescan to finish (0 = start it and return)' })
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
  description: 'Tells the series manager to rescan the folder of one series (id) or of every series (no id): files added, renamed or deleted outside the manager are picked up. ' +
    'Use it after moving files by hand; to import new downloads use series_import instead. Waits up to waitSeconds for the result.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (args, ctx) {
    const sonarr = app.backends.sonarr
    const resolved = args.id === undefined ? undefined : await resolveId(seriesFlavour(sonarr), args.id, args.idType)
    const { command, finished } = await runCommand(sonarr, { name: 'RescanSeries', ...(resolved ? { seriesId: resolved.item.id } : {}) }, args.waitSeconds, ctx.signal)
    const what = resolved ? `"${resolved.item.title}"` : 'all series'
    return {
      data: {
        scope: resolved ? 'series' : 'all',
        ...(resolved ? { seriesId: resolved.item.id, title: resolved.item.title ?? '', idUsed: resolved.idUsed } : {}),
        command: toCommand(command),
        finished
      },
      summary: finished ? `Rescan of ${what} ${command.status}${command.message ? `: ${command.message}` : ''}.` : `Rescan of ${what} started (command ${command.id}, ${command.status}).`
    }
  }
})
