// cancel_downloads: list, cancel or de-duplicate downloads in the series/movie managers' queues and the
// torrent client. Cancel and purge are destructive: the first call previews the exact items and returns a
// confirmToken; the confirmed call removes exactly those.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { joinNames, missingSentence } from '../../../lib/sources/sources.js'
import { listedText, PartsSchema } from '../../../lib/answers/parts.js'
import { ToolError } from '../../../core/errors.js'
import { quoted } from '../../../core/untrusted-text.js'
import { defineTool } from '../../../core/tool-types.js'
import { pageInputs, pageOf, pagingFields } from '../../../core/paging.js'
import { checkUsenetIds, usenetClientName, duplicatesOf, holderOf, isManagerItem, listCancelItems, neighboursOf, queueOf, type CancelItem, type CancelSource } from '../cancel-items.js'
import { checkDownloadData, deleteWithData, describeData, effectData, type CheckedData } from '../download-data.js'
import { hasExtraInstances } from '../../each-instance.js'
import { cancelIdPattern, parseQueueName, queueOfId, usenetInstanceOf } from '../../servarr/queue-ids.js'
import { DEFAULT_INSTANCE } from '../../../core/instance-config.js'
import { managerOf, torrentClient, usenetClient } from '../../chosen-client.js'
import { importableWarning, retryTargets, runRetry, stuckViews, type RetryTarget } from '../retry-stuck.js'
import { pauseOrResume } from '../pause-resume.js'
import { ask, describeError, verifyEffects, verifiedRecord, type AskedEffect } from '../../../lib/effects/effects.js'
import { carriedOut, deletedPart, effectsTail } from '../../../lib/effects/effects-text.js'
import { VerifiedSchema } from '../../../lib/effects/schema.js'
import { NEXT_FIELD, callText, nextCall, nextText, refusal } from '../../../lib/answers/next-calls.js'

/** cancel_downloads' list: the ids there are now. */
const listDownloads = () => nextCall('cancel_downloads', { action: 'list' }, 'see the downloads and their ids as they are now')
import { heldAfter, serviceOfId } from '../cancel-effects.js'

/**
 * The inputs; ids name an extra manager or Usenet instance ("series@anime:12", "usenet@news2:x") only when there is
 * one, and the Usenet queue and its ids are listed only when a Usenet client is configured.
 */
const SOURCES = ['all', 'series', 'movies', 'torrents', 'usenet'] as const
const inputOf = (named: boolean, usenetNamed: boolean, usenet: boolean) => Type.Object({
  action: Type.Union([Type.Literal('list'), Type.Literal('cancel'), Type.Literal('retry'), Type.Literal('purge_duplicates'), Type.Literal('pause'), Type.Literal('resume')], { default: 'list', description: 'list; cancel, retry (remove, blocklist, search again), pause or resume ids; purge_duplicates' }),
  source: Type.Union(SOURCES.filter(s => usenet || s !== 'usenet').map(s => Type.Literal(s)), { default: 'all', description: 'Queues to read' }),
  ids: Type.Array(Type.String({ pattern: cancelIdPattern(named, usenetNamed, usenet), description: 'From list' }), { maxItems: 100, default: [], description: 'Ids from list' }),
  deleteFiles: Type.Boolean({ default: true, description: 'Also delete their data' }),
  blocklist: Type.Boolean({ default: false, description: 'Manager items: never grab this release again' }),
  ...pageInputs(100, 25)
}, { additionalProperties: false })

const ItemSchema = Type.Object({
  id: Type.String({ description: 'Id to pass in ids' }),
  source: Type.String({ description: 'series, movies, torrents or usenet' }),
  title: Type.String({ description: 'Release or torrent name' }),
  status: Type.String({ description: 'Download state' }),
  progressPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'How far it is; absent while the total size is unknown' })),
  sizeBytes: Type.Optional(Type.Number({ minimum: 0, description: 'Size; absent while unknown' })),
  downloadId: Type.Optional(Type.String({ description: 'Torrent hash / download client id' })),
  target: Type.Optional(Type.String({ description: 'Episode or movie the item is for' })),
  instance: Type.Optional(Type.String({ description: 'The manager or Usenet client instance holding it' }))
})

