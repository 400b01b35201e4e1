// cleanup_server: removes what can be proved unneeded (our old temp files, torrents whose data is gone,
// unreferenced old download leftovers, manager entries whose media is gone) and starts the media server's
// own cache cleanup. The preview lists every target; the token is bound to that list (each file with its
// device and inode, each folder with a digest of its entries and theirs) and the confirmed call acts on
// exactly it, re-checking each manager entry and task right before acting. Files and folders go through
// applyDelete, as manage_files deletes them: never through a symbolic link, nothing that changed since.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { defineTool } from '../../../core/tool-types.js'
import { formatBytes } from '../../../core/format.js'
import { applyDelete, TargetChanged } from '../../../lib/library/delete-targets.js'
import type { CleanupTarget } from '../../../lib/library/cleanup-candidates.js'
import { folderState, ghostFacts, type GhostSource } from '../../../lib/library/cleanup-ghosts.js'
import { nothingText, PartsSchema, uncheckedText } from '../../../lib/answers/parts.js'
import { untrusted } from '../../servarr/text.js'
import { within } from '../../../lib/sandbox/sandbox.js'
import { watchedCategory, WatchedChanged } from '../watched-category.js'
import { movieManager, seriesManager, torrentClient } from '../../chosen-client.js'
import type { ScheduledTask } from '../../../clients/media-server/types.js'
import { previewLines, shown } from '../cleanup-preview.js'
import { clearUsenetHistory, UsenetHistoryChanged } from '../usenet-history.js'
import { findTargets, type ManagerSources } from '../cleanup-find.js'

// watched is asked for by name only: it deletes media people watched, never as part of "clean everything".
// usenetHistory is listed only on a stack with a Usenet client (issue 39: nothing of an unconfigured backend).
const DEFAULT_CATEGORIES = ['temp', 'orphanedTorrents', 'downloadLeftovers', 'caches', 'ghostEntries', 'usenetHistory'] as const
const CATEGORIES = [...DEFAULT_CATEGORIES, 'watched'] as const
type CategoryName = typeof CATEGORIES[number]

function inputFor (usenet: boolean) {
  const listed = (names: readonly CategoryName[]) => names.filter(c => usenet || c !== 'usenetHistory')
  const categories = listed(CATEGORIES)
  return Type.Object({
    categories: Type.Array(Type.Union(categories.map(c => Type.Literal(c))), { minItems: 1, maxItems: categories.length, default: listed(DEFAULT_CATEGORIES), description: 'Default: all but watched' }),
    olderThanHours: Type.Integer({ minimum: 0, maximum: 8760, default: 24, description: 'Min age of temp and leftovers' }),
    watchedDays: Type.Integer({ minimum: 0, maximum: 3650, default: 90, description: 'watched: days unplayed' })
  }, { additionalProperties: false })
}

const Target = Type.Object({
  category: Type.String({ description: 'One of the categories' }),
  name: Type.String({ description: 'Path, torrent/Usenet job name, task name, or series/movie title' }),
  hash: Type.Optional(Type.String({ description: 'Torrent hash' })),
  id: Type.Optional(Type.String({ description: 'Task id (caches), "series:<id>"/"movie:<id>" (ghostEntries) or "usenet:<id>"' })),
  service: Type.Optional(Type.String({ description: 'Service that owns the target' })),
  path: Type.Optional(Type.String({ description: 'The entry\'s (missing) folder (ghostEntries)' })),
  bytes: Type.Optional(Type.Number({ description: 'Bytes freed on disk (0 for torrent, Usenet and manager entries, which free no disk space); absent when unknown (caches)' })),
  reason: Type.String({ description: 'Why it is safe to remove' })
})

const outputSchema = Type.Object({
  removed: Type.Array(Target, { description: 'What was removed (caches: the media-server task that was started)' }),
  skipped: Type.Array(Type.Object({ name: Type.String({ description: 'Target' }), reason: Type.String({ description: 'Why it was left alone' }) }), { description: 'Targets that changed since the preview (or a task already running) and were left alone' }),
  failed: Type.Array(Type.Object({ name: Type.String({ description: 'Target' }), error: Type.String({ description: 'Why it was not removed' }) }), { description: 'Targets that could not be removed' }),
  bytesFreed: Type.Number({ description: 'Total bytes freed' }),
  parts: Type.Optional(PartsSchema)
}, { additionalProperties: false })

/** Thrown inside the handler for a target that no longer qualifies: reported as skipped, not failed. */
class Changed extends Error {}

