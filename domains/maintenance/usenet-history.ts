// cleanup_server and the Usenet client: its completed jobs a manager has imported are history to clear (what its jobs
// hold is in the path-holders index, lib/holders/, which the leftovers check asks)
// ("usenetHistory"): only the history entry goes, never the files (a leftover they leave is judged by
// downloadLeftovers on a later run, with its own checks).
import type { FastifyInstance } from 'fastify'
import { instanceNames } from '../../clients/instance-clients.js'
import { movieManager, seriesManager, usenetClient } from '../chosen-client.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import type { UsenetItem } from '../../clients/usenet/types.js'
import type { CleanupTarget } from '../../lib/library/cleanup-candidates.js'
import { part } from '../../lib/library/title-state.js'
import type { PartsRecord } from '../../lib/answers/parts.js'

/** Thrown for a target that no longer qualifies at the confirm: reported as skipped. */
export class UsenetHistoryChanged extends Error {}

const label = (service: string, name: string) => (name === DEFAULT_INSTANCE ? service : `${service} (${name})`)

/** The manager instances a finished download may have been imported by, each as a history reader. */
function managerReaders (app: FastifyInstance) {
  const b = app.backends
  return [
    ...instanceNames(b, 'series').map(name => ({ label: label('Sonarr', name), read: (downloadId: string) => seriesManager(app, name).history({ page: 1, pageSize: 50, downloadId }) })),
    ...instanceNames(b, 'movies').map(name => ({ label: label('Radarr', name), read: (downloadId: string) => movieManager(app, name).history({ page: 1, pageSize: 50, downloadId }) }))
  ]
}

/** The manager that imported the download (its downloadFolderImported record), if one of those that answered did. */
async function importedBy (app: FastifyInstance, job: UsenetItem, unread: Set<string>): Promise<string | undefined> {
  for (const m of managerReaders(app)) {
    const history = await part(() => m.read(job.downloadId))
    if (!history.available) { unread.add(`${m.label} (${history.reason})`); continue }
    if (history.data.records.some(r => r.eventType === 'downloadFolderImported' && r.downloadId === job.downloadId)) return m.label
  }
  return undefined
}

/** Completed Usenet jobs a manager has imported: their history entries to clear, with notes on what could not be asked. */
export async function findUsenetHistory (app: FastifyInstance, record: PartsRecord): Promise<{ targets: CleanupTarget[], notes: string[], unanswered: string[] }> {
  if (!app.backends.usenet) {
    record.skipped('usenetHistory', 'this stack has no Usenet client')
    return { targets: [], notes: [], unanswered: [] }
  }
  const targets: CleanupTarget[] = []
  const notes: string[] = []
  const unread = new Set<string>()
  const unanswered: string[] = []
  for (const name of instanceNames(app.backends, 'usenet')) {
    const usenet = usenetClient(app, name)!
    const service = label(usenet.service, name)
    const jobs = await part(() => usenet.items())
    const partName = name === DEFAULT_INSTANCE ? 'usenetHistory' : `usenetHistory in ${service}`
    if (!jobs.available) { record.unknown(partName, jobs.reason); unanswered.push(service); continue }
    const before = targets.length
    for (const job of jobs.data.filter(j => j.list === 'history' && j.state === 'completed')) {
      const by = await importedBy(app, job, unread)
      if (!by) continue
      targets.push({
        category: 'usenetHistory',
        name: job.name,
        id: `usenet:${job.id}`,
        service,
        ...(name !== DEFAULT_INSTANCE ? { instance: name } : {}),
        bytes: 0,
        reason: `completed in ${service} and imported by ${by}; only the history entry is removed, its files are left`
      })
    }
    record.checked(partName, targets.length - before)
  }
  if (unread.size) notes.push(`completed Usenet downloads not proved imported while ${[...unread].join('; ')} did not answer`)
  return { targets, notes, unanswered: [...unanswered, ...unread] }
}

/**
 * Right before clearing: the job is still a completed history entry of that client; then `request` clears its
 * entry only (the caller looks afterwards whether it went, lib/effects).
 */
export async function prepareUsenetClear (app: FastifyInstance, t: CleanupTarget): Promise<{ service: string, request: () => Promise<void> }> {
  const id = t.id?.startsWith('usenet:') ? t.id.slice('usenet:'.length) : undefined
  if (!id) throw new Error(`malformed target ${t.id}`)
  const name = t.instance ?? DEFAULT_INSTANCE
  const usenet = instanceNames(app.backends, 'usenet').includes(name) ? usenetClient(app, name) : undefined
  if (!usenet) throw new UsenetHistoryChanged('no Usenet client is configured now')
  const job = (await usenet.items()).find(j => j.id === id)
  if (!job || job.list !== 'history' || job.state !== 'completed') throw new UsenetHistoryChanged(`no longer a completed download in ${usenet.service}'s history`)
  return { service: usenet.service, request: () => usenet.remove([id], { deleteData: false }) }
}
