// The downloads section: the torrent clients (each instance) and the direct-download manager merged into one list.
// Each downloader answers (or fails) on its own, so one that is down never hides the other's transfers.
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type { DownloadsSection, DownloadT } from './schemas.js'
import { withDeadline } from '../../../core/deadline.js'
import { publicReason } from './public-reason.js'
import { instanceNames, runOnInstances } from '../../../clients/instance-routing.js'
import { DEFAULT_INSTANCE } from '../../../core/instance-config.js'

type Section = Static<typeof DownloadsSection>
type SourceResult = Section['sources'][number]

/** Most rows shown; unfinished transfers are listed first. */
export const MAX_DOWNLOADS = 50

const ORDER: Record<string, number> = { downloading: 0, checking: 1, queued: 2, waiting: 2, paused: 3, failed: 4, error: 4, other: 5, seeding: 6, completed: 7 }

/** pyLoad status names → the dashboard's coarse states. */
const DIRECT_STATES: Record<string, string> = {
  downloading: 'downloading',
  starting: 'downloading',
  processing: 'downloading',
  decrypting: 'downloading',
  queued: 'queued',
  waiting: 'waiting',
  temp_offline: 'waiting',
  online: 'queued',
  finished: 'completed',
  skipped: 'completed',
  failed: 'failed',
  aborted: 'failed',
  offline: 'failed'
}

const int = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined)
const percent = (n: number) => Math.min(100, Math.max(0, Math.round(n * 10) / 10))

/** One torrent client's transfers; an extra instance's ids name it (torrent@seedbox:<hash>), so ids stay unique. */
async function torrents (app: FastifyInstance, instance: string): Promise<DownloadT[]> {
  const list = await runOnInstances({ torrents: instance }, () => app.backends.qbittorrent.list())
  return list.map(t => ({
    id: instance === DEFAULT_INSTANCE ? `torrent:${t.hash}` : `torrent@${instance}:${t.hash}`,
    source: 'torrent' as const,
    name: t.name,
    progress: percent(t.progress * 100),
    speedBytesPerSecond: int(t.downloadSpeed) ?? 0,
    ...(int(t.etaSeconds) !== undefined ? { etaSeconds: int(t.etaSeconds) } : {}),
    state: t.phase,
    ...(int(t.sizeBytes) !== undefined ? { sizeBytes: int(t.sizeBytes) } : {})
  }))
}

async function direct (app: FastifyInstance): Promise<DownloadT[]> {
  const list = await app.backends.pyload.activeDownloads()
  return list.map(d => ({
    id: `direct:${d.fileId}`,
    source: 'direct' as const,
    name: d.name,
    progress: percent(d.percent),
    speedBytesPerSecond: int(d.bytesPerSecond) ?? 0,
    ...(int(d.etaSeconds) !== undefined ? { etaSeconds: int(d.etaSeconds) } : {}),
    state: DIRECT_STATES[d.status] ?? 'other',
    ...(int(d.sizeBytes) !== undefined ? { sizeBytes: int(d.sizeBytes) } : {})
  }))
}

export async function loadDownloads (app: FastifyInstance, deadlineMs: number): Promise<Section> {
  const sources: SourceResult[] = []
  const items: DownloadT[] = []
  const read = async (service: string, load: () => Promise<DownloadT[]>) => {
    try {
      items.push(...await withDeadline(load(), deadlineMs, `${service} did not answer within ${deadlineMs / 1000} s.`))
      sources.push({ service, available: true })
    } catch (err) {
      sources.push({ service, available: false, reason: publicReason(err, service, app.log) })
    }
  }
  // Every torrent client, each its own source, named as /health names it ("qBittorrent (seedbox)").
  const clients = instanceNames(app.backends, 'torrents')
  await Promise.all([
    ...clients.map(name => read(name === DEFAULT_INSTANCE ? 'qBittorrent' : `qBittorrent (${name})`, () => torrents(app, name))),
    read('pyLoad', () => direct(app))
  ])
  sources.sort((a, b) => a.service.localeCompare(b.service))
  items.sort((a, b) => (ORDER[a.state] ?? 5) - (ORDER[b.state] ?? 5) || b.progress - a.progress || a.name.localeCompare(b.name))
  return { items: items.slice(0, MAX_DOWNLOADS), sources }
}
