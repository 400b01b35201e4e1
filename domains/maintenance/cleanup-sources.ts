// What cleanup_server asks the backends before it proposes anything: every path some download or manager still
// refers to (a leftover is proposed only when all of them could be asked), and the media server's cache tasks.
import type { FastifyInstance } from 'fastify'
import { torrentContent, type CleanupTarget, type References } from '../../lib/library/cleanup-candidates.js'
import { directDownloadReferences } from '../../lib/library/cleanup-direct-downloads.js'
import { part } from '../../lib/library/title-state.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { movieManager, seriesManager, torrentClient } from '../chosen-client.js'
import { usenetReferences } from './usenet-history.js'
import type { PartsRecord } from '../../lib/answers/parts.js'
import { movingHolders } from '../../lib/holders/read-holders.js'

export async function cleanupReferences (app: FastifyInstance, signal: AbortSignal): Promise<References & { notes: string[] }> {
  const b = app.backends
  const roots = Object.values(app.sandbox.roots()).filter((r): r is string => typeof r === 'string')
  // A stack without a direct-download manager (DOWNLOAD_MANAGER_URL empty) has none to ask: it refers to nothing.
  // One that is set but cannot be asked (no key, no answer) may hold any folder, so it stops the category.
  const direct = app.config.DOWNLOAD_MANAGER_URL === ''
    ? { available: true as const, data: { paths: [], names: [], containers: [], notes: [] } }
    : await part(() => directDownloadReferences(b.pyload, roots))
  // Every instance of each service: a download of a second torrent client or an extra manager's queue is a
  // reference too, and leftovers are proposed only when all of them could be asked.
  const each = <T>(kind: 'torrents' | 'series' | 'movies', label: string, read: (name: string) => Promise<T[]>) =>
    instanceNames(b, kind).map(name => part(() => read(name))
      .then(p => [name === DEFAULT_INSTANCE ? label : `${label} "${name}"`, p] as const))
  const sources = await Promise.all([
    ...each('torrents', 'torrent client', async name => (await torrentClient(app, name).list()).flatMap(t => {
      const content = torrentContent(t)
      if (!content) throw new Error(`the data location of torrent ${t.name} is not known yet (the client is still checking it)`)
      // An unfinished torrent's data may be in the client's folder for unfinished downloads (Transmission's incomplete-dir).
      return t.partialPath ? [content, t.partialPath] : [content]
    })),
    Promise.resolve(['direct-download manager', direct.available ? { available: true as const, data: direct.data.paths } : direct] as const),
    ...each('series', 'series manager queue', async name => (await seriesManager(app, name).queue({ page: 1, pageSize: 1000, signal })).records.flatMap(r => (r.outputPath ? [r.outputPath] : []))),
    ...each('movies', 'movie manager queue', async name => (await movieManager(app, name).queue({ page: 1, pageSize: 1000, signal })).records.flatMap(r => (r.outputPath ? [r.outputPath] : []))),
    ...each('series', 'series manager', async name => (await seriesManager(app, name).listSeries(signal)).flatMap(s => (s.path ? [s.path] : []))),
    ...each('movies', 'movie manager', async name => (await movieManager(app, name).listMovies(signal)).flatMap(m => (m.path ? [m.path] : []))),
    // Our own running moves hold both ends of each file (the path-holders index, lib/holders/).
    Promise.resolve(['our own moves', { available: true as const, data: movingHolders(app.jobs).flatMap(h => (h.dataPath ? [h.dataPath] : [])) }] as const)
  ])
  const usenet = await Promise.all(usenetReferences(app))
  return {
    paths: [...sources, ...usenet].flatMap(([, p]) => (!p.available ? [] : Array.isArray(p.data) ? p.data : p.data.paths)),
    unavailable: [...sources, ...usenet].flatMap(([name, p]) => (p.available ? [] : [`${name}: ${p.reason}`])),
    names: [...(direct.available ? direct.data.names : []), ...usenet.flatMap(([, p]) => (p.available ? p.data.names : []))],
    containers: direct.available ? direct.data.containers : [],
    notes: direct.available ? direct.data.notes : []
  }
}

/** The media server's cache tasks as targets; the "caches" part is recorded in `record`. */
export async function cacheTasks (app: FastifyInstance, signal: AbortSignal, record: PartsRecord): Promise<{ targets: CleanupTarget[], notes: string[] }> {
  const b = app.backends
  const cache = b.mediaServer.cacheTasks
  if (!cache) {
    record.skipped('caches', `${b.mediaServer.service} offers no cache cleanup this server can start`, `${b.mediaServer.service} cleans its caches by its own schedule`)
    return { targets: [], notes: [] }
  }
  const tasks = await part(() => cache.list({ signal }))
  if (!tasks.available) {
    record.unknown('caches', tasks.reason)
    return { targets: [], notes: [] }
  }
  const wanted = tasks.data
  const running = wanted.filter(t => t.state !== 'Idle')
  const targets = wanted.filter(t => t.state === 'Idle').map(t => ({
    category: 'caches' as const,
    name: t.name,
    id: t.id,
    service: b.mediaServer.service,
    reason: `the media server's own "${t.name}" task (${t.key}) deletes the cache or transcode files it no longer needs`
  }))
  record.checked('caches', targets.length)
  return {
    targets,
    notes: [
      ...(running.length ? [`already running on the media server: ${running.map(t => t.name).join(', ')}`] : []),
      ...(wanted.length === 0 ? ['the media server offers no cache cleanup task'] : [])
    ]
  }
}
