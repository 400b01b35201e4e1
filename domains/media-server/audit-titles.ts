// activity_log's server view for a person other than the owner (issue 36 item 7): an audit entry is shown only when it
// is about one title of the managers that the person may see, judged as series_status and movie_status judge it
// (lib/people/seen-titles.ts): a movie or series tool's call whose arguments name the title (id with idType, or
// addTmdbId / addTvdbId). Every other entry is left out, neither listed nor counted: downloads, files, jobs, notices,
// the server's own acts, a call that names no one title, a title the manager no longer holds (or cannot be read):
// those cannot be matched to what the person's own media-server user may see.
import type { FastifyInstance } from 'fastify'
import type { ToolContext } from '../../core/tool-types.js'
import type { AuditEntry } from '../../lib/audit/store.js'
import { seenTitlesOf, type ManagerTitle } from '../../lib/people/seen-titles.js'
import { movieManager, seriesManager } from '../chosen-client.js'

type Titled = ManagerTitle & { id: number }

const SOURCES = {
  series: { kind: 'tv', managerId: 'seriesId', catalogueId: 'tvdbId', add: 'addTvdbId' },
  movie: { kind: 'movie', managerId: 'movieId', catalogueId: 'tmdbId', add: 'addTmdbId' }
} as const

/** The audit actions that can name one title of a manager (their entries are the only ones a person may see). */
export const TITLE_ACTIONS = (['grab', 'remove', 'rescan', 'import', 'search'] as const).flatMap(verb => [`series_${verb}`, `movie_${verb}`])

const positive = (v: unknown): number | undefined => Number.isInteger(v) && (v as number) > 0 ? v as number : undefined

/** undefined for the owner and everyone who sees everything. Throws seenTitlesOf's refusals. */
export async function auditTitleJudge (app: FastifyInstance, ctx: ToolContext): Promise<((e: AuditEntry) => Promise<boolean>) | undefined> {
  const seen = await seenTitlesOf(ctx.principal, app.config.NOTIFY_PEOPLE, app.backends.mediaServer, ctx.signal)
  if (!seen) return undefined
  const lists = new Map<string, Promise<readonly Titled[]>>()
  const listOf = (source: keyof typeof SOURCES, instance: string | undefined) => {
    const key = `${source}:${instance ?? ''}`
    let list = lists.get(key)
    if (!list) {
      const read = async (): Promise<readonly Titled[]> => source === 'series' ? await seriesManager(app, instance).listSeries(ctx.signal) : await movieManager(app, instance).listMovies(ctx.signal)
      lists.set(key, list = read().catch(() => []))
    }
    return list
  }
  return async e => {
    if (!TITLE_ACTIONS.includes(e.action)) return false
    const source = e.action.startsWith('series_') ? 'series' : 'movie'
    const f = SOURCES[source]
    const args = (typeof e.args === 'object' && e.args !== null ? e.args : {}) as Record<string, unknown>
    const added = positive(args[f.add])
    const id = added ?? positive(args.id)
    if (id === undefined) return false
    const idType = added !== undefined ? f.catalogueId : typeof args.idType === 'string' ? args.idType : 'auto'
    const list = await listOf(source, typeof args.instance === 'string' ? args.instance : undefined)
    const matches = list.filter(t => (idType !== f.catalogueId && t.id === id) || (idType !== f.managerId && (f.kind === 'tv' ? t.tvdbId : t.tmdbId) === id))
    return matches.length === 1 && seen.sees(f.kind, matches[0]!)
  }
}