/** A queue item; it names its manager instance only when there are extra ones (published unchanged otherwise). */
const itemOf = (named: boolean) => named ? ItemSchema : Type.Omit(ItemSchema, ['instance']) as unknown as typeof ItemSchema

const outputOf = (named: boolean) => Type.Object({
  action: Type.String({ description: 'The action performed' }),
  ...Type.Partial(Type.Object(pagingFields(itemOf(named), 'downloads'))).properties,
  removed: Type.Optional(Type.Array(itemOf(named), { description: 'Removed items' })),
  changed: Type.Optional(Type.Array(itemOf(named), { description: 'Paused/resumed items, as now' })),
  failed: Type.Optional(Type.Array(Type.Object({ id: Type.String({ description: 'Item id' }), error: Type.String({ description: 'Why not removed' }) }), { description: 'Items not removed' })),
  warnings: Type.Array(Type.String(), { description: 'Queues that could not be read' }),
  parts: Type.Optional(PartsSchema),
  verified: Type.Optional(VerifiedSchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

/** A manager removes a queue item together with its whole download (every episode of a season pack). */
const downloadOf = (i: CancelItem) => `${queueOf(i)}|${i.downloadId ?? i.id}`

/** The items that removing `chosen` really removes: every queue item of the same downloads. */
function withSiblings (items: CancelItem[], chosen: CancelItem[]): CancelItem[] {
  const downloads = new Set(chosen.filter(isManagerItem).map(downloadOf))
  return items.filter(i => chosen.includes(i) || (isManagerItem(i) && downloads.has(downloadOf(i))))
}

/**
 * Duplicates to remove, download by download: a manager download goes only when every episode/movie it
 * covers stays covered by a kept download, so de-duplicating one episode never cancels a season pack that
 * is the only download of its other episodes. Downloads are kept most advanced first. Torrents are
 * de-duplicated by duplicatesOf (each torrent is its own download).
 */
function purgeTargets (items: CancelItem[]): CancelItem[] {
  const torrents = duplicatesOf(items).filter(i => i.source === 'torrents')
  const units = new Map<string, CancelItem[]>()
  for (const i of items) if (isManagerItem(i)) units.set(downloadOf(i), [...(units.get(downloadOf(i)) ?? []), i])
  const progress = (u: CancelItem[]) => Math.max(...u.map(i => i.progressPercent ?? 0))
  const order = [...units.values()].sort((a, b) => progress(b) - progress(a) || b.length - a.length || a[0].id.localeCompare(b[0].id))
  const covered = new Set<string>()
  const remove: CancelItem[] = []
  for (const unit of order) {
    const targets = unit.map(i => (i.target ? `${queueOf(i)}:${i.target}` : undefined))
    if (targets.some(x => x === undefined || !covered.has(x))) targets.forEach(x => x && covered.add(x))
    else remove.push(...unit)
  }
  return [...torrents, ...remove].sort((a, b) => a.id.localeCompare(b.id))
}

/** The source (and, for an extra instance, the instance) a replaced item's id names. */
function replacedFrom (id: string): { source: string, instance?: string } {
  const { source, instance } = parseQueueName(queueOfId(id))
  return instance === DEFAULT_INSTANCE ? { source } : { source, instance }
}

export default (app: FastifyInstance) => {
  const named = hasExtraInstances(app, 'series') || hasExtraInstances(app, 'movies')
  const usenetNamed = hasExtraInstances(app, 'usenet')
  const usenet = app.backends.usenet !== undefined
  /** Retry binds each download's id, hash and strike count: a queue or count that changed refuses the token. */
  async function retryPreview (args: { source: CancelSource | 'all', ids: string[], deleteFiles: boolean }, signal: AbortSignal, torrents: string | undefined) {
    if (args.ids.length > 0 && args.ids.every(id => usenetInstanceOf(id) !== undefined)) return await usenetRetryPreview(args.ids)
    const { items } = await listCancelItems(app, args.source, torrents)
    const chosen = await targets({ ...args, action: 'retry' }, torrents)
    const list = await retryTargets(app, chosen.filter(i => args.ids.includes(i.id)), items, args.deleteFiles, torrents)
    const max = app.config.STUCK_MAX_STRIKES
    return {
      summary: `Replace ${list.length} download${list.length === 1 ? '' : 's'}: remove${args.deleteFiles ? ' with its data' : ''}, blocklist the release, search again: ` +
        `${list.map(t => `${quoted(t.title)} (${t.id}, strike ${t.strikes + 1} of ${max}${t.data ? `; data DELETED from disk: ${describeData(t.data)}` : ''})`).join('; ')}.${await importableWarning(app, list, signal)}`,
      targets: list
    }
  }

  /** `torrents`: the torrent client instance the call runs on (ctx.instances). */
  async function targets (args: { action: string, source: CancelSource | 'all', ids: string[] }, torrents: string | undefined): Promise<CancelItem[]> {
    const { items, warnings, missing: unread } = await listCancelItems(app, args.source, torrents)
    if (args.action === 'purge_duplicates') {
      const found = purgeTargets(items)
      // No duplicates among the queues that answered says nothing of the ones that did not.
      if (found.length === 0 && unread.length > 0) throw new ToolError(`No duplicate downloads in the queues that answered.${missingSentence(unread)} Retry when ${joinNames(unread.map(m => m.source))} answer${unread.length === 1 ? 's' : ''}.`)
      return found
    }
    if (args.ids.length === 0) throw refusal(`Action "${args.action}" needs ids.`, [listDownloads()])
    const missing = args.ids.filter(id => !items.some(i => i.id === id))
    if (missing.length > 0) {
      throw refusal(`Not found: ${missing.join(', ')}${warnings.length ? ` (could not read: ${warnings.join('; ')})` : ''}.`, [listDownloads()])
    }
    return withSiblings(items, items.filter(i => args.ids.includes(i.id)))
  }

  /**
   * A failed Usenet job is retried by its program (the same NZB fetched again: SABnzbd mode=retry, NZBGet
   * HistoryRedownload), not replaced by a manager: nothing is deleted or blocklisted. The token binds each job's
   * id, name and download id.
   */
  async function usenetRetryPreview (ids: string[]) {
    const { items } = await listCancelItems(app, 'usenet')
    const chosen = ids.map(id => items.find(i => i.id === id))
    const wrong = ids.filter((_, n) => !chosen[n]?.status.startsWith('failed'))
    if (wrong.length > 0) throw new ToolError(`Not a failed job of the Usenet client: ${wrong.join(', ')}. Retry takes failed usenet:<id> jobs; call action "list" for current ids.`)
    const list = chosen.map(i => i!)
    return {
      summary: `Ask ${usenetNames(list.map(i => i.id))} to download ${list.length} failed job${list.length === 1 ? '' : 's'} again from the same NZB (nothing deleted): ${list.map(i => `${quoted(i.title)} (${i.id}, ${i.status})`).join('; ')}.`,
      targets: list.map(i => ({ id: i.id, title: i.title, downloadId: i.downloadId ?? null, usenet: true }))
    }
  }

  /** Retries the previewed failed Usenet jobs that are still those jobs. */
  async function usenetRetry (targets: Array<{ id: string, title: string, downloadId: string | null }>) {
    const { items } = await listCancelItems(app, 'usenet')
    const failed: Array<{ id: string, error: string }> = []
    const asked: string[] = []
    for (const target of targets) {
      const item = items.find(i => i.id === target.id)
      if (!item || item.title !== target.title || (item.downloadId ?? null) !== target.downloadId) { failed.push({ id: target.id, error: 'no longer the job previewed; not retried' }); continue }
      try {
        await usenetClient(app, usenetInstanceOf(target.id))!.retry(target.id.slice(target.id.indexOf(':') + 1))
        asked.push(target.id)
      } catch (err) {
        failed.push({ id: target.id, error: err instanceof ToolError ? err.message : 'internal error (see the server log)' })
      }
    }
    const after = await listCancelItems(app, 'usenet')
    const changed = asked.flatMap(id => after.items.filter(i => i.id === id))
    return {
      data: { action: 'retry', changed, failed, warnings: after.warnings },
      summary: `Asked ${usenetNames(targets.map(t => t.id))} to retry ${asked.length} job${asked.length === 1 ? '' : 's'}${changed.length ? `; now: ${changed.map(i => `${quoted(i.title)} ${i.status}`).join(', ')}` : ''}${failed.length ? `; ${failed.length} not retried` : ''}.`
    }
  }

  /** The Usenet clients holding these ids, as answers name them: "SABnzbd", 'NZBGet "news2"'. */
  function usenetNames (ids: string[]) {
    return [...new Set(ids.map(id => usenetInstanceOf(id)!))].map(i => usenetClientName(app, i)).join(' and ')
  }

  return defineTool({
    name: 'cancel_downloads',
    title: 'List, cancel or de-duplicate downloads',
    description: `The managers' queues, the torrent${usenet ? ' and Usenet clients' : ' client'}: list (paged), cancel ids (a manager removes the whole download, e.g. a season pack), retry stuck ones, pause/resume torrents${usenet ? ' or Usenet jobs' : ''}, purge duplicates keeping the most advanced. cancel/retry/purge: preview + confirmToken first.`,
    inputSchema: inputOf(named, usenetNamed, usenet),
    outputSchema: outputOf(named || usenetNamed),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    hasEffects: args => args.action !== undefined && args.action !== 'list',
    confirm: {
      // Pausing and resuming a torrent or Usenet job loses nothing and is undone by the other.
      required: args => args.action !== 'list' && args.action !== 'pause' && args.action !== 'resume',
      async preview (args, ctx) {
        checkUsenetIds(app, args.ids)
        if (args.action === 'retry') return await retryPreview(args, ctx.signal, ctx.instances?.torrents)
        const items = await targets(args, ctx.instances?.torrents)
        if (items.length === 0) throw new ToolError(args.action === 'purge_duplicates' ? 'There are no duplicate downloads; nothing to remove.' : 'Nothing to cancel.')
        // With deleteFiles each item's data passes the data check, and what it holds is shown and bound by the token.
        const data = new Map<CancelItem, CheckedData | null>()
        const beside = args.deleteFiles ? await neighboursOf(app, items, ctx.instances?.torrents) : undefined
        for (const i of items) data.set(i, beside ? await checkDownloadData(app.sandbox, holderOf(i, ctx.instances?.torrents), beside) : null)
        const shown = (i: CancelItem) => `${quoted(i.title)} (${i.id}${i.progressPercent !== undefined ? `, ${i.progressPercent}%` : ''}${data.get(i) ? `; data: ${describeData(data.get(i)!)}` : ''})`
        return {
          summary: `Remove ${items.length} download${items.length === 1 ? '' : 's'}${args.deleteFiles ? ' and DELETE their downloaded data from disk' : ''}: ${items.slice(0, 10).map(shown).join('; ')}${items.length > 10 ? '; …' : ''}.`,
          targets: items.map(i => ({ id: i.id, title: i.title, downloadId: i.downloadId ?? null, data: data.get(i) ?? null }))
        }
      }
    },
    async handler (args, ctx) {
      if (args.action === 'list') {
        const { items, warnings, parts } = await listCancelItems(app, args.source, ctx.instances?.torrents)
        const page = pageOf(items, args.offset, args.limit)
        return { data: { action: 'list', ...page, warnings, parts }, summary: listedText({ count: page.total, parts, none: 'No downloads in the queues.', some: n => `${n} download${n === 1 ? '' : 's'} in the queues.` }) }
      }
      if (args.action === 'pause' || args.action === 'resume') return await pauseOrResume(app, args.action, args.ids, ctx.instances?.torrents)
      const confirmed = (ctx.confirmed?.targets ?? []) as Array<{ id: string, title: string, downloadId: string | null, usenet?: boolean }>
      if (args.action === 'retry' && confirmed.some(c => c.usenet)) return await usenetRetry(confirmed)
      if (args.action === 'retry') {
        const { done, failed, checked, tail } = await runRetry(app, (ctx.confirmed?.targets ?? []) as RetryTarget[])
        const max = app.config.STUCK_MAX_STRIKES
        const later = stuckViews(done.map(t => t.id))
        const next = [...tail.next, ...later]
        return {
          data: { action: 'retry', removed: done.map(t => ({ id: t.id, ...replacedFrom(t.id), title: t.title, status: 'replaced', ...(t.downloadId ? { downloadId: t.downloadId } : {}) })), failed, warnings: [], verified: verifiedRecord(checked), ...(next.length ? { next } : {}) },
          summary: `Replaced ${done.length} download${done.length === 1 ? '' : 's'}: removed${deletedPart(carriedOut(checked))}, release blocklisted, the manager searches again (${done.map(t => `${quoted(t.title)} strike ${t.strikes + 1} of ${max}`).join(', ')})${failed.length ? `; ${failed.length} failed` : ''}.${tail.text}${later.length ? ` Check later: ${later.map(callText).join('; ')}.` : ''}`
        }
      }
      const approved = (ctx.confirmed?.targets ?? []) as Array<{ id: string, title: string, downloadId: string | null, data: CheckedData | null }>
      const failed: Array<{ id: string, error: string }> = []
      const { items } = await listCancelItems(app, args.source, ctx.instances?.torrents)
      const asked: AskedEffect[] = []
      const taken = new Map<string, CancelItem[]>()
      let moved = false
      for (const target of approved) {
        const item = items.find(i => i.id === target.id)
        if (!item) { failed.push({ id: target.id, error: 'no longer in the queue' }); continue }
        // The queue was read again just now: an id that names another download than the one previewed is not it.
        if (item.title !== target.title || (item.downloadId ?? null) !== target.downloadId) {
          failed.push({ id: target.id, error: 'now names another download than the one previewed; not removed. See the queue as it is now and preview again.' })
          moved = true
          continue
        }
        // Another item of the same download was asked for in this call, and goes with it.
        const first = isManagerItem(item) ? asked.find(a => downloadOf(items.find(i => i.id === a.id)!) === downloadOf(item)) : undefined
        if (first) { taken.get(first.id)!.push(item); continue }
        taken.set(item.id, [item])
        const [queue, key] = [queueOf(item), target.id.slice(target.id.indexOf(':') + 1)]
        const data = target.data
        // Each request's answer is kept, not trusted: the next look (lib/effects) decides what happened.
        asked.push(await ask({ id: item.id, title: item.title, service: serviceOfId(app, item.id, ctx.instances?.torrents), ...(data ? { data: effectData(data) } : {}) }, async () => {
          if (queue === 'torrent') {
            const torrent = torrentClient(app, ctx.instances?.torrents)
            if (data) await deleteWithData(data, o => torrent.remove([key], { deleteFiles: o.deleteFiles }))
            else await torrent.remove([key], { deleteFiles: false })
          } else if (usenetInstanceOf(queue) !== undefined) {
            // The instance the id names (and the token bound): job ids are each program's own.
            const usenet = usenetClient(app, usenetInstanceOf(queue))!
            if (data) await deleteWithData(data, o => usenet.remove([key], { deleteData: o.deleteFiles }))
            else await usenet.remove([key], { deleteData: false })
          } else {
            // The instance holding the item removes it (queue ids are numbered per instance).
            const { source, instance } = parseQueueName(queue)
            const manager = () => managerOf(app, source, instance)
            if (data) await deleteWithData(data, o => manager().deleteQueueItem(Number(key), { removeFromClient: o.removeFromClient, blocklist: args.blocklist }))
            else await manager().deleteQueueItem(Number(key), { removeFromClient: false, blocklist: args.blocklist })
          }
        }, describeError))
      }
      const checked = await verifyEffects(asked, () => heldAfter(app, asked.map(a => a.id), ctx.instances?.torrents))
      const removed = carriedOut(checked).flatMap(c => taken.get(c.id) ?? [])
      const tail = effectsTail(checked, [listDownloads()])
      // An id that came to name another download: the queue as it is now, unless the tail gives it already.
      const extra = moved && !tail.next.some(c => c.tool === 'cancel_downloads' && c.arguments.action === 'list') ? [listDownloads()] : []
      const next = [...tail.next, ...extra]
      failed.push(...tail.failed)
      const notRemoved = failed.length - checked.filter(c => c.outcome === 'unknown').length
      // A manager download (a season pack) has one queue item per episode: count downloads, not items.
      const downloads = new Set(removed.map(downloadOf)).size
      const itemCount = removed.length > downloads ? ` (${removed.length} queue items)` : ''
      return {
        data: { action: args.action, removed, failed, warnings: [], verified: verifiedRecord(checked), ...(next.length ? { next } : {}) },
        summary: `Removed ${downloads} download${downloads === 1 ? '' : 's'}${itemCount}${deletedPart(carriedOut(checked))}${notRemoved ? `; ${notRemoved} could not be removed` : ''}.${tail.text}${nextText(extra)}`
      }
    }
  })
}
