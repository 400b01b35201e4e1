// series_grab / movie_grab with replaceExisting, after the new grab: each replaced download is removed from its
// manager with its data, and the queue and the disk are looked at again (lib/effects) before the answer says so.
// The manager hands "with its data" to its download client (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Queue/
// QueueController.cs Remove → downloadClient.RemoveItem(item, true)), which may never have held the download and
// answers 200 all the same; and an answer lost after the removal (a timeout) is not a failure. So "replaced … and
// deleted its data" is said only when the queue no longer holds it and its data is gone; otherwise what is still
// there is named, with the call that deals with it.
import type { ServarrCore } from '../../clients/servarr/core.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { quoted } from '../../core/untrusted-text.js'
import { ask, describeError, verifiedRecord, verifyEffects, type AskedEffect, type CheckedEffect, type VerifiedRecord } from '../../lib/effects/effects.js'
import { carriedOut, dataLeftNext, dataLeftText, deletedPart } from '../../lib/effects/effects-text.js'
import { nextCall, nextText, type NextCall } from '../../lib/answers/next-calls.js'
import { deleteWithData, effectData, type CheckedData } from '../downloads/download-data.js'
import { queueName } from './queue-ids.js'

/** The manager instance a grab runs on: its client and its name (undefined: the default). */
export interface ReplacingManager { client: ServarrCore, instance: string | undefined }

/** A download the confirmed call replaces, with its data as the preview's data check saw it. */
export interface ReplaceTarget { queueId: number, title: string, downloadId: string, data: CheckedData }

/** The queue id cancel_downloads knows the item by ("series:12", "movies@4k:3"). */
export const cancelId = (m: ReplacingManager, queueId: number) => {
  const source = m.client.service === 'Sonarr' ? 'series' : 'movies'
  return `${queueName(source, m.instance ?? DEFAULT_INSTANCE)}:${queueId}`
}

/** 'the series manager', 'the movie manager "4k"'. */
const managerName = (m: ReplacingManager) =>
  `the ${m.client.service === 'Sonarr' ? 'series' : 'movie'} manager${!m.instance || m.instance === DEFAULT_INSTANCE ? '' : ` "${m.instance}"`}`

export interface ReplaceOutcome {
  /** The downloads the queue no longer holds (their data gone or not). */
  replaced: Array<Omit<ReplaceTarget, 'data'>>
  verified: VerifiedRecord
  next: NextCall[]
  /** The sentences after the grab's own: "Replaced 1 earlier download and deleted its data (1 file (2 GiB))." and what is left. */
  text: string
  /** The next calls as text (" Next: …"), to end the answer with. */
  nextText: string
}

/**
 * Removes each replaced download with its data (the preview's data check, `targets`) and looks again: the
 * manager's queue for `ownerId` once, and each data path on disk.
 */
export async function removeReplaced (m: ReplacingManager, ownerId: number, targets: ReplaceTarget[], statusTool: string): Promise<ReplaceOutcome> {
  const asked: AskedEffect[] = []
  for (const r of targets) {
    asked.push(await ask({ id: cancelId(m, r.queueId), title: r.title, service: managerName(m), data: effectData(r.data) },
      () => deleteWithData(r.data, o => m.client.deleteQueueItem(r.queueId, { removeFromClient: o.removeFromClient, blocklist: false })), describeError))
  }
  const checked = await verifyEffects(asked, async () => {
    const { records } = await m.client.queue({ page: 1, pageSize: 200, ids: [ownerId] })
    // A manager removes a download whole (every episode of a season pack): any queue record of it still holds it.
    const held = targets.filter(r => records.some(q => q.id === r.queueId || (r.downloadId !== '' && q.downloadId === r.downloadId)))
    return { present: new Set(held.map(r => cancelId(m, r.queueId))), unread: () => false }
  })
  const done = carriedOut(checked)
  const replaced = targets.filter(r => done.some(c => c.id === cancelId(m, r.queueId))).map(({ queueId, title, downloadId }) => ({ queueId, title, downloadId }))
  const next = [...dataLeftNext(checked), ...stillQueuedNext(checked)]
  const headline = replaced.length ? ` Replaced ${replaced.length} earlier download${replaced.length > 1 ? 's' : ''}${deletedPart(done)}.` : ''
  const text = headline + dataLeftText(checked) + stillQueuedText(checked) + unknownText(checked, statusTool)
  return { replaced, verified: verifiedRecord(checked), next, text, nextText: nextText(next) }
}

/** The downloads the queue still holds after the request: named with the manager's answer. */
function stillQueuedText (checked: readonly CheckedEffect[]): string {
  const still = checked.filter(c => c.outcome === 'notDone')
  if (still.length === 0) return ''
  return ` ${still.map(c => `${quoted(c.title, 120)} (${c.id})`).join(', ')} ${still.length === 1 ? 'is' : 'are'} still in the queue, with ${still.length === 1 ? 'its' : 'their'} data` +
    ` (${[...new Set(still.map(c => c.error ?? `${c.service} still lists it after the request`))].join('; ')}).`
}

/** cancel_downloads' cancel of what the queue still holds (it previews what it deletes first). */
function stillQueuedNext (checked: readonly CheckedEffect[]): NextCall[] {
  const ids = checked.filter(c => c.outcome === 'notDone').map(c => c.id)
  return ids.length ? [nextCall('cancel_downloads', { action: 'cancel', ids, deleteFiles: true }, 'remove the earlier download with its data (it shows what goes first)')] : []
}

/** The downloads whose removal nobody can tell about: the queue did not answer again and the disk cannot say. */
function unknownText (checked: readonly CheckedEffect[], statusTool: string): string {
  const unknown = checked.filter(c => c.outcome === 'unknown')
  if (unknown.length === 0) return ''
  return ` Whether ${unknown.map(c => `${quoted(c.title, 120)} (${c.id})`).join(', ')} ${unknown.length === 1 ? 'was' : 'were'} removed is unknown` +
    ` (${[...new Set(unknown.map(c => c.error ?? `${c.service} did not answer again`))].join('; ')}): look with ${statusTool} view "queue".`
}
