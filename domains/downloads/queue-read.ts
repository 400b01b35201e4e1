// The download queue as download_status shows it and the dashboard's Downloads panel too: the direct-download
// manager, every torrent client and every series and movie manager instance (what the managers hold, import
// blocked included), each read on its own, so one that does not answer is named and never read as "nothing".
import type { FastifyInstance } from 'fastify'
import { didNotAnswer, withDeadline } from '../../core/deadline.js'
import { missingLines, readSources, type MissingSource } from '../../lib/sources/sources.js'
import { partsOfSources, type Part } from '../../lib/answers/parts.js'
import { perInstance } from '../each-instance.js'
import { fromInstance, movieDownloads, seriesDownloads } from './manager-queue.js'
import { torrentClient } from '../chosen-client.js'
import { sizedProgress } from './download-shared.js'
import { usenetSources, joinUsenet } from './usenet-rows.js'
import { pyloadStatus, type DownloadState } from '../../core/download-state/index.js'
import { joinedStatus } from './joined-status.js'

export interface QueueEntry {
  source: 'direct' | 'torrent' | 'series' | 'movies' | 'usenet'
  id: string
  name: string
  about?: string
  /** The program's own state word (qBittorrent stalledDL, NZBGet's fetching, Sonarr's importPending…). */
  state: string
  /** The one download-state vocabulary (core/download-state). */
  status: DownloadState
  /** Absent when the total size is unknown (a torrent without metadata, a package of unknown size). */
  progressPercent?: number
  bytesPerSecond?: number
  etaSeconds?: number
  sizeBytes?: number
  path?: string
  /** The instance it came from, when that service has extra instances. */
  instance?: string
  /** Why it is stalled, failed or blocked, in household words ("no one is sharing it", "missing articles"). */
  reason?: string
  /** A finished Usenet item, listed only while a manager still holds it (internal: never published). */
  finished?: boolean
}

export interface QueueRead {
  items: QueueEntry[]
  /** One line per source that did not answer. */
  warnings: string[]
  answered: string[]
  missing: MissingSource[]
  /** Each source checked, skipped (not configured) or unknown (did not answer): lib/answers/parts.ts. */
  parts: Part[]
}

export interface QueueReadOptions {
  signal: AbortSignal
  /** Which services have extra instances (their rows then name the instance). */
  named: { series: boolean, movies: boolean, torrents?: boolean }
  /** Read every torrent client (the dashboard), not only the one the call runs on. */
  everyTorrentClient?: boolean
  /** The torrent client instance the call runs on (ctx.instances; undefined: the default). */
  torrentInstance?: string
  /** How a path is shown (inside the roots: relative to them). */
  display: (abs: string) => string
  /** Each source gets this long at most (the dashboard); a late one is named as not answering. */
  deadlineMs?: number
}

const statusFields = (s: { state: DownloadState, reason?: string }) => ({ status: s.state, ...(s.reason ? { reason: s.reason } : {}) })

export async function readDownloadQueue (app: FastifyInstance, o: QueueReadOptions): Promise<QueueRead> {
  const bounded = <T>(source: string, read: () => Promise<T>) => (): Promise<T> =>
    o.deadlineMs === undefined ? read() : withDeadline(read(), o.deadlineMs, didNotAnswer(source, o.deadlineMs))
  const torrentRows = async (name?: string): Promise<QueueEntry[]> => (await torrentClient(app, name ?? o.torrentInstance).list()).filter(t => t.progress < 1).map(t => ({
    source: 'torrent' as const,
    id: t.hash,
    name: t.name,
    state: t.phase,
    status: t.status.state,
    ...(t.status.reason ? { reason: t.status.reason } : {}),
    ...sizedProgress(t.sizeBytes, () => t.progress),
    bytesPerSecond: t.downloadSpeed,
    ...(t.etaSeconds !== undefined ? { etaSeconds: t.etaSeconds } : {}),
    path: o.display(t.contentPath),
    ...(name !== undefined && o.named.torrents ? { instance: name } : {})
  }))
  const sources: Array<[string, () => Promise<QueueEntry[]>]> = [
    ['Direct-download manager', async () => (await app.backends.pyload.queue()).filter(p => !p.finished).map(p => ({
      source: 'direct' as const,
      id: String(p.id),
      name: p.name,
      state: p.failed ? 'failed' : p.linksDone > 0 || p.bytesDone > 0 ? 'downloading' : 'queued',
      ...statusFields(pyloadStatus(p)),
      ...sizedProgress(p.bytesTotal, () => p.bytesDone / p.bytesTotal)
    }))],
    // The dashboard reads every torrent client; download_status the one its call runs on (its `instance`).
    ...(o.everyTorrentClient ? perInstance(app, 'torrents', 'Torrent client', torrentRows) : [['Torrent client', () => torrentRows()] as [string, () => Promise<QueueEntry[]>]]),
    // Every instance of each manager, each row naming its instance when there are several.
    ...perInstance(app, 'series', 'Series manager', async name => fromInstance(await seriesDownloads(app, o.signal, name), 'series', o.named.series ? name : undefined)),
    ...perInstance(app, 'movies', 'Movie manager', async name => fromInstance(await movieDownloads(app, o.signal, name), 'movies', o.named.movies ? name : undefined)),
    ...usenetSources(app, o)
  ]
  const reads = await readSources(sources.map(([source, read]) => [source, bounded(source, read)]))
  const { answered, missing } = reads
  const all = joinUsenet(answered.flatMap(a => a.value))
  // A manager's download the torrent client lists already is shown once: the torrent, labelled, with the
  // torrent client's speed (the hashes match). Other manager rows have no speed: none is reported.
  const torrents = new Map(all.filter(i => i.source === 'torrent').map(i => [i.id.toLowerCase(), i]))
  const items = all.filter(i => {
    if (i.source !== 'series' && i.source !== 'movies') return true
    const torrent = torrents.get(i.id)
    if (torrent && i.about) torrent.about = i.about
    if (torrent) Object.assign(torrent, joinedStatus(torrent, i))
    return !torrent
  })
  // Live speed and time left of direct downloads come from the active-downloads call: a package with no
  // active file moves at 0 B/s; when that call fails, the speed is unknown and stays absent.
  const active = items.some(i => i.source === 'direct') ? await bounded('Direct-download manager', () => app.backends.pyload.activeDownloads())().catch(() => undefined) : []
  for (const item of items) {
    if (item.source !== 'direct' || active === undefined) continue
    const files = active.filter(a => String(a.packageId) === item.id)
    if (files.length === 0) { item.bytesPerSecond = 0; continue }
    item.bytesPerSecond = files.reduce((n, f) => n + f.bytesPerSecond, 0)
    item.etaSeconds = Math.max(...files.map(f => f.etaSeconds))
    item.state = 'downloading'
    if (item.status === 'queued') item.status = 'downloading'
  }
  return { items, warnings: missingLines(missing), answered: answered.map(a => a.source), missing, parts: partsOfSources(reads) }
}
