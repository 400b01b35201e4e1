// series_grab: downloads one release found by series_releases. Replacing a download already in the queue
// for the same episodes is destructive, so it needs replaceExisting plus the preview/confirmToken step.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { confirmReplace, grabHandler, GrabOutputFields, GRAB_INPUTS, type QueueTarget } from '../../servarr/grab.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { grabSpaceCheck } from '../../servarr/landing.js'
import { SERIES_IDS, SeriesTargetSchema, findEpisodes, seriesFlavour } from '../series.js'
import { episodeCode, quoted } from '../../servarr/text.js'
import type { ToolContext } from '../../../core/tool-types.js'
import type { SonarrClient } from '../../../clients/servarr/client.js'
import { seriesManager } from '../../chosen-client.js'

const input = Type.Object({
  ...GRAB_INPUTS('series_releases'),
  ...idFields(SERIES_IDS, true),
  seasonNumber: Type.Integer({ minimum: 0, maximum: 500, description: 'Season, as given to series_releases' }),
  episodeNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Episode; leave out for a season pack' }))
}, { additionalProperties: false })

const output = Type.Object({ target: SeriesTargetSchema, ...GrabOutputFields }, { additionalProperties: false })

type Args = { id: number, idType: string, seasonNumber: number, episodeNumber?: number }

export default (app: FastifyInstance) => {
  const manager = (ctx: ToolContext) => ({ client: seriesManager(app, ctx.instances?.series), instance: ctx.instances?.series })

  async function target (sonarr: SonarrClient, args: Args): Promise<QueueTarget & { info: typeof SeriesTargetSchema.static }> {
    const { item: series, idUsed } = await resolveId(seriesFlavour(sonarr), args.id, args.idType)
    const eps = await findEpisodes(sonarr, series, args.seasonNumber, args.episodeNumber)
    const episode = args.episodeNumber === undefined ? undefined : eps[0]
    const code = episodeCode(args.seasonNumber, episode ? [episode.episodeNumber] : [])
    const episodeIds = new Set(eps.map(e => e.id))
    return {
      idUsed,
      label: `${quoted(series.title)} ${code}`,
      ownerId: series.id,
      names: { seriesId: series.id, ...(episode ? { episodeId: episode.id } : {}) },
      ...(series.path ? { libraryFolder: series.path } : {}),
      matches: q => q.seriesId === series.id && (typeof q.episodeId === 'number' ? episodeIds.has(q.episodeId) : q.seasonNumber === args.seasonNumber),
      info: { seriesId: series.id, title: series.title ?? '', seasonNumber: args.seasonNumber, ...(episode ? { episodeNumber: episode.episodeNumber, episodeId: episode.id } : {}), code }
    }
  }

  return defineTool({
    name: 'series_grab',
    title: 'Download a release for an episode or season',
    description: 'Sends a release from series_releases (within 30 minutes) to the download client via the series manager; returns the queue item. Give the id, season and episode you searched with. Refused if already queued, unless replaceExisting (preview + confirmToken).',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    confirm: confirmReplace(app, manager, target, 'series_grab'),
    handler: grabHandler(manager, target, 'series_releases', 'series_grab', grabSpaceCheck(app, 'series_releases'))
  })
}
