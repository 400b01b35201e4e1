// cancel_downloads action "retry": replace a stuck manager download — remove it, blocklist the release and
// have the manager search again — at most STUCK_MAX_STRIKES times per episode set or movie. The strike is
// stored before the manager is asked, so neither a crash nor a restart lets a title loop.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { strikeKey } from '../servarr/stuck.js'
import { StrikeStoreError, strikeStore } from '../servarr/stuck-strikes.js'
import { holderOf, neighboursOf, queueOf, type CancelItem } from './cancel-items.js'
import { checkDownloadData, deleteWithData, effectData, type CheckedData } from './download-data.js'
import { ask, describeError, verifyEffects, type AskedEffect } from '../../lib/effects/effects.js'
import { carriedOut, effectsTail } from '../../lib/effects/effects-text.js'
import { heldAfter, serviceOfId } from './cancel-effects.js'
import { parseQueueName, queueOfId, type QueueName } from '../servarr/queue-ids.js'
import { managerOf } from '../chosen-client.js'
import { stuckPage } from '../servarr/stuck-view.js'
import { quoted } from '../../core/untrusted-text.js'
import { recordServerAct } from '../../lib/audit/server-acts.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { callText, nextCall, refusal, type NextCall } from '../../lib/answers/next-calls.js'

export interface RetryTarget {
  id: string
  title: string
  downloadId: string | null
  strikeKey: string
  strikes: number
  /** With deleteFiles: the download's data as the data check saw it; null keeps the data. */
  data: CheckedData | null
}

/**
 * One target per download (the first item the person named), with its strike key and count so far and, when
 * its data is to be deleted, what the data check saw there.
 */
export async function retryTargets (app: FastifyInstance, chosen: CancelItem[], all: CancelItem[], deleteFiles: boolean, torrentInstance?: string): Promise<RetryTarget[]> {
  const torrents = chosen.filter(i => i.source === 'torrents' || i.source === 'usenet')
  if (torrents.length) {
    throw refusal(`Action "retry" replaces a manager's download; ${torrents.map(i => i.id).join(', ')} ${torrents.length === 1 ? 'is a client\'s download' : 'are clients\' downloads'} with no manager to search again. Use ids "series:<n>" or "movies:<n>" from the managers' stuck views, or action "cancel"; failed usenet:<id> jobs are retried in a call of their own.`,
      stuckViews(['series:0', 'movies:0']))
  }
  const counts = await readCounts(app)
  const beside = deleteFiles ? await neighboursOf(app, chosen, torrentInstance) : undefined
  const seen = new Set<string>()
  const out: RetryTarget[] = []
  for (const item of chosen) {
    const download = `${queueOf(item)}|${item.downloadId ?? item.id}`
    if (seen.has(download)) continue
    seen.add(download)
    const siblings = all.filter(i => queueOf(i) === queueOf(item) && (i.downloadId ? i.downloadId === item.downloadId : i.id === item.id))
    const numbers = (prefix: string) => siblings.map(i => i.target).filter((t): t is string => !!t?.startsWith(prefix)).map(t => Number(t.slice(prefix.length)))
    const key = strikeKey(queueOf(item) as QueueName, { episodeIds: numbers('episode:'), movieId: numbers('movie:')[0], downloadId: item.downloadId, queueId: Number(item.id.split(':')[1]) })
    // Two downloads of the same title in one call are two strikes against it: the second counts after the first.
    const earlier = out.filter(t => t.strikeKey === key).length
    const data = beside ? await checkDownloadData(app.sandbox, holderOf(item, torrentInstance), beside) : null
    out.push({ id: item.id, title: item.title, downloadId: item.downloadId ?? null, strikeKey: key, strikes: counts(key) + earlier, data })
  }
  const max = app.config.STUCK_MAX_STRIKES
  const spent = out.filter(t => t.strikes >= max && counts(t.strikeKey) >= max)
  if (spent.length) {
    throw new ToolError(`Not retrying ${spent.map(t => `${quoted(t.title)} (${t.id})`).join(', ')}: already replaced ${max} time${max === 1 ? '' : 's'} (STUCK_MAX_STRIKES=${max}) and still stuck. ` +
      'Tell the person instead: they can pick a release by hand with series_releases / movie_releases, or raise STUCK_MAX_STRIKES.')
  }
  const over = out.filter(t => t.strikes >= max)
  if (over.length) {
    throw new ToolError(`Not retrying: ${over.map(t => `${quoted(t.title)} (${t.id})`).join(', ')} would be strike ${over[0].strikes + 1} of ${max} (STUCK_MAX_STRIKES=${max}), because this call also replaces another download of the same title. ` +
      'Retry one download per title at a time, or tell the person.')
  }
  return out
}

/**
 * Adds the strikes, then asks each manager to remove, blocklist and search again. A download whose title
 * reached STUCK_MAX_STRIKES since the preview (a concurrent retry took the last strike) is not touched.
 */
