// The downloads section: the same queue download_status shows (domains/downloads/queue-read.ts), read through
// the same code: the direct-download manager, every torrent client, and what every series and movie manager
// instance holds (import blocked included). A source that does not answer is listed as unavailable with why,
// so the page never says "nothing downloading" about a source it did not hear from.
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type { DownloadsSection, DownloadT } from './schemas.js'
import { readDownloadQueue, type QueueEntry } from '../../../domains/downloads/queue-read.js'
import { hasExtraInstances } from '../../../domains/each-instance.js'
import { within } from '../../../lib/sandbox/sandbox.js'
import { countByState, countsLine, DOWNLOAD_STATES, type DownloadState } from '../../../core/download-state/index.js'

type Section = Static<typeof DownloadsSection>

/** Most rows shown; unfinished transfers are listed first. */
export const MAX_DOWNLOADS = 50

/** Rows in the headline's order (core/download-state DOWNLOAD_STATES): what moves, what is stuck or failed, what waits. */
const ORDER: Record<DownloadState, number> = Object.fromEntries(DOWNLOAD_STATES.map((s, i) => [s, i])) as Record<DownloadState, number>

const int = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined)
const percent = (n: number) => Math.min(100, Math.max(0, Math.round(n * 10) / 10))

/** An id unique across sources and instances: torrent:<hash>, torrent@seedbox:<hash>, direct:<package>, series:<download>. */
function row (e: QueueEntry): DownloadT {
  const speed = int(e.bytesPerSecond)
  return {
    id: `${e.source}${e.instance ? `@${e.instance}` : ''}:${e.id}`,
    source: e.source,
    name: e.name,
    ...(e.about ? { about: e.about } : {}),
    ...(e.progressPercent !== undefined ? { progress: percent(e.progressPercent) } : {}),
    ...(speed !== undefined ? { speedBytesPerSecond: speed } : {}),
    ...(int(e.etaSeconds) !== undefined ? { etaSeconds: int(e.etaSeconds) } : {}),
    state: e.state,
    status: e.status,
    ...(e.reason ? { reason: e.reason } : {}),
    ...(int(e.sizeBytes) ? { sizeBytes: int(e.sizeBytes) } : {}),
    ...(e.instance ? { instance: e.instance } : {})
  }
}

export async function loadDownloads (app: FastifyInstance, deadlineMs: number): Promise<Section> {
  const roots = app.sandbox.roots()
  const display = (abs: string) => [roots.media, roots.downloads].some(r => r && within(r, abs)) ? app.sandbox.display(abs) : abs
  const named = { series: hasExtraInstances(app, 'series'), movies: hasExtraInstances(app, 'movies'), torrents: hasExtraInstances(app, 'torrents') }
  const read = await readDownloadQueue(app, { signal: AbortSignal.timeout(deadlineMs), named, display, deadlineMs, everyTorrentClient: true })
  const sources = [
    ...read.answered.map(service => ({ service, available: true })),
    ...read.missing.map(m => ({ service: m.source, available: false, reason: m.reason }))
  ].sort((a, b) => a.service.localeCompare(b.service))
  const items = read.items.map(row)
  items.sort((a, b) => ORDER[a.status] - ORDER[b.status] || (b.progress ?? 0) - (a.progress ?? 0) || a.name.localeCompare(b.name))
  const counts = countByState(read.items.map(i => ({ state: i.status })))
  return { items: items.slice(0, MAX_DOWNLOADS), counts, summary: countsLine(counts), sources }
}
