// series_search: one answer from the catalogue and the library (flags what is already added); with
// addTvdbId it adds that series (or updates it when it is already in the library).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import { defineTool } from '../../../core/tool-types.js'
import { addedSchema, alreadyInLibrary, inLibrary, profileAndFolderInputs, searchOutput, searchSummary, tagsInput } from '../../servarr/catalogue.js'
import { pageInputs, pageOf } from '../../../core/paging.js'
import { MONITOR_CHOICES, addOrUpdateSeries } from '../series-add.js'
import { untrusted } from '../../servarr/text.js'
import { refuseBeyondAskersLimits } from '../../servarr/asker-limits.js'
import { addThroughSeerr, requestedSummary, uhdInput, withSeerr } from '../../servarr/seerr-add.js'
import { seriesManager } from '../../chosen-client.js'

const ResultSchema = Type.Object({
  tvdbId: Type.Integer({ description: 'TVDB id (use it as addTvdbId to add the series)' }),
  title: Type.String({ description: 'Title' }),
  year: Type.Integer({ description: 'First air year' }),
  status: Type.String({ description: 'continuing, ended or upcoming' }),
  network: Type.Optional(Type.String({ description: 'Network' })),
  seasonCount: Type.Integer({ description: 'Number of seasons' }),
  overview: Type.Optional(Type.String({ description: 'Short synopsis (trimmed)' })),
  inLibrary: Type.Boolean({ description: 'True when the series is already in the library' }),
  seriesId: Type.Optional(Type.Integer({ description: 'Id in the series manager, when in the library' })),
  monitored: Type.Optional(Type.Boolean({ description: 'Monitored, when in the library' })),
  path: Type.Optional(Type.String({ description: 'Series folder, when in the library' }))
}, { additionalProperties: false, description: 'A catalogue match' })

const AddedSchema = addedSchema('addTvdbId', {
  seriesId: Type.Integer({ description: 'Id in the series manager' }),
  tvdbId: Type.Integer({ description: 'TVDB id' }),
  title: Type.String({ description: 'Title' }),
  path: Type.String({ description: 'Series folder' }),
  qualityProfile: Type.String({ description: 'Quality profile in use' }),
  monitored: Type.Boolean({ description: 'Whether the series is monitored' }),
  monitor: Type.Optional(Type.String({ description: 'Episode monitoring applied' })),
  seriesType: Type.String({ description: 'standard, daily or anime' }),
  searchStarted: Type.Boolean({ description: 'Whether a search for missing episodes was started' })
})

const input = Type.Object({
  term: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Title or "tvdb:<id>" (unless addTvdbId)' })),
  ...pageInputs(50, 10),
  addTvdbId: Type.Optional(Type.Integer({ minimum: 1, description: 'TVDB id to add (or update)' })),
  ...profileAndFolderInputs('addTvdbId', '"/data/tv" or "anime"'),
  monitor: Type.Optional(Type.Union(MONITOR_CHOICES.map(m => Type.Literal(m)), { description: 'Episodes to monitor for addTvdbId' })),
  seriesType: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('daily'), Type.Literal('anime')], { description: 'Episode numbering for addTvdbId' })),
  seasonFolder: Type.Optional(Type.Boolean({ description: 'Use Season NN folders (default true when adding)' })),
  tags: tagsInput('addTvdbId'),
  searchForMissing: Type.Boolean({ default: false, description: 'With addTvdbId: search missing episodes now' })
}, { additionalProperties: false })

const output = searchOutput(ResultSchema, AddedSchema)

const seerrSeriesInputs = {
  ...uhdInput,
  seasons: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 99, description: 'Seerr: seasons (default all)' }))
}

export default (app: FastifyInstance) => {
  const schemas = withSeerr(app, {
    description: 'Searches TVDB and the library at once; each match says if it is in the library (seriesId). Add one by calling again with addTvdbId (refused with the choices if a profile or folder is needed); one already in gets its options updated. Browse with series_status, pick a release with series_releases.',
    seerrDescription: 'Searches TVDB and the library (seriesId if in it). addTvdbId: a new series is requested in Seerr as the asker (seasons; uhd: 4K); one in the library is updated.',
    input,
    output,
    extra: seerrSeriesInputs
  })
  return defineTool({
    name: 'series_search',
    title: 'Find (and add) a TV series',
    description: schemas.description,
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    hasEffects: args => args.addTvdbId !== undefined,
    async handler (args, ctx) {
      const sonarr = seriesManager(app, ctx.instances?.series)
      if (args.term === undefined && args.addTvdbId === undefined) throw new ToolError('Give term (a title or "tvdb:<id>") to search, or addTvdbId to add a series.')
      const term = args.term ?? `tvdb:${args.addTvdbId}`
      // A person other than the owner may ask only for what their own media-server user could watch.
      if (args.addTvdbId !== undefined) await refuseBeyondAskersLimits(app, ctx, { kind: 'tv', id: args.addTvdbId, lookup: sonarr.lookup })
      if (args.addTvdbId !== undefined && app.backends.seerr) {
      // Seerr names a series by its TMDB id; the catalogue lookup gives it.
        const found = (await sonarr.lookup(`tvdb:${args.addTvdbId}`, ctx.signal)).find(x => x.tvdbId === args.addTvdbId) as { title?: string | null, tmdbId?: number } | undefined
        if (!found?.tmdbId) throw new ToolError(`The catalogue has no TMDB id for TVDB ${args.addTvdbId}, which Seerr needs to request it. Request it in Seerr directly.`)
        const extra = args as { uhd?: boolean, seasons?: number[] }
        const requested = await addThroughSeerr(app, { mediaType: 'tv', tmdbId: found.tmdbId, tvdbId: args.addTvdbId, seasons: extra.seasons, is4k: extra.uhd === true, title: found.title ?? `TVDB ${args.addTvdbId}` }, ctx)
        return { data: { term, items: [], total: 0, offset: args.offset, limit: args.limit, hasMore: false, requested }, summary: requestedSummary(requested) }
      }
      const added = args.addTvdbId === undefined ? undefined : await addOrUpdateSeries(sonarr, { ...args, tvdbId: args.addTvdbId })
      const found = await sonarr.lookup(term, ctx.signal)
      const page = pageOf(found, args.offset, args.limit)
      const items = page.items.map(s => {
        const inLib = inLibrary(s)
        return {
          tvdbId: s.tvdbId ?? 0,
          title: s.title ?? '',
          year: s.year ?? 0,
          status: s.status ?? 'unknown',
          ...(s.network ? { network: s.network } : {}),
          seasonCount: (s.seasons ?? []).filter(x => x.seasonNumber > 0).length,
          ...(s.overview ? { overview: untrusted(s.overview, 240) } : {}),
          inLibrary: inLib,
          ...(inLib ? { seriesId: s.id, monitored: s.monitored === true, ...(s.path ? { path: s.path } : {}) } : {})
        }
      })
      const data = { term, ...page, items, ...(added ? { added } : {}) }
      const details = added ? `seriesId ${added.seriesId}, ${added.qualityProfile}, ${added.path}` : ''
      return { data, summary: searchSummary(added, details, page.total, term, alreadyInLibrary(items.map(i => i.seriesId), added, added?.seriesId)) }
    }
  })
}
