// series_status and movie_status for a person other than the owner: titles their own media-server user may not
// see (lib/people/seen-titles.ts) are left out of every view. A title asked for by id or term answers as if it were
// not in the library; rows of the other views (library, calendar, missing, queue, stuck, upgrades, history) that
// belong to a hidden title are simply left out, neither named nor counted (as the media server's own apps do). Where
// the manager pages a list itself, a page may hold fewer rows than asked for. With several instances, a row naming
// its instance is judged by that instance's titles. The owner's answers are unchanged.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import type { ToolContext } from '../../core/tool-types.js'
import type { Page } from '../../core/paging.js'
import { keepSeen, seenTitlesOf, type ManagerTitle, type SeenTitles } from '../../lib/people/seen-titles.js'
import { movieManager, seriesManager } from '../chosen-client.js'

type Source = 'series' | 'movies'
type Listed = ManagerTitle & { id: number }

/** The manager id a row belongs to: seriesId / movieId, or an upgrade row's id. */
function titleIdOf (row: unknown): number | undefined {
  const r = row as { seriesId?: unknown, movieId?: unknown, kind?: unknown, id?: unknown }
  const id = r.seriesId ?? r.movieId ?? (r.kind === 'upgrade' ? r.id : undefined)
  return typeof id === 'number' ? id : undefined
}

export interface PersonRows {
  /** The manager titles of a list the person may see. */
  keep: <T extends ManagerTitle>(list: readonly T[]) => T[]
  /** Throws as an unknown id does when the person may not see the title asked about. */
  refuseHidden: (title: ManagerTitle & { id: number }, noun: string, statusTool: string) => void
  /** A page without the rows of hidden titles. */
  page: <T>(page: Page<T>) => Promise<Page<T>>
}

/** undefined for the owner and everyone who sees everything. */
export async function personRows (app: FastifyInstance, ctx: ToolContext, source: Source, chosen?: string): Promise<PersonRows | undefined> {
  const seen: SeenTitles | undefined = await seenTitlesOf(ctx.principal, app.config.NOTIFY_PEOPLE, app.backends.mediaServer, ctx.signal)
  if (!seen) return undefined
  const kind = source === 'series' ? 'tv' : 'movie'
  const sees = (t: ManagerTitle) => seen.sees(kind, t)
  // Each instance's hidden ids, read once: the rows carry only the manager's id.
  const hiddenBy = new Map<string, Promise<Set<number>>>()
  const hiddenIn = (instance: string | undefined) => {
    const key = instance ?? chosen ?? ''
    let ids = hiddenBy.get(key)
    if (!ids) {
      const name = instance ?? chosen
      const list: Promise<readonly Listed[]> = source === 'series' ? seriesManager(app, name).listSeries(ctx.signal) : movieManager(app, name).listMovies(ctx.signal)
      hiddenBy.set(key, ids = list.then(all => new Set(all.filter(t => !sees(t)).map(t => t.id))))
    }
    return ids
  }
  return {
    keep: list => list.filter(sees),
    refuseHidden: (title, noun, statusTool) => {
      if (!sees(title)) throw new ToolError(`No ${noun} with ${source === 'series' ? 'seriesId' : 'movieId'} ${title.id} in the library. Call ${statusTool} with view "library" to list ids.`)
    },
    page: async page => {
      const items = await keepSeen(page.items, async row => {
        const id = titleIdOf(row)
        return id === undefined || !(await hiddenIn((row as { instance?: string }).instance)).has(id)
      })
      return { ...page, items }
    }
  }
}
