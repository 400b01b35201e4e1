// The read-only views shared by series_status and movie_status: the library filter and order, the
// calendar window, the queue and history pages (narrowed to one item by id) and the summary line.
import { Type, type Static } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'
import type { ServarrCore } from '../../clients/servarr/core.js'
import type { QueueItem } from '../../clients/servarr/types.js'
import { QueueItemSchema, toHistoryItem, toQueueItem, type QueueItemOut } from './items.js'
import { pageOf, serverPage, type Page } from '../../core/paging.js'

const DAY = 86_400_000

export const TERM_INPUT = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Title text: filters library, else picks the title (for id)' }))
export const START_DATE_INPUT = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'calendar: first day (YYYY-MM-DD; default today)' }))

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
  all: readonly T[], term: string, f: { noun: string, managerId: string, statusTool: string }
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

/**
 * titleByTerm over the library list (cached, library fields only), then that title read fresh by its id, so a
 * view about it shows its current state and every field (seasons, the file).
 */
export async function freshTitleByTerm<T extends { id: number, title?: string | null, sortTitle?: string | null }> (
  all: readonly T[], term: string, f: { noun: string, managerId: string, statusTool: string, byManagerId: (id: number) => Promise<T | undefined> }
): Promise<{ item: T, idUsed: { value: number, type: string } }> {
  const found = titleByTerm(all, term, f)
  const item = await f.byManagerId(found.item.id)
  if (!item) throw new ToolError(`"${found.item.title}" (${f.managerId} ${found.item.id}) is no longer in the library. Call ${f.statusTool} with view "library" to list titles.`)
  return { item, idUsed: found.idUsed }
}

// Compares as localeCompare does, without building a collator per comparison (6,000 titles sort in a few ms).
const collator = new Intl.Collator()

// Title order is the default; "size" is the one other order (largest on disk first: what frees space).
export const SORT_INPUT = Type.Optional(Type.Literal('size', { description: 'library: size = largest first' }))

type Listed = { title?: string | null, sortTitle?: string | null, sizeOnDisk?: number | null, statistics?: { sizeOnDisk?: number | null } | null }
const bytesOf = (x: Listed) => x.sizeOnDisk ?? x.statistics?.sizeOnDisk ?? 0

/** The library view: titles containing term (case-insensitive), in the manager's sort-title order or largest first. */
export function libraryOrder<T extends Listed> (all: readonly T[], term: string | undefined, sort?: 'size'): T[] {
  const t = term?.toLowerCase()
  const byTitle = (a: T, b: T) => collator.compare(a.sortTitle ?? a.title ?? '', b.sortTitle ?? b.title ?? '')
  return all
    .filter(x => !t || (x.title ?? '').toLowerCase().includes(t))
    .sort(sort === 'size' ? (a, b) => bytesOf(b) - bytesOf(a) || byTitle(a, b) : byTitle)
}

/** From startDate (default: today, UTC) for days, as the ISO bounds the calendar endpoints take. */
export function calendarWindow (startDate: string | undefined, days: number): { start: string, end: string } {
  const start = startDate ? Date.parse(`${startDate}T00:00:00Z`) : Math.floor(Date.now() / DAY) * DAY
  if (Number.isNaN(start)) throw new ToolError(`startDate "${startDate}" is not a date; use YYYY-MM-DD.`)
  return { start: new Date(start).toISOString(), end: new Date(start + days * DAY).toISOString() }
}

/** A queue row is one download: a season pack the manager lists once per episode is one row with every episode. */
export const QueueRowSchema = Type.Object({
  ...QueueItemSchema.properties,
  queueIds: Type.Array(Type.Integer(), { description: 'Every queue item id of this download (one per episode for a season pack); queueId is the first' }),
  instance: Type.Optional(Type.String({ description: 'The manager instance holding it (several, none named)' })),
  episodeIds: Type.Optional(Type.Array(Type.Integer(), { description: 'Every episode this download covers (series downloads)' })),
  stuck: Type.Optional(Type.Object({
    kind: Type.String({ description: 'importBlocked, importFailed, failed, stalled, noMetadata, clientError or warning' }),
    fix: Type.String({ description: 'import (import tool, outputPath + ids), retry (cancel_downloads action retry) or person (strike limit or unknown: ask them)' }),
    strikes: Type.Integer({ description: 'Retries so far for these episodes/movie' })
  }, { additionalProperties: false, description: 'View stuck: why and the next step' }))
}, { additionalProperties: false, description: 'A download in the manager\'s queue' })
export type QueueRow = Static<typeof QueueRowSchema>

const QUEUE_FETCH = 250
const QUEUE_MAX = 5000

/** The whole queue as the manager lists it (one record per episode), up to QUEUE_MAX records. */
export async function queueRecords (client: ServarrCore, ownerId: number | undefined, signal: AbortSignal): Promise<QueueItem[]> {
  const records: QueueItem[] = []
  for (let page = 1; records.length < QUEUE_MAX; page++) {
    const r = await client.queue({ page, pageSize: QUEUE_FETCH, ids: ownerId === undefined ? undefined : [ownerId], signal })
    records.push(...r.records)
    if (r.records.length < QUEUE_FETCH || records.length >= r.totalRecords) break
  }
  return records
}

/** The whole queue, grouped by download, then paged by download. */
export async function queuePage (client: ServarrCore, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<Page<QueueRow>> {
  return pageOf(groupByDownload((await queueRecords(client, ownerId, signal)).map(toQueueItem)), offset, limit)
}

export function groupByDownload (items: QueueItemOut[]): QueueRow[] {
  const rows = new Map<string, QueueRow>()
  for (const item of items) {
    const key = item.downloadId ? `download:${item.downloadId}` : `queue:${item.queueId}`
    const row = rows.get(key)
    if (!row) {
      rows.set(key, { ...item, queueIds: [item.queueId], ...(item.episodeId !== undefined ? { episodeIds: [item.episodeId] } : {}) })
      continue
    }
    row.queueIds.push(item.queueId)
    if (item.episodeId !== undefined) row.episodeIds = [...(row.episodeIds ?? []), item.episodeId]
    row.messages = [...new Set([...row.messages, ...item.messages])].slice(0, 5)
  }
  return [...rows.values()]
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
