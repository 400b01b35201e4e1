// movie_rescan: asks the movie manager to rescan a movie folder (or every movie) on disk.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { IdUsedSchema, idFields, resolveOptionalId } from '../../servarr/ids.js'
import { CommandSchema } from '../../servarr/items.js'
import { MOVIE_IDS, movieFlavour, movieLabel } from '../movies.js'
import { RESCAN_INPUTS, runRescan } from '../../servarr/rescan.js'
import { movieManager } from '../../chosen-client.js'

const input = Type.Object({
  ...idFields(MOVIE_IDS, false),
  ...RESCAN_INPUTS
}, { additionalProperties: false })

const output = Type.Object({
  scope: Type.String({ description: '"movie" for one movie, "all" for the whole library' }),
  movieId: Type.Optional(Type.Integer({ description: 'The movie rescanned' })),
  title: Type.Optional(Type.String({ description: 'Its title' })),
  idUsed: Type.Optional(IdUsedSchema),
  command: CommandSchema,
  finished: Type.Boolean({ description: 'False when the rescan was still running after waitSeconds' })
}, { additionalProperties: false })

export default (app: FastifyInstance) => defineTool({
  name: 'movie_rescan',
  title: 'Rescan movie folders',
  description: 'Makes the movie manager rescan one movie\'s folder (id) or all, picking up files changed by hand; waits up to waitSeconds. New downloads: movie_import.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (args, ctx) {
    const radarr = movieManager(app, ctx.instances?.movies)
    const resolved = await resolveOptionalId(movieFlavour(radarr), args.id, args.idType)
    const what = resolved ? movieLabel(resolved.item) : 'all movies'
    const { command, finished, summary } = await runRescan(radarr, { name: 'RescanMovie', ...(resolved ? { movieId: resolved.item.id } : {}) }, args.waitSeconds, ctx.signal, what)
    return {
      data: {
        scope: resolved ? 'movie' : 'all',
        ...(resolved ? { movieId: resolved.item.id, title: resolved.item.title ?? '', idUsed: resolved.idUsed } : {}),
        command,
        finished
      },
      summary
    }
  }
})
