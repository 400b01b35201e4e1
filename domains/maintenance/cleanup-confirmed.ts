// cleanup_server's confirmed call: acts on exactly the previewed targets (cleanup-act.ts), then looks again
// (lib/effects) before it reports: each file it deleted on disk, and each torrent, Usenet history entry and
// manager entry in its backend, with a watched title's folder on disk. "Deleted 2 files (1.2 GiB)" counts only
// what that look found gone; what is still there is named with where it is and the call that helps; an answer
// lost after the backend acted (it died before answering) reads as what the look shows.
import type { FastifyInstance } from 'fastify'
import { formatBytes } from '../../core/format.js'
import { quoted } from '../../core/untrusted-text.js'
import type { CleanupTarget } from '../../lib/library/cleanup-candidates.js'
import type { ScheduledTask } from '../../clients/media-server/types.js'
import { ask, describeError, verifiedRecord, verifyEffects, type AskedEffect, type CheckedEffect, type HeldNow } from '../../lib/effects/effects.js'
import { carriedOut, dataLeftNext, dataLeftText } from '../../lib/effects/effects-text.js'
import { describeDiskError, diskLeftText, freedBy, verifyDiskDeletes, type AskedDiskDelete } from '../../lib/effects/disk-deletes.js'
import { nextCall, nextText, type NextCall } from '../../lib/answers/next-calls.js'
import { movieManager, seriesManager, torrentClient, usenetClient } from '../chosen-client.js'
import { cleanupActs, entryOf, isChanged, type Act } from './cleanup-act.js'
import { shown } from './cleanup-preview.js'

const ON_DISK = new Set(['temp', 'downloadLeftovers'])
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const files = (n: number, bytes: number) => `${plural(n, 'file', 'files')} (${formatBytes(bytes)})`

/** Which of the acted-on entries their backends still hold: each source read once; one that fails leaves its ids unread. */
async function heldNow (app: FastifyInstance, acts: readonly Act[]): Promise<HeldNow> {
  const present = new Set<string>()
  const unread = new Set<string>()
  const reads = new Map<string, Promise<Set<string>>>()
  const once = (key: string, read: () => Promise<Set<string>>) => { if (!reads.has(key)) reads.set(key, read()); return reads.get(key)! }
  for (const { target: t, effect } of acts) {
    try {
      let holds: boolean
      if (t.category === 'orphanedTorrents') {
        holds = (await once(`torrents ${t.instance ?? ''}`, async () => new Set((await torrentClient(app, t.instance).list()).map(x => x.hash)))).has(t.hash!)
      } else if (t.category === 'usenetHistory') {
        holds = (await once(`usenet ${t.instance ?? ''}`, async () => new Set((await usenetClient(app, t.instance)!.items()).map(x => x.id)))).has(t.id!.slice('usenet:'.length))
      } else {
        const e = entryOf(t)
        holds = (e.kind === 'series' ? await seriesManager(app, e.instance).getSeries(e.id) : await movieManager(app, e.instance).getMovie(e.id)) !== undefined
      }
      if (holds) present.add(effect.id)
    } catch {
      unread.add(effect.id)
    }
  }
  return { present, unread: id => unread.has(id) }
}

export interface Confirmed {
  removed: CleanupTarget[]
  skipped: Array<{ name: string, reason: string }>
  failed: Array<{ name: string, error: string }>
  bytesFreed: number
  verified: ReturnType<typeof verifiedRecord>
  next?: NextCall[]
}

