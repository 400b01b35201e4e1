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
import { everyInstance, perInstance } from '../each-instance.js'
import { PartsRecord, partsOfSources, type Part } from '../../lib/answers/parts.js'
import { publicReason, readSources } from '../../lib/sources/sources.js'
import { nextCall, nextText, type NextCall } from '../../lib/answers/next-calls.js'
import { quoted } from './text.js'

type Source = 'series' | 'movies'

/**
 * `instance`: the manager instance `client` is (undefined: the default). `parts`: each downloader the view asked
 * about its downloads, checked or unknown (a stall only the downloader can show is unknown while it is silent).
 */
export async function stuckPage (app: FastifyInstance, source: Source, client: ServarrCore, instance: string | undefined, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<Page<StuckRow> & { parts: Part[] }> {
  const queue = await queueRecords(client, ownerId, signal)
  const hashes = [...new Set(queue.map(q => q.downloadId?.toLowerCase()).filter((h): h is string => !!h && /^[0-9a-f]{40}$/.test(h)))]
  // The client's state sharpens the manager's (stalledDL for how long, metaDL); without it the manager's own words stand.
  const read = hashes.length ? await torrentsOf(app, hashes) : { torrents: [], parts: [] }
  const torrents: TorrentInfo[] | undefined = read.torrents
  const usenet = queue.some(q => q.protocol === 'usenet' || (q.downloadId && !/^[0-9a-f]{40}$/i.test(q.downloadId))) ? await usenetJobs(app) : undefined
  const strikes = await strikeStore(app.config.STATE_DIR).counts().catch(err => {
    if (err instanceof StrikeStoreError) throw new ToolError(`The strike counts cannot be read (${err.message}). Check STATE_DIR (fix or remove that file), then try again.`)
    throw err
  })
  const page = pageOf(stuckRows(queueName(source, instance ?? DEFAULT_INSTANCE), queue, torrents, strikes, app.config.STUCK_MAX_STRIKES, Date.now(), usenet), offset, limit)
  return { ...page, parts: [...read.parts, ...(usenet?.parts ?? [])] }
}

/**
 * The torrents with these hashes in every torrent client (the manager may send its downloads to any of
 * them); undefined when none answered. Each client is a part: checked or unknown.
 */
async function torrentsOf (app: FastifyInstance, hashes: string[]): Promise<{ torrents: TorrentInfo[] | undefined, parts: Part[] }> {
  const reads = await readSources(perInstance(app, 'torrents', 'Torrent client', name => torrentClient(app, name).list({ hashes })))
  return { torrents: reads.answered.length === 0 ? undefined : reads.answered.flatMap(a => a.value), parts: partsOfSources(reads) }
}

/**
 * Every Usenet client's jobs (the managers may send to any of them), by the id the managers store; unread
 * when one did not answer. Undefined without a Usenet client.
 */
async function usenetJobs (app: FastifyInstance): Promise<(UsenetJobs & { parts: Part[] }) | undefined> {
  if (!app.backends.usenet) return undefined
  const each = await everyInstance(app, 'usenet', async name => {
    const usenet = usenetClient(app, name)!
    return { service: usenet.service, jobs: await usenet.items().catch(err => { throw Object.assign(err, { service: usenet.service }) }) }
  })
  const byId = new Map<string, UsenetJob>()
  for (const { result } of each) if (result.status === 'fulfilled') for (const job of result.value.jobs) byId.set(job.downloadId.toLowerCase(), { job, service: result.value.service })
  const unread = each.flatMap(({ result }) => (result.status === 'rejected' ? [String((result.reason as { service?: string }).service ?? 'The Usenet client')] : []))
  const record = new PartsRecord()
  for (const { name, result } of each) {
    const label = `${usenetClient(app, name)!.service}${each.length > 1 ? ` "${name}"` : ''}`
    if (result.status === 'fulfilled') record.checked(label)
    else record.unknown(label, publicReason(result.reason))
  }
  return { byId, unread, parts: record.parts }
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
