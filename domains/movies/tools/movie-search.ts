// movie_search: one answer from the catalogue and the library (flags what is already added); with
// addTmdbId it adds that movie (or updates it when it is already in the library).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import { defineTool } from '../../../core/tool-types.js'
import { addedSchema, alreadyInLibrary, inLibrary, profileAndFolderInputs, searchOutput, searchSummary, tagsInput } from '../../servarr/catalogue.js'
import { addOrUpdateMovie } from '../movie-add.js'
import { pageInputs, pageOf } from '../../../core/paging.js'
import { untrusted } from '../../servarr/text.js'
import { refuseBeyondAskersLimits } from '../../servarr/asker-limits.js'
import { addThroughSeerr, requestedSummary, uhdInput, withSeerr } from '../../servarr/seerr-add.js'
import { movieManager } from '../../chosen-client.js'

const ResultSchema = Type.Object({
  tmdbId: Type.Integer({ description: 'TMDB id (use it as addTmdbId to add the movie)' }),
  imdbId: Type.Optional(Type.String({ description: 'IMDb id' })),
  title: Type.String({ description: 'Title' }),
  year: Type.Integer({ description: 'Release year' }),
  status: Type.String({ description: 'announced, inCinemas or released' }),
  studio: Type.Optional(Type.String({ description: 'Studio' })),
  overview: Type.Optional(Type.String({ description: 'Short synopsis (trimmed)' })),
  inLibrary: Type.Boolean({ description: 'True when the movie is already in the library' }),
  movieId: Type.Optional(Type.Integer({ description: 'Id in the movie manager, when in the library' })),
  hasFile: Type.Optional(Type.Boolean({ description: 'Whether the library has a file for it' })),
  path: Type.Optional(Type.String({ description: 'Movie folder, when in the library' }))
}, { additionalProperties: false, description: 'A catalogue match' })

const AddedSchema = addedSchema('addTmdbId', {
  movieId: Type.Integer({ description: 'Id in the movie manager' }),
  tmdbId: Type.Integer({ description: 'TMDB id' }),
  title: Type.String({ description: 'Title' }),
  year: Type.Integer({ description: 'Release year' }),
  path: Type.String({ description: 'Movie folder' }),
  qualityProfile: Type.String({ description: 'Quality profile in use' }),
  monitored: Type.Boolean({ description: 'Whether the movie is monitored' }),
  minimumAvailability: Type.String({ description: 'When the manager starts looking' }),
  searchStarted: Type.Boolean({ description: 'Whether a search was started' })
})

const input = Type.Object({
  term: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Title, "tmdb:<id>" or "imdb:tt…" (unless addTmdbId)' })),
  ...pageInputs(50, 10),
  addTmdbId: Type.Optional(Type.Integer({ minimum: 1, description: 'TMDB id to add (or update)' })),
  ...profileAndFolderInputs('addTmdbId', '"/data/movies"'),
  monitor: Type.Optional(Type.Union([Type.Literal('movieOnly'), Type.Literal('movieAndCollection'), Type.Literal('none')], { description: 'What to monitor for addTmdbId' })),
  minimumAvailability: Type.Optional(Type.Union([Type.Literal('announced'), Type.Literal('inCinemas'), Type.Literal('released')], { description: 'When to start looking for releases' })),
  tags: tagsInput('addTmdbId'),
  searchForMovie: Type.Boolean({ default: false, description: 'With addTmdbId: search for it now' })
}, { additionalProperties: false })

const output = searchOutput(ResultSchema, AddedSchema)

export default (app: FastifyInstance) => {
  const schemas = withSeerr(app, {
    description: 'Searches TMDB and the library at once; each match says if it is in the library (movieId). Add one by calling again with addTmdbId (refused with the choices if a profile or folder is needed); one already in gets its options updated. Browse with movie_status, pick a release with movie_releases.',
    seerrDescription: 'Searches TMDB and the library (movieId if in it). addTmdbId: a new movie is requested in Seerr as the asker (uhd: 4K); one in the library is updated.',
    input,
    output,
    extra: uhdInput
  })
  return defineTool({
    name: 'movie_search',
    title: 'Find (and add) a movie',
    description: schemas.description,
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    hasEffects: args => args.addTmdbId !== undefined,
    async handler (args, ctx) {
      const radarr = movieManager(app, ctx.instances?.movies)
      if (args.term === undefined && args.addTmdbId === undefined) throw new ToolError('Give term (a title, "tmdb:<id>" or "imdb:tt…") to search, or addTmdbId to add a movie.')
      const term = args.term ?? `tmdb:${args.addTmdbId}`
      // A person other than the owner may ask only for what their own media-server user could watch.
      if (args.addTmdbId !== undefined) await refuseBeyondAskersLimits(app, ctx, { kind: 'movie', id: args.addTmdbId, lookup: radarr.lookup })
      if (args.addTmdbId !== undefined && app.backends.seerr) {
      // Through Seerr, as the person: the manager gets it from Seerr once approved.
        const found = (await radarr.lookup(`tmdb:${args.addTmdbId}`, ctx.signal)).find(m => m.tmdbId === args.addTmdbId)
        const title = found?.title ?? `TMDB ${args.addTmdbId}`
        const requested = await addThroughSeerr(app, { mediaType: 'movie', tmdbId: args.addTmdbId, is4k: (args as { uhd?: boolean }).uhd === true, title }, ctx)
        return { data: { term, items: [], total: 0, offset: args.offset, limit: args.limit, hasMore: false, requested }, summary: requestedSummary(requested) }
      }
      const added = args.addTmdbId === undefined ? undefined : await addOrUpdateMovie(radarr, { ...args, tmdbId: args.addTmdbId })
      const page = pageOf(await radarr.lookup(term, ctx.signal), args.offset, args.limit)
      const items = page.items.map(m => {
        const inLib = inLibrary(m)
        return {
          tmdbId: m.tmdbId ?? 0,
          ...(m.imdbId ? { imdbId: m.imdbId } : {}),
          title: m.title ?? '',
          year: m.year ?? 0,
          status: m.status ?? 'unknown',
          ...(m.studio ? { studio: m.studio } : {}),
          ...(m.overview ? { overview: untrusted(m.overview, 240) } : {}),
          inLibrary: inLib,
          ...(inLib ? { movieId: m.id, hasFile: m.hasFile === true, ...(m.path ? { path: m.path } : {}) } : {})
        }
      })
      const details = added ? `${added.year}, movieId ${added.movieId}, ${added.qualityProfile}, ${added.path}` : ''
      const summary = searchSummary(added, details, page.total, term, alreadyInLibrary(items.map(i => i.movieId), added, added?.movieId))
      return { data: { term, ...page, items, ...(added ? { added } : {}) }, summary }
    }
  })
}
