// The Usenet client's items as download_status rows (every instance, each named by its program when it does
// not answer), and the managers' queue rows joined to them by the id the manager stored (SABnzbd nzo_id, NZBGet
// "drone" parameter or NZBID: clients/usenet/types.ts downloadId).
import type { FastifyInstance } from 'fastify'
import { instanceNames } from '../../clients/instance-clients.js'
import { usenetClient } from '../chosen-client.js'
import { perInstance } from '../each-instance.js'
import type { DownloadState } from '../../core/download-state/index.js'
import { joinedStatus } from './joined-status.js'

/** The fields of a download_status row this file reads and writes (queue-read.ts QueueEntry has them all). */
interface Row { source: string, id: string, about?: string, finished?: boolean, status: DownloadState, reason?: string }

export function usenetSources (app: FastifyInstance, o: { display: (abs: string) => string }) {
  const usenet = app.backends.usenet
  if (!usenet) return []
  const named = instanceNames(app.backends, 'usenet').length > 1
  // The label is the program (SABnzbd, NZBGet), so "NZBGet did not answer" says which one to look at.
  return perInstance(app, 'usenet', usenet.service, async name => (await usenetClient(app, name)!.items()).map(i => ({
    source: 'usenet' as const,
    id: i.downloadId,
    name: i.name,
    state: i.state,
    status: i.status.state,
    ...(i.status.reason ? { reason: i.status.reason } : {}),
    ...(i.progress !== undefined ? { progressPercent: Math.round(i.progress * 1000) / 10 } : {}),
    ...(i.bytesPerSecond !== undefined ? { bytesPerSecond: i.bytesPerSecond } : {}),
    ...(i.etaSeconds !== undefined ? { etaSeconds: i.etaSeconds } : {}),
    ...(i.sizeBytes !== undefined ? { sizeBytes: i.sizeBytes } : {}),
    ...(i.path ? { path: o.display(i.path) } : {}),
    ...(named ? { instance: name } : {}),
    ...(i.list === 'history' && i.state === 'completed' ? { finished: true } : {})
  })))
}

/**
 * A manager row whose download id is a Usenet item's is shown once: the Usenet row, labelled with what the
 * manager grabbed it for. A completed Usenet item is listed only while a manager still holds it (waiting for
 * import); a failed one always, with its reason.
 */
export function joinUsenet<T extends Row> (all: T[]): T[] {
  const usenet = new Map(all.filter(i => i.source === 'usenet').map(i => [i.id.toLowerCase(), i]))
  if (usenet.size === 0) return all
  const held = new Set<T>()
  const rows = all.filter(i => {
    if (i.source !== 'series' && i.source !== 'movies') return true
    const item = usenet.get(i.id.toLowerCase())
    if (!item) return true
    if (i.about) item.about = i.about
    Object.assign(item, joinedStatus(item, i))
    held.add(item)
    return false
  })
  return rows.filter(i => !i.finished || held.has(i)).map(({ finished, ...i }) => i as T)
}
