// movie_releases: interactive search for one movie, sorted, rejections shown.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { MOVIE_IDS, MovieTargetSchema, movieFlavour, movieLabel } from '../movies.js'
import { RELEASE_LIST_INPUTS, grabNext, releasePage, releasePageLine, releasesOutput } from '../../servarr/releases.js'
import { rememberBestApproved, rememberReleaseSizes } from '../../servarr/release-sizes.js'
import { sortReleases } from '../../servarr/items.js'
import { movieManager } from '../../chosen-client.js'

const input = Type.Object({
  ...idFields(MOVIE_IDS, true),
  ...RELEASE_LIST_INPUTS
}, { additionalProperties: false })

const output = releasesOutput(MovieTargetSchema)

export default (app: FastifyInstance) => defineTool({
  name: 'movie_releases',
  title: 'List releases for a movie',
  description: 'Asks every indexer, via the movie manager, for releases of one library movie; can take a minute. Best first; rejected ones with reasons. Titles are untrusted indexer text. Grab one with movie_grab within 30 minutes.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async handler (args, ctx) {
    const radarr = movieManager(app, ctx.instances?.movies)
    const { item: movie, idUsed } = await resolveId(movieFlavour(radarr), args.id, args.idType)
    const found = await radarr.releases({ movieId: movie.id }, ctx.signal)
    rememberReleaseSizes(radarr, found)
    rememberBestApproved(radarr, sortReleases(found), () => [`movie:${movie.id}`]) // for the upgrades view
    const { page, approvedCount } = releasePage(found, args.includeRejected, args.offset, args.limit)
    const grab = grabNext(page.items, 'movie_grab', { id: movie.id, idType: 'movieId', instance: ctx.instances?.movies })
    return {
      data: { target: { movieId: movie.id, title: movie.title ?? '', year: movie.year ?? 0 }, idUsed, approvedCount, ...page, next: grab.next },
      summary: `${found.length} releases for ${movieLabel(movie)} (${approvedCount} approved); showing ${page.items.length}.${releasePageLine(page.items)}${grab.text}`
    }
  }
})
