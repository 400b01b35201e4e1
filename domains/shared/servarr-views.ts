// The read-only views shared by series_status and movie_status: the library filter and order, the
// calendar window, the queue and history pages (narrowed to one item by id) and the summary line.
import { Type } from '@sinclair/typebox'
import { ToolError } from '../../lib/errors.js'
import type { ServarrCore } from '../../plugins/backends/servarr-core.js'
import { toHistoryItem, toQueueItem } from './servarr-items.js'
import { serverPage, type Page } from './servarr-paging.js'

const DAY = 86_400_000

export const TERM_INPUT = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Title text. View "library": only titles containing it; every other view: narrows to the one title containing it (instead of id)' }))
export const START_DATE_INPUT = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'For view "calendar": first day (YYYY-MM-DD, UTC; default today)' }))

/** Which optional filters each view honours; a filter given to a view that does not use it is refused. */
export type FilterUse = Record<string, readonly string[]>

export function refuseUnusedFilters (tool: string, view: string, args: Record<string, unknown>, uses: FilterUse) {
  const filters = [...new Set(Object.values(uses).flat())]
  const unused = filters.filter(f => args[f] !== undefined && !uses[view].includes(f))
  if (unused.length === 0) return
  const where = (f: string) => Object.keys(uses).filter(v => uses[v].includes(f)).map(v => `"${v}"`).join(', ')
  throw new ToolError(`View "${view}" does not use ${unused.join(', ')}: ` +
    unused.map(f => `${f} applies to view ${where(f)}`).join('; ') +
    `. Call ${tool} again without ${unused.length > 1 ? 'them' : 'it'}, or with one of those views.`)
}

/**
 * A title named by text in a view about one title: exactly one title in the library must contain it.
 * Answers like an id lookup, with the manager's id as the id used.
 */
export function titleByTerm<T extends { id: number, title?: string | null, sortTitle?: string | null }> (
  all: T[], term: string, f: { noun: string, managerId: string, statusTool: string }
): { item: T, idUsed: { value: number, type: string } } {
  const found = libraryOrder(all, term)
  const exact = found.filter(x => (x.title ?? '').toLowerCase() === term.toLowerCase())
  const hits = exact.length === 1 ? exact : found
  if (hits.length === 1) return { item: hits[0], idUsed: { value: hits[0].id, type: f.managerId } }
  if (hits.length === 0) {
    throw new ToolError(`No ${f.noun} in the library has "${term}" in its title. Call ${f.statusTool} with view "library" to list titles.`)
  }
  const named = hits.slice(0, 10).map(x => `"${x.title}" (${f.managerId} ${x.id})`).join(', ')
  throw new ToolError(`term "${term}" matches ${hits.length} ${f.noun === 'series' ? 'series' : 'movies'}: ${named}${hits.length > 10 ? ', …' : ''}. ` +
    `Call ${f.statusTool} again with id set to one of them, or a longer term.`)
}

/** The library view: titles containing term (case-insensitive), in the manager's sort-title order. */
export function libraryOrder<T extends { title?: string | null, sortTitle?: string | null }> (all: T[], term: string | undefined): T[] {
  const t = term?.toLowerCase()
  return all
    .filter(x => !t || (x.title ?? '').toLowerCase().includes(t))
    .sort((a, b) => (a.sortTitle ?? a.title ?? '').localeCompare(b.sortTitle ?? b.title ?? ''))
}

/** From startDate (default: today, UTC) for days, as the ISO bounds the calendar endpoints take. */
export function calendarWindow (startDate: string | undefined, days: number): { start: string, end: string } {
  const start = startDate ? Date.parse(`${startDate}T00:00:00Z`) : Math.floor(Date.now() / DAY) * DAY
  if (Number.isNaN(start)) throw new ToolError(`startDate "${startDate}" is not a date; use YYYY-MM-DD.`)
  return { start: new Date(start).toISOString(), end: new Date(start + days * DAY).toISOString() }
}

export function queuePage (client: ServarrCore, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal) {
  return serverPage(offset, limit, async (p, size) => {
    const r = await client.queue({ page: p, pageSize: size, ids: ownerId === undefined ? undefined : [ownerId], signal })
    return { totalRecords: r.totalRecords, records: r.records.map(toQueueItem) }
  })
}

export function historyPage (client: ServarrCore, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal) {
  return serverPage(offset, limit, async (p, size) => {
    const r = await client.history({ page: p, pageSize: size, ids: ownerId === undefined ? undefined : [ownerId], signal })
    return { totalRecords: r.totalRecords, records: r.records.map(toHistoryItem) }
  })
}

/** `about` names the item the view is narrowed to (empty for the whole library). */
export function viewSummary (view: string, about: string, page: Page<unknown>, offset: number, limit: number): string {
  return `${view}${about}: showing ${page.items.length} of ${page.total}${page.hasMore ? ` (next: offset ${offset + limit})` : ''}.`
}