export async function runRetry (app: FastifyInstance, targets: RetryTarget[]) {
  const max = app.config.STUCK_MAX_STRIKES
  let refused: Array<{ target: RetryTarget }>
  try {
    ({ refused } = await strikeStore(app.config.STATE_DIR).strike(targets.map(t => ({ key: t.strikeKey, title: t.title, downloadId: t.downloadId ?? undefined, target: t })), max))
  } catch (err) {
    if (err instanceof StrikeStoreError) throw new ToolError(`Nothing was retried: the strike count could not be stored (${err.message}). Check that STATE_DIR is writable, then try again.`)
    throw err
  }
  const failed: Array<{ id: string, error: string }> = refused.map(({ target }) => ({
    id: target.id,
    error: `Not retried: ${quoted(target.title)} reached ${max} strike${max === 1 ? '' : 's'} (STUCK_MAX_STRIKES) after the preview, as another retry replaced a download of it. Nothing was removed; tell the person.`
  }))
  const struck = targets.filter(t => !refused.some(r => r.target === t))
  const asked: AskedEffect[] = []
  for (const t of struck) {
    const { source, instance } = parseQueueName(queueOfId(t.id))
    const queueId = Number(t.id.slice(t.id.indexOf(':') + 1))
    // QueueController.RemoveAction: blocklist=true marks it failed; skipRedownload=false lets the manager search again.
    // The instance holding the item replaces it (queue ids are numbered per instance). The manager passes "with its
    // data" on to its download client, which may never have held it: the next look (lib/effects) says what went.
    const manager = () => managerOf(app, source, instance)
    const data = t.data
    asked.push(await ask({ id: t.id, title: t.title, service: serviceOfId(app, t.id), ...(data ? { data: effectData(data) } : {}) }, async () => {
      if (data) await deleteWithData(data, o => manager().deleteQueueItem(queueId, { removeFromClient: o.removeFromClient, blocklist: true, skipRedownload: false }))
      else await manager().deleteQueueItem(queueId, { removeFromClient: false, blocklist: true, skipRedownload: false })
    }, describeError))
  }
  const checked = await verifyEffects(asked, () => heldAfter(app, asked.map(a => a.id)))
  const done = carriedOut(checked).map(c => struck.find(t => t.id === c.id)!)
  const tail = effectsTail(checked, stuckViews(struck.map(t => t.id)))
  failed.push(...tail.failed)
  recordStrikes(app, struck, failed, max)
  return { done, failed, checked, tail }
}

/** Each strike stored is the server's own record (lib/audit/server-acts.ts): which download, which strike, how it ended. */
function recordStrikes (app: FastifyInstance, struck: RetryTarget[], failed: Array<{ id: string, error: string }>, max: number) {
  for (const t of struck) {
    const error = failed.find(f => f.id === t.id)?.error
    try {
      recordServerAct(app.audit.store, {
        source: 'server',
        action: 'stuck.retry',
        args: { id: t.id, strike: t.strikes + 1, of: max },
        targets: [`${quoted(t.title)} (${t.id}), strike ${t.strikes + 1} of ${max}`],
        ...(error ? { outcome: 'error', error } : {})
      })
    } catch (err) {
      app.log.warn({ err: (err as Error).message, id: t.id }, 'a stuck retry could not be recorded in the audit trail')
    }
  }
}

async function readCounts (app: FastifyInstance) {
  try {
    return await strikeStore(app.config.STATE_DIR).counts()
  } catch (err) {
    if (err instanceof StrikeStoreError) throw new ToolError(`The strike count cannot be read (${err.message}); not retrying without it. Check STATE_DIR, then try again.`)
    throw err
  }
}

/**
 * A warning for targets the stuck view says to import: a finished download that only needs an import would be
 * thrown away and blocklisted by a retry. '' when none; a read failure is said, not taken as "none".
 */
export async function importableWarning (app: FastifyInstance, targets: RetryTarget[], signal: AbortSignal): Promise<string> {
  const importable: RetryTarget[] = []
  const unread: string[] = []
  for (const t of targets) {
    const { source, instance } = parseQueueName(queueOfId(t.id))
    const queueId = Number(t.id.slice(t.id.indexOf(':') + 1))
    try {
      const rows = (await stuckPage(app, source, managerOf(app, source, instance), instance, undefined, 0, 5000, signal)).items
      if (rows.some(r => r.queueIds.includes(queueId) && r.stuck.fix === 'import')) importable.push(t)
    } catch {
      unread.push(t.id)
    }
  }
  const warn = importable.length
    ? ` Warning: ${importable.map(t => `${quoted(t.title)} (${t.id})`).join(', ')} finished downloading and only needs an import (view "stuck" says fix: import): ` +
      `retry would throw that good download away and blocklist it. Import it instead: the stuck view gives the complete import call (${stuckViews(importable.map(t => t.id)).map(callText).join('; ')}).`
    : ''
  return warn + (unread.length ? ` Whether ${unread.join(', ')} could be imported instead was not checked (the stuck view could not be read).` : '')
}

/** The stuck views of the managers holding these queue ids ("series@anime:12"): where a retry nobody can tell about shows. */
export function stuckViews (ids: string[]): NextCall[] {
  const queues = [...new Set(ids.map(queueOfId))].map(parseQueueName)
  return queues.map(({ source, instance }) => nextCall(source === 'series' ? 'series_status' : 'movie_status',
    { view: 'stuck', instance: instance === DEFAULT_INSTANCE ? undefined : instance }, `see what is still stuck in the ${source === 'series' ? 'series' : 'movie'} manager`))
}
