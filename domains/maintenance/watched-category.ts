// cleanup_server's "watched" category on the live stack: the media server's play data and every series and
// movie manager instance (lib/library/cleanup-watched.ts decides), the leaving-soon marks (STATE_DIR), and the
// confirmed delete, which re-checks everything the preview showed right before asking the manager to delete the
// title with its files and an import-list exclusion.
import type { FastifyInstance } from 'fastify'
import { formatBytes } from '../../core/format.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { instanceNames } from '../../clients/instance-clients.js'
import { movieManager, seriesManager } from '../chosen-client.js'
import { findWatched, type WatchedCandidate, type WatchedManager } from '../../lib/library/cleanup-watched.js'
import type { CleanupTarget } from '../../lib/library/cleanup-candidates.js'
import { createLeavingSoonStore, type LeavingSoonStore } from '../../lib/library/leaving-soon.js'
import { checkTitleFolder, deleteTitleWithFiles, describeFolder, FolderRefused, sameFolder, type CheckedFolder } from '../../lib/library/title-folder.js'
import { quoted } from '../servarr/text.js'
import { keepStore, keptBy, tellLeaving } from './watched-keeps.js'
import { keptFor } from '../../lib/library/keeps.js'
import { recordServerAct, titleLine } from '../../lib/audit/server-acts.js'

/** Thrown for a title that no longer qualifies: cleanup_server reports it as skipped, not failed. */
export class WatchedChanged extends Error {}

const stores = new Map<string, LeavingSoonStore>()
/** One store per state directory, so concurrent calls share its serialized writes. */
function leavingSoon (stateDir: string): LeavingSoonStore {
  let store = stores.get(stateDir)
  if (!store) stores.set(stateDir, store = createLeavingSoonStore(stateDir))
  return store
}

const day = (iso: string) => iso.slice(0, 10)

/**
 * A mark set by a preview is a change no tool call records (a preview's own entry is dropped): each title marked
 * is one entry of the server's, naming kind, year and the day it may be deleted from.
 */
function recordMarks (app: FastifyInstance, marked: Array<{ title: string, kind?: string, year?: number, deletableFrom: string }>) {
  for (const m of marked) {
    try {
      recordServerAct(app.audit.store, { source: 'server', action: 'cleanup.leaving-soon', args: { kind: m.kind, year: m.year, deletableFrom: m.deletableFrom }, targets: [`${titleLine(m)} leaving soon, deletable from ${day(m.deletableFrom)}`] })
    } catch (err) {
      app.log.warn({ err: (err as Error).message, title: m.title }, 'a leaving-soon mark could not be recorded in the audit trail')
    }
  }
}

/** The ids of a manager's tags labelled as the keep tag (labels compared trimmed, case-insensitive). */
function keepIds (tags: Array<{ id: number, label?: string | null }>, keepTag: string): number[] {
  const wanted = keepTag.trim().toLowerCase()
  return tags.filter(t => (t.label ?? '').trim().toLowerCase() === wanted).map(t => t.id)
}

