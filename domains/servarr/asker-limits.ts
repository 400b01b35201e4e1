// movie_search addTmdbId and series_search addTvdbId asked by a person other than the owner: the title is looked up
// in the catalogue and refused when that person's own media-server user could not watch it (lib/people/
// request-limits.ts), before anything is requested through Seerr or added to the manager. The owner asks as before.
import type { FastifyInstance } from 'fastify'
import { isNonOwnerPerson } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import { refuseBeyondLimits } from '../../lib/people/request-limits.js'

type Lookup = (term: string, signal?: AbortSignal) => Promise<ReadonlyArray<{ title?: string | null, certification?: unknown, keywords?: unknown, tmdbId?: number, tvdbId?: number }>>

export async function refuseBeyondAskersLimits (app: FastifyInstance, ctx: ToolContext, want: { kind: 'movie' | 'tv', id: number, lookup: Lookup }): Promise<void> {
  if (!isNonOwnerPerson(ctx.principal)) return
  const term = want.kind === 'movie' ? `tmdb:${want.id}` : `tvdb:${want.id}`
  const found = (await want.lookup(term, ctx.signal)).find(x => (want.kind === 'movie' ? x.tmdbId : x.tvdbId) === want.id)
  const certification = typeof found?.certification === 'string' ? found.certification : undefined
  const keywords = Array.isArray(found?.keywords) ? found.keywords.filter((k): k is string => typeof k === 'string') : undefined
  await refuseBeyondLimits(ctx.principal, app.config.NOTIFY_PEOPLE, app.backends.mediaServer, { kind: want.kind, title: found?.title ?? term, certification, keywords }, ctx.signal)
}
