// What cleanup_server asks the backends before it proposes anything: every path some download or manager still
// refers to (a leftover is proposed only when all of them could be asked), and the media server's cache tasks.
import type { FastifyInstance } from 'fastify'
import type { CleanupTarget, References } from '../../lib/library/cleanup-candidates.js'
import { directDownloadReferences } from '../../lib/library/cleanup-direct-downloads.js'
import { part } from '../../lib/library/title-state.js'
import type { PartsRecord } from '../../lib/answers/parts.js'
import { readHolderSources } from '../../lib/holders/read-holders.js'

export async function cleanupReferences (app: FastifyInstance, signal: AbortSignal): Promise<References & { notes: string[] }> {
  const b = app.backends
  const roots = Object.values(app.sandbox.roots()).filter((r): r is string => typeof r === 'string')
  // A stack without a direct-download manager (DOWNLOAD_MANAGER_URL empty) has none to ask: it refers to nothing.
  // One that is set but cannot be asked (no key, no answer) may hold any folder, so it stops the category.
  const direct = app.config.DOWNLOAD_MANAGER_URL === ''
    ? { available: true as const, data: { paths: [], names: [], containers: [], notes: [] } }
    : await part(() => directDownloadReferences(b.pyload, roots))
  // Who holds a path comes from the one index every delete asks (lib/holders/): every torrent client and Usenet
  // client instance, every manager's queue and library, our own running moves. A source that did not answer, or a
  // torrent whose data location its client does not know yet, may hold any folder: it stops the leftovers.
  const index = await readHolderSources({ backends: b, jobs: app.jobs, signal })
  const unsettled = index.answered.flatMap(a => {
    const torrent = a.value.find(h => h.unsettled)
    return torrent ? [`${a.source}: the data location of torrent ${torrent.title} is not known yet (the client is still checking it)`] : []
  })
  const holders = index.answered.filter(a => !a.value.some(h => h.unsettled)).flatMap(a => a.value)
  return {
    paths: [...holders.flatMap(h => (h.dataPath ? [h.dataPath] : [])), ...(direct.available ? direct.data.paths : [])],
    unavailable: [
      ...index.missing.map(m => `${m.source}: ${m.reason}`),
      ...unsettled,
      ...(direct.available ? [] : [`direct-download manager: ${direct.reason}`])
    ],
    // What a queued Usenet job's folder will be called, before it exists.
    names: [...(direct.available ? direct.data.names : []), ...holders.filter(h => h.kind === 'usenet' && h.queued).map(h => h.title)],
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