export default function cleanupServer (app: FastifyInstance) {
  const sandbox = app.sandbox
  const b = app.backends
  const watched = watchedCategory(app)
  /** Each manager's ghost source on one of its instances (undefined: the default one). */
  const managers: ManagerSources = {
    Sonarr: instance => {
      const sonarr = seriesManager(app, instance)
      return { kind: 'series', service: 'Sonarr', entries: s => sonarr.listSeries(s), queue: q => sonarr.queue(q), history: q => sonarr.history(q) }
    },
    Radarr: instance => {
      const radarr = movieManager(app, instance)
      return { kind: 'movie', service: 'Radarr', entries: s => radarr.listMovies(s), queue: q => radarr.queue(q), history: q => radarr.history(q) }
    }
  }

  /** On the manager instance the target names (the default one unless it names another). */
  async function removeGhost (t: CleanupTarget) {
    const sourceOn = t.id?.startsWith('series:') ? managers.Sonarr : t.id?.startsWith('movie:') ? managers.Radarr : undefined
    const numeric = Number(t.id?.split(':')[1])
    if (!sourceOn || !Number.isInteger(numeric)) throw new Error(`malformed target ${t.id}`)
    await removeGhostEntry(t, sourceOn(t.instance), t.instance, numeric)
  }

  /** Right before removing a ghost: still there, same folder, still no files, folder still gone, nothing queued. */
  async function removeGhostEntry (t: CleanupTarget, src: GhostSource, instance: string | undefined, numeric: number) {
    const entry = src.kind === 'series' ? await seriesManager(app, instance).getSeries(numeric) : await movieManager(app, instance).getMovie(numeric)
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
    if (queue.records.some(r => (src.kind === 'series' ? r.seriesId : r.movieId) === numeric)) throw new Changed('a download for it is now in the queue')
    if (src.kind === 'series') await seriesManager(app, instance).deleteSeries(numeric, { deleteFiles: false, addImportListExclusion: false })
    else await movieManager(app, instance).deleteMovie(numeric, { deleteFiles: false, addImportExclusion: false })
  }

  /**
   * A temp file or download leftover, deleted as manage_files deletes: exactly the previewed entry (device
   * and inode, or the digest of the folder's entries), never through a symbolic link, each unlink and rmdir
   * after a re-check of the folder holding it. Returns the target as removed (with the bytes freed) and
   * adds to `kept` the folders left because something new appeared in them.
   */
  async function removeFromDisk (t: CleanupTarget, kept: string[]): Promise<CleanupTarget> {
    const { onDisk, ...shown } = t
    if (!onDisk) throw new Error(`malformed target ${t.name}: no fingerprint`)
    const [done] = await applyDelete(sandbox, [{ path: t.name, bytes: t.bytes ?? 0, ...onDisk }], 'cleanup_server')
    kept.push(...done.keptFolders)
    return { ...shown, bytes: done.bytesFreed }
  }

  async function startCache (t: CleanupTarget, tasks: () => Promise<ScheduledTask[]>) {
    const task = (await tasks()).find(x => x.id === t.id)
    if (!task) throw new Changed('the media server no longer has this task')
    if (task.state !== 'Idle') throw new Changed('already running on the media server')
    await b.mediaServer.cacheTasks!.start(task.id)
  }

  return defineTool({
    name: 'cleanup_server',
    title: 'Clean up leftovers',
    description: `Frees space, removing only what is proved unneeded: our temp files, torrents whose data is gone${app.backends.usenet ? ' and imported Usenet history (entries only)' : ''}, old unreferenced download leftovers, media server caches, ghost manager entries (folder gone, files kept); if named, watched: titles all users watched, no favourite or keep tag, marked leaving soon first, then deleted by their manager. Preview + confirmToken; acts on exactly that list.`,
    inputSchema: inputFor(app.backends.usenet !== undefined),
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    changesLibrary: true,
    confirm: {
      preview: async (args, ctx) => {
        const { targets, notes, record, unanswered } = await findTargets(app, { ...args, signal: ctx.signal, managers, watched })
        const noted = notes.length ? ` Note: ${notes.join('; ')}.` : ''
        const parts = record.parts
        if (targets.length === 0) {
          return { summary: '', targets, unanswered, nothingToDo: { data: { removed: [], skipped: [], failed: [], bytesFreed: 0, parts }, summary: `Nothing to clean up. ${nothingText(parts, 'qualifies')}${noted}` } }
        }
        const unchecked = uncheckedText(parts)
        return { summary: `${previewLines(targets)}${unchecked ? ` ${unchecked}` : ''}${noted}`, targets, unanswered, data: { parts } }
      }
    },
    handler: async (_args, ctx) => {
      const targets = ctx.confirmed!.targets as CleanupTarget[]
      const removed: CleanupTarget[] = []
      const skipped: Array<{ name: string, reason: string }> = []
      const failed: Array<{ name: string, error: string }> = []
      const kept: string[] = []
      let taskList: Promise<ScheduledTask[]> | undefined
      let refresh = ''
      const tasks = () => (taskList ??= b.mediaServer.cacheTasks?.list({ signal: ctx.signal }) ?? Promise.resolve([]))
      for (const t of targets) {
        try {
          let done = t
          if (t.category === 'orphanedTorrents') {
            await torrentClient(app, t.instance).remove([t.hash!], { deleteFiles: false })
          } else if (t.category === 'caches') {
            await startCache(t, tasks)
          } else if (t.category === 'ghostEntries') {
            await removeGhost(t)
          } else if (t.category === 'usenetHistory') {
            await clearUsenetHistory(app, t)
          } else if (t.category === 'watched') {
            await watched.remove(t, ctx.signal)
          } else {
            done = await removeFromDisk(t, kept)
          }
          removed.push(shown(done))
        } catch (err) {
          if (err instanceof Changed || err instanceof TargetChanged || err instanceof WatchedChanged || err instanceof UsenetHistoryChanged) skipped.push({ name: t.name, reason: err.message })
          else failed.push({ name: t.name, error: err instanceof Error ? err.message : String(err) })
        }
      }
      // The media server drops deleted titles on its next scan: start one now rather than wait for it.
      if (removed.some(t => t.category === 'watched')) {
        refresh = await b.mediaServer.refreshLibraries().then(() => ' The media server is rescanning its libraries.', (err: Error) => ` The media server could not be asked to rescan (${err.message}): it drops the deleted titles on its next scan.`)
      }
      const bytesFreed = removed.reduce((n, t) => n + (t.bytes ?? 0), 0)
      return {
        data: { removed, skipped, failed, bytesFreed },
        summary: `Done with ${removed.length} of ${targets.length} item(s), ${formatBytes(bytesFreed)} freed.` +
          `${skipped.length ? ` ${skipped.length} skipped because they changed (see skipped).` : ''}${failed.length ? ` ${failed.length} failed (see failed).` : ''}` +
          `${kept.length ? ` Kept ${kept.join(', ')}: something new appeared in it during the cleanup.` : ''}${refresh}`
      }
    }
  })
}
