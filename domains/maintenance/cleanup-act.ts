// cleanup_server's confirmed call, target by target: the re-checks right before acting (a target that no longer
// qualifies is skipped, nothing asked) and then the one request that acts, as an effect the next look checks
// (lib/effects). Files and folders go through applyDelete, as manage_files deletes them: never through a symbolic
// link, nothing that changed since the preview; the files a target holds are pinned just before, so the look
// after counts what is really gone.
import type { FastifyInstance } from 'fastify'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { applyDelete, TargetChanged } from '../../lib/library/delete-targets.js'
import type { CleanupTarget } from '../../lib/library/cleanup-candidates.js'
import { folderState, ghostFacts } from '../../lib/library/cleanup-ghosts.js'
import { absOfFolder } from '../../lib/library/title-folder.js'
import { within } from '../../lib/sandbox/sandbox.js'
import type { AskedEffect } from '../../lib/effects/effects.js'
import { pinFiles, type PinnedFile } from '../../lib/effects/disk-deletes.js'
import type { ScheduledTask } from '../../clients/media-server/types.js'
import { untrusted } from '../servarr/text.js'
import { movieManager, seriesManager, torrentClient } from '../chosen-client.js'
import { prepareUsenetClear, UsenetHistoryChanged } from './usenet-history.js'
import { WatchedChanged, type watchedCategory } from './watched-category.js'
import type { ManagerSources } from './cleanup-find.js'

/** Thrown for a target that no longer qualifies: reported as skipped, not failed. */
export class Changed extends Error {}

/** A target that changed since the preview (nothing of it was touched): skipped, not failed. */
export const isChanged = (err: unknown): err is Error =>
  err instanceof Changed || err instanceof TargetChanged || err instanceof WatchedChanged || err instanceof UsenetHistoryChanged

/** A target ready to act on: the effect the next look checks, the request, and (on disk) the files it holds. */
export interface Act { target: CleanupTarget, effect: Omit<AskedEffect, 'error'>, request: () => Promise<unknown>, pinned?: PinnedFile[] }

const at = (instance?: string) => (instance && instance !== DEFAULT_INSTANCE ? `@${instance}` : '')
const managerId = (id: string | undefined, instance?: string) => {
  const [kind, n] = (id ?? '').split(':')
  return `${kind}${at(instance)}:${n}`
}

/** The id an effect is named by: "torrent:<hash>", "usenet@news2:12", "series:3", or the path on disk. */
export function effectIdOf (t: CleanupTarget): string {
  switch (t.category) {
    case 'orphanedTorrents': return `torrent${at(t.instance)}:${t.hash}`
    case 'usenetHistory': return `usenet${at(t.instance)}:${t.id?.slice('usenet:'.length)}`
    case 'ghostEntries': return managerId(t.id, t.instance)
    case 'watched': return managerId(t.id, t.watched?.instance)
    default: return t.name
  }
}

/** The manager entry a ghost or watched target names: its kind, instance and number. */
export function entryOf (t: CleanupTarget): { kind: 'series' | 'movie', instance?: string, id: number } {
  const [kind, n] = (t.id ?? '').split(':')
  const id = Number(n)
  if ((kind !== 'series' && kind !== 'movie') || !Number.isInteger(id)) throw new Error(`malformed target ${t.id}`)
  return { kind, instance: t.category === 'watched' ? t.watched?.instance : t.instance, id }
}