export function watchedCategory (app: FastifyInstance) {
  const b = app.backends
  const store = () => leavingSoon(app.config.STATE_DIR)
  const windowMs = () => app.config.CLEANUP_LEAVING_SOON_DAYS * 86_400_000

  function managers (signal: AbortSignal): WatchedManager[] {
    const out: WatchedManager[] = []
    for (const kind of ['series', 'movies'] as const) {
      for (const instance of instanceNames(b, kind)) {
        // Each asked for on its own kind only: the instance names are per kind.
        const sonarr = () => seriesManager(app, instance)
        const radarr = () => movieManager(app, instance)
        const client = () => kind === 'series' ? sonarr() : radarr()
        const service = kind === 'series' ? 'Sonarr' : 'Radarr'
        out.push({
          kind: kind === 'series' ? 'series' : 'movie',
          label: instance === DEFAULT_INSTANCE ? service : `${service} (${instance})`,
          instance,
          entries: async () => kind === 'series'
            ? (await sonarr().listSeries(signal)).map(s => ({ id: s.id, title: s.title ?? `series ${s.id}`, year: s.year ?? undefined, path: s.path ?? undefined, providerId: s.tvdbId, tags: s.tags ?? [], bytes: s.statistics?.sizeOnDisk ?? 0 }))
            : (await radarr().listMovies(signal)).map(m => ({ id: m.id, title: m.title ?? `movie ${m.id}`, year: m.year ?? undefined, path: m.path ?? undefined, providerId: m.tmdbId, tags: m.tags ?? [], bytes: m.statistics?.sizeOnDisk ?? m.sizeOnDisk ?? 0 })),
          keepTagIds: async () => keepIds(await client().tags(signal), app.config.CLEANUP_KEEP_TAG),
          queued: async () => new Set((await client().queue({ page: 1, pageSize: 1000, signal })).records
            .flatMap(r => { const id = kind === 'series' ? r.seriesId : r.movieId; return typeof id === 'number' ? [id] : [] }))
        })
      }
    }
    return out
  }

  const plays = (signal: AbortSignal) => ({
    users: async () => (await b.mediaServer.users({ signal })).filter(u => !u.isDisabled).map(u => ({ id: u.id, name: u.name })),
    titles: (userId: string) => b.mediaServer.titlesSeenBy(userId, { signal }),
    lastEpisodePlay: (userId: string, seriesItemId: string) => b.mediaServer.lastEpisodePlay(userId, seriesItemId, { signal })
  })

  /** What the preview proposes (marks past the window) and what it says about the marks. */
  async function find (days: number, signal: AbortSignal): Promise<{ targets: CleanupTarget[], notes: string[] }> {
    const { candidates, notes, held } = await findWatched(plays(signal), managers(signal), { days })
    const byKey = new Map(candidates.map(c => [c.key, c]))
    const r = await store().reconcile(candidates.map(c => ({ key: c.key, title: c.title, kind: c.kind, ...(c.year ? { year: c.year } : {}), lastPlayed: c.lastPlayed, bytes: c.bytes })), windowMs())
    recordMarks(app, r.marked)
    const listed = (xs: Array<{ title: string, bytes: number, deletableFrom: string }>) =>
      xs.slice(0, 20).map(x => `${quoted(x.title, 80)} (${formatBytes(x.bytes)}, from ${day(x.deletableFrom)})`).join(', ') + (xs.length > 20 ? ` and ${xs.length - 20} more` : '')
    if (r.marked.length) notes.push(`marked leaving soon, deletable after ${app.config.CLEANUP_LEAVING_SOON_DAYS} day(s): ${listed(r.marked)}`)
    if (r.waiting.length) notes.push(`leaving soon: ${listed(r.waiting)}`)
    if (r.redated.length) {
      app.log.warn({ titles: r.redated }, 'leaving-soon marks dated in the future were re-dated to now')
      notes.push(`leaving-soon mark(s) dated in the future re-dated to now (the window starts again): ${r.redated.slice(0, 20).map(t => quoted(t, 80)).join(', ')}`)
    }
    if (r.invalid.length) {
      app.log.warn({ marks: r.invalid }, 'leaving-soon marks without a valid date were dropped')
      notes.push(`leaving-soon mark(s) without a valid date dropped (a title still due is marked again): ${r.invalid.slice(0, 20).map(t => quoted(t, 80)).join(', ')}`)
    }
    if (r.dropped.length) notes.push(`no longer leaving (watched again, a favourite, kept or gone): ${r.dropped.slice(0, 20).map(t => quoted(t, 80)).join(', ')}`)
    tellLeaving(app, r.marked.map(m => ({ ...byKey.get(m.key)!, deletableFrom: m.deletableFrom })))
    // A person's keep holds a title back for as long as it stands; the preview says who keeps what.
    const keeps = await keepStore(app.config.STATE_DIR).byKey()
    const kept = [...r.marked, ...r.waiting, ...r.due].filter(x => keptFor(keeps, x))
    if (kept.length) notes.push(`kept by a person (not proposed while kept; an owner may lift a keep): ${kept.slice(0, 20).map(x => `${quoted(x.title, 80)} by ${keptBy(keptFor(keeps, x)!)}`).join('; ')}${kept.length > 20 ? `; and ${kept.length - 20} more` : ''}`)
    const targets: CleanupTarget[] = []
    const refused: string[] = []
    for (const d of r.due.filter(x => !keptFor(keeps, x))) {
      const c = byKey.get(d.key)!
      const others = held.filter(h => h.key !== c.key)
      try {
        targets.push(target(c, d.markedAt, await checkTitleFolder(app.sandbox, folderOf(c), async () => others)))
      } catch (err) {
        if (!(err instanceof FolderRefused)) throw err
        refused.push(err.message.replace(/\.$/, ''))
      }
    }
    // One title whose folder cannot be shown is left alone and says why; the others go on.
    if (refused.length) notes.push(`watched: ${refused.length} title(s) left alone by the folder check: ${refused.slice(0, 5).join('; ')}${refused.length > 5 ? `; and ${refused.length - 5} more` : ''}`)
    return { targets, notes }
  }

  const folderOf = (c: { title: string, path?: string, bytes: number, label: string }) => ({ title: c.title, path: c.path, trackedBytes: c.bytes, manager: c.label })

  function target (c: WatchedCandidate, markedAt: string, folder: CheckedFolder): CleanupTarget {
    return {
      category: 'watched',
      name: c.title,
      id: `${c.kind}:${c.id}`,
      service: c.label,
      // What the manager deletes, as this server sees it (not the manager's own figure).
      path: folder.path,
      bytes: folder.bytes,
      reason: `watched by every user (${c.users.join(', ')}), last played ${day(c.lastPlayed)}, leaving soon since ${day(markedAt)}; the manager deletes its files and excludes it from import lists`,
      watched: { key: c.key, kind: c.kind, instance: c.instance, itemId: c.itemId, lastPlayed: c.lastPlayed, markedAt, users: c.users, folder, trackedBytes: c.bytes }
    }
  }

  /**
   * Right before deleting: still marked with the same mark; the manager entry is unchanged (same folder and size,
   * no keep tag, nothing queued); every enabled user (the same ones) still has it played, none made it a
   * favourite, nobody played it since. Then `request` has the manager delete it with its files and an exclusion
   * (the caller looks afterwards, lib/effects, and forgets the mark once the title is gone).
   */
  async function prepareRemove (t: CleanupTarget, signal: AbortSignal): Promise<{ folder: CheckedFolder, request: () => Promise<void> }> {
    const w = t.watched
    const id = Number(t.id?.split(':')[1])
    if (!w || !Number.isInteger(id)) throw new Error(`malformed target ${t.id}`)
    const mark = await store().mark(w.key)
    if (!mark || mark.markedAt !== w.markedAt) throw new WatchedChanged('its leaving-soon mark changed since the preview')
    const keeps = keptFor(await keepStore(app.config.STATE_DIR).byKey(), { key: w.key, title: t.name })
    if (keeps) throw new WatchedChanged(`a person keeps it now: ${keptBy(keeps)}`)
    // On the manager instance that proposed it (asked for on its own kind only: the instance names are per kind).
    const sonarr = () => seriesManager(app, w.instance)
    const radarr = () => movieManager(app, w.instance)
    const [entry, tags, queue] = w.kind === 'series'
      ? [await sonarr().getSeries(id), await sonarr().tags(signal), await sonarr().queue({ page: 1, pageSize: 1000, signal })]
      : [await radarr().getMovie(id), await radarr().tags(signal), await radarr().queue({ page: 1, pageSize: 1000, signal })]
    if (!entry) throw new WatchedChanged(`no longer in ${t.service}`)
    const bytes = Number(entry.statistics?.sizeOnDisk ?? ('sizeOnDisk' in entry ? entry.sizeOnDisk : 0) ?? 0)
    if (bytes !== w.trackedBytes) throw new WatchedChanged(`its files changed in ${t.service} since the preview (${formatBytes(bytes)} now, ${formatBytes(w.trackedBytes)} then)`)
    // The folder check again, right before the delete, against the manager's current titles.
    const others = (await (w.kind === 'series' ? sonarr().listSeries(signal, { fresh: true }) : radarr().listMovies(signal, { fresh: true })))
      .filter(e => e.id !== id).map(e => ({ title: e.title ?? `#${e.id}`, path: e.path }))
    const folder = await checkTitleFolder(app.sandbox, { title: t.name, path: entry.path, trackedBytes: bytes, manager: t.service ?? 'manager' }, async () => others)
      .catch((err: unknown) => { throw err instanceof FolderRefused ? new WatchedChanged(err.message) : err })
    if (!sameFolder(folder, w.folder)) throw new WatchedChanged(`its folder changed since the preview (now ${describeFolder(folder)}; the preview showed ${describeFolder(w.folder)})`)
    const kept = new Set(keepIds(tags, app.config.CLEANUP_KEEP_TAG))
    if ((entry.tags ?? []).some(x => kept.has(x))) throw new WatchedChanged(`it was tagged ${app.config.CLEANUP_KEEP_TAG}`)
    if (queue.records.some(r => (w.kind === 'series' ? r.seriesId : r.movieId) === id)) throw new WatchedChanged('a download for it is now in the queue')
    await stillWatched(w, signal)
    return { folder, request: () => deleteTitleWithFiles(folder, true, w.kind === 'series' ? { series: o => sonarr().deleteSeries(id, o) } : { movie: o => radarr().deleteMovie(id, o) }) }
  }

  /** The title is gone from its manager: its leaving-soon mark goes too. */
  const forget = async (t: CleanupTarget) => { if (t.watched) await store().forget(t.watched.key) }

  async function stillWatched (w: NonNullable<CleanupTarget['watched']>, signal: AbortSignal) {
    const users = await plays(signal).users()
    const names = users.map(u => u.name)
    if (names.length !== w.users.length || names.some(n => !w.users.includes(n))) throw new WatchedChanged('the media server\'s users changed since the preview')
    for (const u of users) {
      const seen = await b.mediaServer.titleSeenBy(u.id, w.itemId, { signal })
      if (!seen) throw new WatchedChanged('the media server no longer lists it')
      if (!seen.played) throw new WatchedChanged(`${u.name} has not finished it now`)
      if (seen.favorite) throw new WatchedChanged(`${u.name} made it a favourite`)
      const last = w.kind === 'series' ? await b.mediaServer.lastEpisodePlay(u.id, w.itemId, { signal }) : seen.lastPlayed
      if (last && Date.parse(last) > Date.parse(w.lastPlayed)) throw new WatchedChanged(`${u.name} watched it again on ${day(new Date(Date.parse(last)).toISOString())}`)
    }
  }

  return { find, prepareRemove, forget }
}
