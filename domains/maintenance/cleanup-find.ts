// What cleanup_server proposes, category by category, and the record of what it looked at: each category (each
// instance of a service, where there are several) is a part that was checked, skipped (why, and what would
// let it be checked) or unknown (its source did not answer). The answer's text is rendered from that record
// (lib/answers/parts.ts), so "nothing qualifies" is said only of the categories that were checked.
import type { FastifyInstance } from 'fastify'
import { findDownloadLeftovers, findOrphanedTorrents, findTempFiles, type CleanupTarget } from '../../lib/library/cleanup-candidates.js'
import { findGhosts, type GhostSource } from '../../lib/library/cleanup-ghosts.js'
import { part } from '../../lib/library/title-state.js'
import { PartsRecord } from '../../lib/answers/parts.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { torrentClient } from '../chosen-client.js'
import { cacheTasks, cleanupReferences } from './cleanup-sources.js'
import { findUsenetHistory } from './usenet-history.js'
import type { watchedCategory } from './watched-category.js'

export type ManagerSources = Record<'Sonarr' | 'Radarr', (instance?: string) => GhostSource>

export interface Found {
  targets: CleanupTarget[]
  /** What else the person should know (kept folders, tasks already running), beside the parts. */
  notes: string[]
  record: PartsRecord
  /** Sources that did not answer (issue 35 item 13): a confirm that finds one down keeps its token. */
  unanswered: string[]
}

export async function findTargets (app: FastifyInstance, o: {
  categories: string[]
  olderThanHours: number
  watchedDays: number
  signal: AbortSignal
  managers: ManagerSources
  watched: ReturnType<typeof watchedCategory>
}): Promise<Found> {
  const { categories, signal } = o
  const sandbox = app.sandbox
  const b = app.backends
  const olderThanMs = o.olderThanHours * 3600_000
  const targets: CleanupTarget[] = []
  const notes: string[] = []
  const record = new PartsRecord()
  const unanswered: string[] = []
  const add = (found: CleanupTarget[]) => { targets.push(...found); return found.length }
  if (categories.includes('temp')) record.checked('temp', add(await findTempFiles(sandbox, olderThanMs)))
  if (categories.includes('orphanedTorrents')) {
    for (const instance of instanceNames(b, 'torrents')) {
      const client = torrentClient(app, instance)
      const torrents = await part(() => client.list())
      const named = instance === DEFAULT_INSTANCE ? '' : ` (${instance})`
      const name = `orphanedTorrents${instance === DEFAULT_INSTANCE ? '' : ` in ${client.service}${named}`}`
      if (!torrents.available) { record.unknown(name, torrents.reason); unanswered.push(`${client.service}${named}`); continue }
      const found = (await findOrphanedTorrents(sandbox, torrents.data)).map(t => ({ ...t, ...(named && { service: `${client.service}${named}`, instance }) }))
      record.checked(name, add(found))
    }
  }
  if (categories.includes('downloadLeftovers')) {
    const refs = await cleanupReferences(app, signal)
    if (refs.unavailable.length > 0) {
      unanswered.push(...refs.unavailable)
      record.skipped('downloadLeftovers', `a folder cannot be proved unreferenced while ${refs.unavailable.map(u => u.replace(/\.$/, '')).join('; ')} did not answer`, 'call again once they answer')
    } else {
      record.checked('downloadLeftovers', add(await findDownloadLeftovers(sandbox, refs, olderThanMs)))
      notes.push(...refs.notes)
    }
  }
  if (categories.includes('caches')) {
    const found = await cacheTasks(app, signal, record)
    add(found.targets)
    notes.push(...found.notes)
  }
  if (categories.includes('ghostEntries')) {
    for (const [service, sourceOn] of Object.entries(o.managers)) {
      for (const instance of instanceNames(b, service === 'Sonarr' ? 'series' : 'movies')) {
        const src = sourceOn(instance)
        const label = instance === DEFAULT_INSTANCE ? src.service : `${src.service} (${instance})`
        const ghosts = await part(() => findGhosts(sandbox, src, signal), 30_000)
        if (!ghosts.available) { record.unknown(`ghostEntries in ${label}`, ghosts.reason); unanswered.push(label); continue }
        record.checked(`ghostEntries in ${label}`, add(ghosts.data.map(t => ({ ...t, service: label, ...(instance !== DEFAULT_INSTANCE && { instance }) }))))
      }
    }
  }
  if (categories.includes('usenetHistory')) {
    const found = await findUsenetHistory(app, record)
    add(found.targets)
    notes.push(...found.notes)
    unanswered.push(...found.unanswered)
  }
  if (categories.includes('watched')) {
    const found = await part(() => o.watched.find(o.watchedDays, signal), 60_000)
    if (found.available) {
      record.checked('watched', add(found.data.targets))
      notes.push(...found.data.notes)
    } else record.unknown('watched', found.reason)
  } else {
    // Never part of "clean everything": it deletes media people watched. Named so "nothing" does not cover it.
    record.skipped('watched', 'it deletes watched media, so it runs only when asked for by name', 'categories ["watched"]')
  }
  return { targets, notes, record, unanswered }
}
