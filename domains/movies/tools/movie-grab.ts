// movie_grab: downloads one release found by movie_releases. Replacing a download already in the queue
// for the same movie is destructive, so it needs replaceExisting plus the preview/confirmToken step.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { confirmReplace, grabHandler, GrabOutputFields, GRAB_INPUTS, type QueueTarget } from '../../servarr/grab.js'
import { idFields, resolveId } from '../../servarr/ids.js'
import { grabSpaceCheck } from '../../servarr/landing.js'
import { MOVIE_IDS, MovieTargetSchema, movieFlavour, movieLabel } from '../movies.js'
import type { ToolContext } from '../../../core/tool-types.js'
import type { RadarrClient } from '../../../clients/servarr/client.js'
import { movieManager } from '../../chosen-client.js'

const input = Type.Object({
  ...GRAB_INPUTS('movie_releases'),
  ...idFields(MOVIE_IDS, true)
}, { additionalProperties: false })

const output = Type.Object({ target: MovieTargetSchema, ...GrabOutputFields }, { additionalProperties: false })

export default (app: FastifyInstance) => {
  const manager = (ctx: ToolContext) => ({ client: movieManager(app, ctx.instances?.movies), instance: ctx.instances?.movies })

  async function target (radarr: RadarrClient, args: { id: number, idType: string }): Promise<QueueTarget & { info: typeof MovieTargetSchema.static }> {
    const { item: movie, idUsed } = await resolveId(movieFlavour(radarr), args.id, args.idType)
    return {
      idUsed,
      label: movieLabel(movie),
      ownerId: movie.id,
      names: { movieId: movie.id },
      ...(movie.path ? { libraryFolder: movie.path } : {}),
      matches: q => q.movieId === movie.id,
      info: { movieId: movie.id, title: movie.title ?? '', year: movie.year ?? 0 }
    }
  }

  return defineTool({
    name: 'movie_grab',
    title: 'Download a release for a movie',
    description: 'Sends a release from movie_releases (within 30 minutes) to the download client via the movie manager; returns the queue item. Give the id you searched with. Refused if already queued, unless replaceExisting (preview + confirmToken).',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    confirm: confirmReplace(app, manager, target, 'movie_grab'),
    handler: grabHandler(manager, target, 'movie_releases', 'movie_grab', grabSpaceCheck(app, 'movie_releases'))
  })
}
