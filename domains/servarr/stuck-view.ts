// The "stuck" view of series_status and movie_status: the manager's queue narrowed to stuck downloads, with
// the torrent or Usenet client's state where it runs the download, the strikes so far and the next step for each.
import type { FastifyInstance } from 'fastify'
import type { ServarrCore } from '../../clients/servarr/core.js'
import type { TorrentInfo } from '../../clients/torrent/types.js'
import { pageOf, type Page } from '../../core/paging.js'
import { stuckRows, type StuckRow, type UsenetJob, type UsenetJobs } from './stuck.js'
import { StrikeStoreError, strikeStore } from './stuck-strikes.js'
import { ToolError } from '../../core/errors.js'
import { queueRecords } from './views.js'
import { queueName } from './queue-ids.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { torrentClient, usenetClient } from '../chosen-client.js'
import { everyInstance } from '../each-instance.js'
import { nextCall, nextText, type NextCall } from '../../lib/answers/next-calls.js'
import { quoted } from './text.js'

type Source = 'series' | 'movies'

/** `instance`: the manager instance `client` is (undefined: the default). */
export async function stuckPage (app: FastifyInstance, source: Source, client: ServarrCore, instance: string | undefined, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<Page<StuckRow>> {
  const queue = await queueRecords(client, ownerId, signal)
  const hashes = [...new Set(queue.map(q => q.downloadId?.toLowerCase()).filter((h): h is string => !!h && /^[0-9a-f]{40}$/.test(h)))]
  // The client's state sharpens the manager's (stalledDL for how long, metaDL); without it the manager's own words stand.
  const torrents: TorrentInfo[] | undefined = hashes.length ? await torrentsOf(app, hashes) : []
  const usenet = queue.some(q => q.protocol === 'usenet' || (q.downloadId && !/^[0-9a-f]{40}$/i.test(q.downloadId))) ? await usenetJobs(app) : undefined
  const strikes = await strikeStore(app.config.STATE_DIR).counts().catch(err => {
    if (err instanceof StrikeStoreError) throw new ToolError(`The strike counts cannot be read (${err.message}). Check STATE_DIR (fix or remove that file), then try again.`)
    throw err
  })
  return pageOf(stuckRows(queueName(source, instance ?? DEFAULT_INSTANCE), queue, torrents, strikes, app.config.STUCK_MAX_STRIKES, Date.now(), usenet), offset, limit)
}

/**
 * The torrents with these hashes in every torrent client (the manager may send its downloads to any of
 * them); undefined when none answered.
 */
async function torrentsOf (app: FastifyInstance, hashes: string[]): Promise<TorrentInfo[] | undefined> {
  const each = await everyInstance(app, 'torrents', name => torrentClient(app, name).list({ hashes }))
  const lists = each.flatMap(({ result }) => (result.status === 'fulfilled' ? [result.value] : []))
  return lists.length === 0 ? undefined : lists.flat()
}

/**
 * Every Usenet client's jobs (the managers may send to any of them), by the id the managers store; unread
 * when one did not answer. Undefined without a Usenet client.
 */
async function usenetJobs (app: FastifyInstance): Promise<UsenetJobs | undefined> {
  if (!app.backends.usenet) return undefined
  const each = await everyInstance(app, 'usenet', async name => {
    const usenet = usenetClient(app, name)!
    return { service: usenet.service, jobs: await usenet.items().catch(err => { throw Object.assign(err, { service: usenet.service }) }) }
  })
  const byId = new Map<string, UsenetJob>()
  for (const { result } of each) if (result.status === 'fulfilled') for (const job of result.value.jobs) byId.set(job.downloadId.toLowerCase(), { job, service: result.value.service })
  const unread = each.flatMap(({ result }) => (result.status === 'rejected' ? [String((result.reason as { service?: string }).service ?? 'The Usenet client')] : []))
  return { byId, unread }
}

/**
 * The next call for each stuck download, as data (lib/answers/next-calls.ts), and the summary's sentence
 * rendered from it (`instance`: the one the view ran on, if chosen).
 */
export function stuckAdvice (source: Source, instance: string | undefined, rows: StuckRow[], maxStrikes: number): { next: NextCall[], text: string } {
  // The retry id names the instance holding the row (domains/servarr/queue-ids.ts): the row's own in a view
  // merged from every instance, else the one the view ran on.
  const queue = (r: { instance?: string }) => queueName(source, r.instance ?? instance ?? DEFAULT_INSTANCE)
  const importTool = source === 'series' ? 'series_import' : 'movie_import'
  const next: NextCall[] = []
  const words = rows.map(({ stuck: { kind, fix, strikes }, ...r }) => {
    const what = `${quoted(r.title)} (${kind})`
    if (fix === 'import' && r.outputPath) {
      const id = source === 'series' ? { id: r.seriesId, idType: 'seriesId' } : { id: r.movieId, idType: 'movieId' }
      next.push(nextCall(importTool, { path: r.outputPath, ...id, instance: r.instance ?? instance }, `import ${quoted(r.title)}, which the manager matched itself`))
      return `${what}: only needs an import`
    }
    if (fix === 'retry') {
      next.push(nextCall('cancel_downloads', { action: 'retry', ids: [`${queue(r)}:${r.queueId}`] }, `retry ${quoted(r.title)} (strike ${strikes + 1} of ${maxStrikes})`))
      return `${what}: retry it`
    }
    return strikes >= maxStrikes
      ? `${what}: retried ${strikes} times already; not retrying again, tell the person and let them decide`
      : `${what}: not a known stuck state; tell the person what the manager says`
  })
  return { next, text: ` ${words.join('; ')}.${nextText(next)}` }
}
