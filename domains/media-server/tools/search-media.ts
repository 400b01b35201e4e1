// search_media: find or list what the media server holds, by text, kind and library, one page at a time.
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { defineTool } from '../../../core/tool-types.js'
import type { ItemQuery } from '../../../clients/media-server/types.js'
import { ITEM_KINDS } from '../../../clients/media-server/types.js'
import { MediaItemSchema, pageInfo, quoteTitle, viewItem } from '../media-shared.js'
import { pagingFields } from '../../../core/paging.js'
import { mediaViewOf, readAs } from '../../../lib/people/media-view.js'
import { nextCall, refusal } from '../../../lib/answers/next-calls.js'

const SORTS = { name: 'SortName', added: 'DateCreated', released: 'PremiereDate', rating: 'CommunityRating' } as const

const inputSchema = Type.Object({
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Title words; leave out to list' })),
  types: Type.Array(Type.Union(ITEM_KINDS.map(k => Type.Literal(k))), {
    minItems: 1,
    maxItems: ITEM_KINDS.length,
    uniqueItems: true,
    default: ['Movie', 'Series'],
    description: 'Item kinds to include'
  }),
  library: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only this library (name as server_status lists it)' })),
  sort: Type.Optional(Type.Union(Object.keys(SORTS).map(k => Type.Literal(k)), {
    description: 'Order (default: best match with query, else name)'
  })),
  offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0, description: 'Results to skip (paging)' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page' }),
  includeOverview: Type.Boolean({ default: false, description: 'Include a short plot summary with each result' })
}, { additionalProperties: false })

const outputSchema = Type.Object({
  ...pagingFields(MediaItemSchema, 'items'),
  library: Type.Optional(Type.String({ description: 'The library searched, when one was given' }))
}, { additionalProperties: false })

type Output = Static<typeof outputSchema>

export default (app: FastifyInstance) => defineTool({
  name: 'search_media',
  title: 'Search the media library',
  description: 'Searches or lists the media server library (movies, series, seasons, episodes, music); paged. Results carry the item id (for show_details, manage_library), kind, year, path and tvdb/tmdb/imdb ids. Use series_search/movie_search for titles not in it. Read-only.',
  inputSchema,
  outputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler (args, ctx) {
    const jf = app.backends.mediaServer
    // A person other than the owner reads as their own media-server user: the server applies that user's limits.
    const o = readAs(await mediaViewOf(ctx.principal, app.config.NOTIFY_PEOPLE, jf, { signal: ctx.signal }), ctx.signal)
    let parentId: string | undefined
    let libraryName: string | undefined
    if (args.library !== undefined) {
      // A query under a library skips the user's library limits on the server (AddUserToQuery), so a person reading
      // as their own user gets only the libraries that user may open (libraries() as the user lists only those).
      const libraries = await jf.libraries(o)
      const lib = libraries.find(l => l.name.toLowerCase() === args.library!.toLowerCase())
      if (!lib) {
        // The same search in the first few libraries there are, and in all of them.
        const calls = [
          ...libraries.filter(l => l.name.length <= 100).slice(0, 3).map(l => nextCall('search_media', { ...args, library: l.name }, `search ${quoteTitle(l.name)}`)),
          nextCall('search_media', { ...args, library: undefined }, 'search every library')
        ]
        throw refusal(`No library named ${quoteTitle(args.library)}. Libraries: ${libraries.map(l => quoteTitle(l.name)).join(', ') || 'none'}.`, calls)
      }
      parentId = lib.itemId
      libraryName = lib.name
    }
    const query: ItemQuery = { searchTerm: args.query, types: args.types, parentId, startIndex: args.offset, limit: args.limit }
    if (args.sort) {
      query.sortBy = [SORTS[args.sort as keyof typeof SORTS]]
      query.sortOrder = args.sort === 'name' ? 'Ascending' : 'Descending'
    }
    const page = await jf.items(query, o)
    const items = page.items.map(i => viewItem(i, args.includeOverview))
    const data: Output = { items, ...pageInfo(page.total, args.offset, args.limit, items.length) }
    if (libraryName) data.library = libraryName
    return { data, summary: summarize(data, args.query) }
  }
})

function summarize (d: Output, query?: string): string {
  const what = query ? `matching ${quoteTitle(query)}` : 'listed'
  if (d.total === 0) return `Nothing ${what}${d.library ? ` in ${quoteTitle(d.library)}` : ''}. Try fewer words, other types, or the series/movie manager search to find titles not in the library.`
  if (d.items.length === 0) return `${d.total} item(s) ${what}, none at offset ${d.offset}: use a smaller offset.`
  const first = d.items.slice(0, 5).map(i => `${quoteTitle(i.name)}${i.year ? ` (${i.year})` : ''} [${i.type}]`).join(', ')
  return `${d.total} item(s) ${what}; showing ${d.offset + 1}–${d.offset + d.items.length}: ${first}${d.items.length > 5 ? ', …' : ''}.${d.hasMore ? ' More follow: call again with offset + limit.' : ''}`
}