export function cleanupConfirmed (app: FastifyInstance, acts: ReturnType<typeof cleanupActs>, forgetWatched: (t: CleanupTarget) => Promise<void>) {
  return async (targets: CleanupTarget[], signal: AbortSignal): Promise<{ data: Confirmed, summary: string }> => {
    const b = app.backends
    const skipped: Confirmed['skipped'] = []
    const failed: Confirmed['failed'] = []
    const kept: string[] = []
    const started: CleanupTarget[] = []
    const onDisk: AskedDiskDelete[] = []
    const inBackends: AskedEffect[] = []
    const acted = new Map<string, Act>()
    let taskList: Promise<ScheduledTask[]> | undefined
    const tasks = () => (taskList ??= b.mediaServer.cacheTasks?.list({ signal }) ?? Promise.resolve([]))
    const fail = (t: CleanupTarget, err: unknown) => {
      if (isChanged(err)) skipped.push({ name: t.name, reason: err.message })
      else failed.push({ name: t.name, error: err instanceof Error ? err.message : String(err) })
    }
    for (const t of targets) {
      if (t.category === 'caches') {
        await acts.startCache(t, tasks).then(() => started.push(t), (err: unknown) => fail(t, err))
        continue
      }
      let act: Act
      try { act = await acts.prepare(t, signal, kept) } catch (err) { fail(t, err); continue }
      // The request's answer is kept, not trusted: the look below decides. A target found changed inside the
      // request (applyDelete's own re-check) was not touched: skipped.
      let changed: Error | undefined
      const disk = ON_DISK.has(t.category)
      const asked = await ask(act.effect, async () => { await act.request().catch((err: unknown) => { if (isChanged(err)) changed = err; else throw err }) }, disk ? describeDiskError : describeError)
      if (changed) { skipped.push({ name: t.name, reason: changed.message }); continue }
      acted.set(asked.id, act)
      if (disk) onDisk.push({ ...asked, pinned: act.pinned ?? [] })
      else inBackends.push(asked)
    }
    const diskChecked = await verifyDiskDeletes(onDisk)
    const checked = await verifyEffects(inBackends, () => heldNow(app, inBackends.map(a => acted.get(a.id)!)))
    const targetOf = (c: CheckedEffect) => acted.get(c.id)!.target

    // Gone from their backend: removed (a watched title's folder may still be there: said below with its call).
    const removed: CleanupTarget[] = []
    const freed = freedBy(diskChecked)
    for (const c of diskChecked) {
      if (c.outcome === 'done') removed.push({ ...shown(targetOf(c)), bytes: c.freed.bytes })
      else failed.push({ name: c.id, error: c.look?.state === 'stillThere' ? `${files(c.look.files, c.look.bytes)} still there${c.error ? `: ${c.error}` : ''}` : `whether it was deleted is unknown${c.error ? `: ${c.error}` : ''}` })
    }
    for (const c of carriedOut(checked)) {
      const t = targetOf(c)
      const folderGone = c.look?.state === 'gone' && c.data?.files !== undefined
      if (folderGone) { freed.files += c.data!.files!; freed.bytes += c.data!.bytes! }
      removed.push({ ...shown(t), ...(t.category === 'watched' ? { bytes: folderGone ? c.data!.bytes! : 0 } : {}) })
      if (t.category === 'watched') await forgetWatched(t)
    }
    const notDone = checked.filter(c => c.outcome === 'notDone')
    const unknown = checked.filter(c => c.outcome === 'unknown')
    for (const c of notDone) failed.push({ name: targetOf(c).name, error: `${c.service} still holds it after the request${c.error ? ` (${c.error})` : ''}; nothing of it was removed` })
    for (const c of unknown) failed.push({ name: targetOf(c).name, error: `whether it was removed is unknown (${c.error ? `the request ended with: ${c.error}` : `${c.service} did not answer again`})` })

    // What to call next: the delete of what was left on disk (it previews first), and a fresh preview of the
    // categories whose entries are still there or could not be looked at.
    const again = [...new Set([...notDone, ...unknown].map(c => targetOf(c).category))]
    const next = [
      ...dataLeftNext([...diskChecked, ...checked]),
      ...(again.length ? [nextCall('cleanup_server', { categories: again }, 'preview what is still there again')] : [])
    ]
    // The media server drops deleted titles on its next scan: start one now rather than wait for it.
    const refresh = removed.some(t => t.category === 'watched')
      ? await b.mediaServer.refreshLibraries().then(() => ' The media server is rescanning its libraries.', (err: Error) => ` The media server could not be asked to rescan (${err.message}): it drops the deleted titles on its next scan.`)
      : ''
    const entries = carriedOut(checked)
    const did = [
      freed.files ? `deleted ${files(freed.files, freed.bytes)}` : '',
      entries.length ? `removed ${plural(entries.length, 'entry', 'entries')} from ${[...new Set(entries.map(c => c.service))].join(', ')}` : '',
      started.length ? `started ${plural(started.length, 'media-server cleanup task', 'media-server cleanup tasks')}` : ''
    ].filter(Boolean).join('; ')
    const bytesFreed = freed.bytes
    const summary = `${did ? `${did.charAt(0).toUpperCase()}${did.slice(1)}.` : 'Nothing was removed.'} Done with ${removed.length + started.length} of ${targets.length} item(s), ${formatBytes(bytesFreed)} freed.` +
      `${skipped.length ? ` ${skipped.length} skipped because they changed (see skipped).` : ''}${failed.length ? ` ${failed.length} failed (see failed).` : ''}` +
      `${kept.length ? ` Kept ${kept.join(', ')}: something new appeared in it during the cleanup.` : ''}` +
      diskLeftText(diskChecked) + dataLeftText(checked) +
      notDone.map(c => ` ${c.service} still holds ${quoted(c.title, 120)} after the request.`).join('') +
      (unknown.length ? ` Whether ${unknown.map(c => quoted(c.title, 120)).join(', ')} ${unknown.length === 1 ? 'was' : 'were'} removed is unknown: its service did not answer again.` : '') +
      `${refresh}${nextText(next)}`
    return {
      data: { removed: [...removed, ...started.map(shown)], skipped, failed, bytesFreed, verified: verifiedRecord([...diskChecked, ...checked]), ...(next.length ? { next } : {}) },
      summary
    }
  }
}
