// The queue and stuck views of series_status and movie_status. With several instances of the manager and none
// named, the call reads every instance and merges their rows, each row naming its instance, as download_status
// does; an instance that does not answer is named, and nothing is said of what it holds. With one instance,
// or one named (or the one holding the title asked about), it is the one read it always was.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { pageOf, type Page } from '../../core/paging.js'
import { readSources, missingSentence, type MissingSource } from '../../lib/sources/sources.js'
import { partsOfSources, type Part } from '../../lib/answers/parts.js'
import { hasExtraInstances, perInstance } from '../each-instance.js'
import { managerOf } from '../chosen-client.js'
import type { ServarrCore } from '../../clients/servarr/core.js'
import { queuePage, type QueueRow } from './views.js'
import { stuckPage } from './stuck-view.js'
import type { StuckRow } from './stuck.js'

type Source = 'series' | 'movies'

/** For withInstance: the views that read every instance when the call names none and no title (upgrades: upgrades.ts). */
export const mergesQueueViews = (args: Record<string, unknown>) =>
  (args.view === 'queue' || args.view === 'stuck' || args.view === 'upgrades') && args.id === undefined && args.term === undefined

// A merged view reads each instance's whole queue once and pages the merged rows.
const EVERY_ROW = 5000

export interface QueueView<R> {
  page: Page<R>
  /** Instances that did not answer (merged views only). */
  missing: MissingSource[]
  /** Merged views: each instance checked or unknown (lib/answers/parts.ts); empty for a view of one instance. */
  parts: Part[]
}

/** `chosen`: the instance the call runs on (ctx.instances), undefined when it chose none. */
async function read<R extends QueueRow> (app: FastifyInstance, source: Source, chosen: string | undefined, one: (client: ServarrCore, name: string | undefined, offset: number, limit: number) => Promise<Page<R> & { parts?: Part[] }>, offset: number, limit: number): Promise<QueueView<R>> {
  if (!hasExtraInstances(app, source) || chosen !== undefined) {
    // The stuck view's downloaders are parts of its answer (domains/servarr/stuck-view.ts).
    const { parts, ...page } = await one(managerOf(app, source, chosen), chosen, offset, limit)
    return { page, missing: [], parts: parts ?? [] }
  }
  const label = source === 'series' ? 'Series manager' : 'Movie manager'
  const downloaders = new Map<string, Part>()
  const reads = await readSources(perInstance(app, source, label, async name => {
    const page = await one(managerOf(app, source, name), name, 0, EVERY_ROW)
    // A downloader asked for several instances' rows: unknown once is unknown.
    for (const p of page.parts ?? []) if (downloaders.get(p.part)?.state !== 'unknown') downloaders.set(p.part, p)
    return page.items.map(row => ({ ...row, instance: name }))
  }))
  const { answered, missing } = reads
  if (answered.length === 0) throw new ToolError(`No ${label.toLowerCase()} instance answered, so the queue is unknown.${missingSentence(missing)}`)
  const parts = partsOfSources(reads).map(p => (p.state === 'checked' ? { ...p, found: answered.find(a => a.source === p.part)?.value.length ?? 0 } : p))
  return { page: pageOf(answered.flatMap(a => a.value), offset, limit), missing, parts: [...parts, ...downloaders.values()] }
}

export function queueView (app: FastifyInstance, source: Source, chosen: string | undefined, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<QueueView<QueueRow>> {
  return read(app, source, chosen, (client, _, o, l) => queuePage(client, ownerId, o, l, signal), offset, limit)
}

export function stuckView (app: FastifyInstance, source: Source, chosen: string | undefined, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<QueueView<StuckRow>> {
  return read(app, source, chosen, (client, name, o, l) => stuckPage(app, source, client, name, ownerId, o, l, signal), offset, limit)
}