export function cleanupActs (app: FastifyInstance, managers: ManagerSources, watched: ReturnType<typeof watchedCategory>) {
  const sandbox = app.sandbox

  /** Right before removing a ghost: still there, same folder, still no files, folder still gone, nothing queued. */
  async function ghost (t: CleanupTarget): Promise<() => Promise<unknown>> {
    const { kind, instance, id } = entryOf(t)
    const src = (kind === 'series' ? managers.Sonarr : managers.Radarr)(instance)
    const entry = kind === 'series' ? await seriesManager(app, instance).getSeries(id) : await movieManager(app, instance).getMovie(id)
    if (!entry) throw new Changed(`no longer in ${src.service}`)
    const facts = ghostFacts(src.kind, entry)
    if (!facts || facts.hasFiles) throw new Changed(`${src.service} now lists files for it`)
    // A folder that is now outside the media root (or the root itself) cannot be shown, nor proved gone.
    const state = await folderState(sandbox, facts.path)
    const media = sandbox.roots().media
    if (state === 'unknown' && (media === undefined || !within(media, facts.path))) throw new Changed(`its folder changed to ${untrusted(facts.path, 300)}, outside the media root`)
    if (sandbox.display(facts.path) !== t.path) throw new Changed(`its folder changed to ${untrusted(facts.path, 300)}`)
    if (state !== 'missing') throw new Changed('its folder exists again')
    const queue = await src.queue({ page: 1, pageSize: 1000 })
    if (queue.records.some(r => (src.kind === 'series' ? r.seriesId : r.movieId) === id)) throw new Changed('a download for it is now in the queue')
    return kind === 'series'
      ? () => seriesManager(app, instance).deleteSeries(id, { deleteFiles: false, addImportListExclusion: false })
      : () => movieManager(app, instance).deleteMovie(id, { deleteFiles: false, addImportExclusion: false })
  }

  /**
   * A temp file or download leftover, deleted as manage_files deletes: exactly the previewed entry (device and
   * inode, or the digest of the folder's entries), each unlink and rmdir after a re-check of the folder holding
   * it. `kept` gets the folders left because something new appeared in them.
   */
  async function onDisk (t: CleanupTarget, kept: string[]): Promise<Act> {
    const { onDisk: pinnedAs } = t
    if (!pinnedAs) throw new Error(`malformed target ${t.name}: no fingerprint`)
    const abs = await sandbox.resolveEntry(t.name)
    const pinned = await pinFiles(abs)
    const request = async () => {
      const [done] = await applyDelete(sandbox, [{ path: t.name, bytes: t.bytes ?? 0, ...pinnedAs }], 'cleanup_server')
      kept.push(...done!.keptFolders)
    }
    return { target: t, effect: { id: t.name, title: t.name, service: 'this server', data: { abs, shown: t.name } }, request, pinned }
  }

  /** Each deleting target's re-checks, then its act; a target that changed throws (isChanged). */
  async function prepare (t: CleanupTarget, signal: AbortSignal, kept: string[]): Promise<Act> {
    const base = { id: effectIdOf(t), title: t.name }
    switch (t.category) {
      case 'orphanedTorrents': {
        const torrent = torrentClient(app, t.instance)
        return { target: t, effect: { ...base, service: t.service ?? torrent.service }, request: () => torrent.remove([t.hash!], { deleteFiles: false }) }
      }
      case 'usenetHistory': {
        const { service, request } = await prepareUsenetClear(app, t)
        return { target: t, effect: { ...base, service: t.service ?? service }, request }
      }
      case 'ghostEntries':
        return { target: t, effect: { ...base, service: t.service ?? 'its manager' }, request: await ghost(t) }
      case 'watched': {
        const { folder, request } = await watched.prepareRemove(t, signal)
        const abs = absOfFolder(folder)
        const data = abs ? { abs, shown: folder.path, ...(folder.complete ? { files: folder.files, bytes: folder.bytes } : {}) } : undefined
        return { target: t, effect: { ...base, service: t.service ?? 'its manager', ...(data ? { data } : {}) }, request }
      }
      default:
        return await onDisk(t, kept)
    }
  }

  /** The media server's own cache cleanup task, started if it is still idle. */
  async function startCache (t: CleanupTarget, tasks: () => Promise<ScheduledTask[]>) {
    const task = (await tasks()).find(x => x.id === t.id)
    if (!task) throw new Changed('the media server no longer has this task')
    if (task.state !== 'Idle') throw new Changed('already running on the media server')
    await app.backends.mediaServer.cacheTasks!.start(task.id)
  }

  return { prepare, startCache }
}
