// The read-only views shared by series_status and movie_status: the library filter and order, the
// calendar window, the queue and history pages (narrowed to one item by id) and the summary line.
import { Type } from '@sinclair/typebox'
import { ToolError } from '../../lib/errors.js'
import type { ServarrCore } from '../../plugins/backends/servarr-core.js'
import { toHistoryItem, toQueueItem } from './servarr-items.js'
import { serverPage, type Page } from './servarr-paging.js'

const DAY = 86_400_000

export const TERM_INPUT = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'For view "library": only titles containing this text' }))
export const START_DATE_INPUT = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'For view "calendar": first day (YYYY-MM-DD, UTC; default today)' }))

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
