// The items cancel_downloads works on: the series and movie managers' download queues and the torrent
// client's torrents and the Usenet client's jobs, under one id scheme ("series:<queueId>", "movies:<queueId>",
// "torrent:<hash>", "usenet:<job id>"; an extra manager instance's items "series@anime:<queueId>", an extra
// Usenet client's jobs "usenet@news2:<job id>", domains/servarr/queue-ids.ts).
import { existsSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { QueueItem } from '../../clients/servarr/types.js'
import { gather, sizedProgress } from './download-shared.js'
import { hasExtraInstances, perInstance } from '../each-instance.js'
import { queueName, queueOfId, usenetInstanceOf, usenetQueue } from '../servarr/queue-ids.js'
import type { DataHolder, Neighbours } from './download-data.js'
import { exceptRemoved } from '../../lib/holders/holders.js'
import { readHolders } from '../../lib/holders/read-holders.js'
import type { UsenetItem } from '../../clients/usenet/types.js'
import { managerOf, torrentClient, usenetClient } from '../chosen-client.js'
import { ToolError } from '../../core/errors.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'

export type CancelSource = 'series' | 'movies' | 'torrents' | 'usenet'

export interface CancelItem {
  id: string
  source: CancelSource
  title: string
  status: string
  /** Absent when the total size is unknown (a torrent without metadata yet). */
  progressPercent?: number
  sizeBytes?: number
  /** The torrent hash / download client id, which links a manager's queue item to its torrent. */
  downloadId?: string
  /** Episode or movie the item is for (managers only); items sharing one are duplicates. */
  target?: string
  /** The manager (or Usenet client) instance holding the item, when that service has extra instances. */
  instance?: string
}

// Where each listed item's data is, on this server's side of PATH_MAP (the manager's outputPath, the torrent's
// content path): kept beside the item, not in it, as it is not part of what the tool publishes.
const dataPaths = new WeakMap<CancelItem, string>()
const withData = (item: CancelItem, p: string | null | undefined) => {
  if (typeof p === 'string' && p !== '') dataPaths.set(item, p)
  return item
}
/**
 * Where an unfinished torrent's data is when its client keeps unfinished downloads apart (Transmission's
 * incomplete-dir): there, unless its content path already exists (Transmission looks in download-dir first,
 * 3.00 libtransmission/torrent.c tr_torrentFindFile2 3499).
 */
const torrentDataPath = (t: { contentPath: string, partialPath?: string }) => t.partialPath !== undefined && !existsSync(t.contentPath) ? t.partialPath : t.contentPath

/** The path the item's data is at, as the backend names it (mapped through PATH_MAP), when it names one. */
export const dataPathOf = (i: CancelItem): string | undefined => dataPaths.get(i)

/** The queue an item is in: "series", "series@anime", "movies", "torrent", "usenet". Items of different queues never share a download. */
export const queueOf = (i: CancelItem) => queueOfId(i.id)

/** A manager queue item: one of possibly several items of one download (a season pack); a client's item is its own download. */
export const isManagerItem = (i: CancelItem) => i.source === 'series' || i.source === 'movies'

function fromQueue (source: 'series' | 'movies', instance: string | undefined, r: QueueItem): CancelItem {
  const size = r.size ?? 0
  return withData({
    id: `${queueName(source, instance ?? 'default')}:${r.id}`,
    source,
    ...(instance !== undefined ? { instance } : {}),
    title: r.title ?? `queue item ${r.id}`,
    status: r.trackedDownloadState ?? r.status ?? 'unknown',
    ...sizedProgress(size, () => (size - (r.sizeleft ?? 0)) / size),
    ...(r.downloadId ? { downloadId: r.downloadId.toLowerCase() } : {}),
    ...(source === 'series' && r.episodeId ? { target: `episode:${r.episodeId}` } : {}),
    ...(source === 'movies' && r.movieId ? { target: `movie:${r.movieId}` } : {})
  }, r.outputPath)
}

async function allQueue (client: { queue: FastifyInstance['backends']['sonarr']['queue'] }): Promise<QueueItem[]> {
  const out: QueueItem[] = []
  for (let page = 1; page <= 20; page++) {
    const res = await client.queue({ page, pageSize: 200 })
    out.push(...res.records)
    if (out.length >= res.totalRecords || res.records.length === 0) break
  }
  return out
}

/** `torrents`: the torrent client instance the call runs on (ctx.instances; undefined: the default). */
export async function listCancelItems (app: FastifyInstance, source: CancelSource | 'all', torrents?: string) {
  const sources: Array<[string, () => Promise<CancelItem[]>]> = []
  // Every instance of each manager: a queue item says which one holds it, and its id routes a removal there.
  const manager = (kind: 'series' | 'movies', label: string) => {
    const named = hasExtraInstances(app, kind)
    return perInstance(app, kind, label, async name => (await allQueue(managerOf(app, kind, name))).map(r => fromQueue(kind, named ? name : undefined, r)))
  }
  if (source === 'all' || source === 'series') sources.push(...manager('series', 'Series manager'))
  if (source === 'all' || source === 'movies') sources.push(...manager('movies', 'Movie manager'))
  if (source === 'all' || source === 'torrents') {
    sources.push(['Torrent client', async () => (await torrentClient(app, torrents).list()).map(t => withData({
      id: `torrent:${t.hash}`,
      source: 'torrents' as const,
      title: t.name,
      status: t.phase,
      ...sizedProgress(t.sizeBytes, () => t.progress),
      downloadId: t.hash
    }, torrentDataPath(t)))])
  }
  const usenet = app.backends.usenet
  if (usenet && (source === 'all' || source === 'usenet')) {
    const named = hasExtraInstances(app, 'usenet')
    sources.push(...perInstance(app, 'usenet', usenet.service, async name => usenetItems(await usenetClient(app, name)!.items(), name, named)))
  }
  return await gather(sources)
}

/**
 * The Usenet client's jobs still in its queue and its failed history jobs (with the reason). Completed history
 * jobs are not downloads to cancel: cleanup_server clears them. Only a history job names where its files are
 * (clients/usenet/types.ts path), so only its data can pass the data check.
 */
function usenetItems (jobs: UsenetItem[], instance: string, named: boolean): CancelItem[] {
  return jobs.filter(j => j.list === 'queue' || j.state === 'failed').map(j => withData({
    id: `${usenetQueue(instance)}:${j.id}`,
    source: 'usenet' as const,
    ...(named ? { instance } : {}),
    title: j.name,
    status: j.failure ? `failed: ${j.failure}` : j.state,
    ...sizedProgress(j.sizeBytes, () => j.progress ?? 0),
    downloadId: j.downloadId.toLowerCase()
  }, j.path))
}

/**
 * Refuses ids of a Usenet client that is not configured ("usenet@nope:x"), naming the ones that are, before
 * any queue is read: "not found" would send the caller looking for a job in the wrong place.
 */
export function checkUsenetIds (app: FastifyInstance, ids: readonly string[]) {
  const asked = ids.flatMap(id => { const i = usenetInstanceOf(id); return i === undefined ? [] : [{ id, instance: i }] })
  if (asked.length === 0) return
  if (!app.backends.usenet) throw new ToolError(`${asked.map(a => a.id).join(', ')}: no Usenet client is configured (USENET_CLIENT_TYPE).`)
  const names = instanceNames(app.backends, 'usenet')
  const unknown = asked.filter(a => !names.includes(a.instance))
  if (unknown.length > 0) {
    const ids = names.map(n => `${usenetQueue(n)}:<job id>`).join(', ')
    throw new ToolError(`No Usenet client named ${[...new Set(unknown.map(u => `"${u.instance}"`))].join(', ')} (${unknown.map(u => u.id).join(', ')}): the configured ones are ${names.join(', ')} (USENET_CLIENT_INSTANCES), with ids ${ids}. Call action "list" for current ids.`)
  }
}

/** A Usenet client as answers name it: "SABnzbd", or 'NZBGet "news2"' for an extra one. */
export const usenetClientName = (app: FastifyInstance, instance: string) =>
  `${usenetClient(app, instance)!.service}${instance === DEFAULT_INSTANCE ? '' : ` "${instance}"`}`

/**
 * The item as the data check compares it with others. A torrent or Usenet item names its client instance
 * (`torrents`: the torrent client instance the call runs on), so the same hash in another client is another
 * download; a manager's item names none (its download is in whichever client the manager uses).
 */
export const holderOf = (i: CancelItem, torrents?: string): DataHolder => ({
  id: i.id,
  title: i.title,
  ...(i.downloadId ? { downloadId: i.downloadId } : {}),
  ...(i.source === 'torrents' ? { client: `torrents:${torrents ?? DEFAULT_INSTANCE}` } : i.source === 'usenet' ? { client: `usenet:${usenetInstanceOf(i.id)}` } : {}),
  dataPath: dataPathOf(i)
})

/**
 * Who else holds data, for the data check (download-data.ts): the path-holders index (lib/holders/: every torrent
 * and Usenet client instance, every manager's queue and library, our running moves) without the downloads one call
 * removes together (their queue items and, in the same client, their torrents): data they share goes with all of
 * them, as asked. Torrent ids of the instance the call runs on are named as cancel_downloads names them.
 */
export async function neighboursOf (app: FastifyInstance, removed: Array<{ id: string, downloadId?: string | undefined, client?: string | undefined }>, torrents?: string): Promise<Neighbours> {
  const index = await readHolders({ backends: app.backends, jobs: app.jobs })
  const chosen = torrents ?? DEFAULT_INSTANCE
  const named = { ...index, holders: index.holders.map(h => h.client === `torrents:${chosen}` ? { ...h, id: `torrent:${h.downloadId}` } : h) }
  // A torrent id without a client is the instance this call runs on (cancel_downloads' ids name no instance).
  const withClient = removed.map(r => r.client === undefined && r.id.startsWith('torrent:') ? { ...r, client: `torrents:${chosen}` } : r)
  return exceptRemoved(named, withClient)
}

/**
 * Duplicates to remove, keeping the most advanced copy: manager queue items for the same episode or movie,
 * and torrents with the same name (case and punctuation ignored) that no manager item points at.
 */
export function duplicatesOf (items: CancelItem[]): CancelItem[] {
  const groups = new Map<string, CancelItem[]>()
  const managed = new Set(items.filter(i => isManagerItem(i) && i.downloadId).map(i => i.downloadId))
  for (const item of items) {
    let key: string | undefined
    if (isManagerItem(item) && item.target) key = `${queueOf(item)}:${item.target}`
    else if (item.source === 'torrents' && !managed.has(item.downloadId)) key = `torrent:${item.title.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}`
    if (!key) continue
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  const remove: CancelItem[] = []
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const sorted = [...group].sort((a, b) => (b.progressPercent ?? 0) - (a.progressPercent ?? 0) || a.id.localeCompare(b.id))
    remove.push(...sorted.slice(1))
  }
  return remove.sort((a, b) => a.id.localeCompare(b.id))
}
