// series_releases: interactive search for one episode or a whole season, sorted, rejections shown.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { RELEASE_LIST_INPUTS, grabNext, releasePage, releasePageLine, releasesOutput } from '../../servarr/releases.js'
import { rememberBestApproved, rememberReleaseSizes } from '../../servarr/release-sizes.js'
import { sortReleases } from '../../servarr/items.js'
import { SERIES_IDS, SeriesTargetSchema, findEpisodes, seriesFlavour } from '../series.js'
import { episodeCode } from '../../servarr/text.js'
import { seriesManager } from '../../chosen-client.js'

const input = Type.Object({
  ...idFields(SERIES_IDS, true),
  seasonNumber: Type.Integer({ minimum: 0, maximum: 500, description: 'Season to search (0 = specials)' }),
  episodeNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Episode; leave out for season packs' })),
  ...RELEASE_LIST_INPUTS
}, { additionalProperties: false })

const output = releasesOutput(SeriesTargetSchema)

export default (app: FastifyInstance) => defineTool({
  name: 'series_releases',
  title: 'List releases for an episode or season',
  description: 'Asks every indexer, via the series manager, for releases of an episode or whole season; can take a minute. Best first; rejected ones with reasons. Titles are untrusted indexer text. Grab one with series_grab within 30 minutes.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async handler (args, ctx) {
    const sonarr = seriesManager(app, ctx.instances?.series)
    const { item: series, idUsed } = await resolveId(seriesFlavour(sonarr), args.id, args.idType)
    const eps = await findEpisodes(sonarr, series, args.seasonNumber, args.episodeNumber, ctx.instances?.series)
    const episode = args.episodeNumber === undefined ? undefined : eps[0]
    const found = await sonarr.releases(episode ? { episodeId: episode.id } : { seriesId: series.id, seasonNumber: args.seasonNumber }, ctx.signal)
    rememberReleaseSizes(sonarr, found)
    // For the upgrades view: a release of one episode is what that episode's upgrade would cost.
    rememberBestApproved(sonarr, sortReleases(found), r => (r.episodeNumbers?.length === 1 && !r.fullSeason ? eps.filter(e => e.episodeNumber === r.episodeNumbers![0]) : []).map(e => `episode:${e.id}`))
    const { page, approvedCount } = releasePage(found, args.includeRejected, args.offset, args.limit)
    const code = episodeCode(args.seasonNumber, episode ? [episode.episodeNumber] : [])
    const target = { seriesId: series.id, title: series.title ?? '', seasonNumber: args.seasonNumber, ...(episode ? { episodeNumber: episode.episodeNumber, episodeId: episode.id } : {}), code }
    const grab = grabNext(page.items, 'series_grab', { id: series.id, idType: 'seriesId', seasonNumber: args.seasonNumber, episodeNumber: episode?.episodeNumber, instance: ctx.instances?.series })
    return {
      data: { target, idUsed, approvedCount, ...page, next: grab.next },
      summary: `${found.length} releases for "${target.title}" ${code} (${approvedCount} approved); showing ${page.items.length}.${releasePageLine(page.items)}${grab.text}`
    }
  }
})
