// The one check before a download client is asked to delete a download's data. A manager's DELETE /queue/{id}
// with removeFromClient=true has the download client remove the download with its data (Sonarr v4.0.19.2979
// src/Sonarr.Api.V3/Queue/QueueController.cs Remove(): downloadClient.RemoveItem(item, true); for qBittorrent
// src/NzbDrone.Core/Download/Clients/QBittorrent/QBittorrent.cs RemoveItem → Proxy.RemoveTorrent(hash,
// deleteData)), and qBittorrent's torrents/delete with deleteFiles=true deletes the torrent's files and its
// root folder (qBittorrent release-4.6.7 src/webui/api/torrentscontroller.cpp deleteAction →
// DeleteTorrentAndFiles; src/base/bittorrent/sessionimpl.cpp deleteTorrent keeps rootPath() to remove). So the
// path the item's data is at (the manager's outputPath, the torrent's content path), as PATH_MAP maps it to
// this server, must be:
// - inside the downloads root, and neither the root nor one of its top folders (complete, incomplete, a
//   category folder): a torrent saved straight into one would take every download there with it;
// - not in the media library: a torrent seeding from the library must never have its data deleted;
// - visible here, so the preview shows what goes (files, bytes) and the confirm token binds it;
// - no other download's data: two torrents can share one content path (the same files added twice under two
//   hashes, a cross-seed), and a multi-file torrent saved without a root folder has its save path as content
//   path (qBittorrent release-4.6.7 src/base/bittorrent/torrentimpl.cpp contentPath(): actualStorageLocation()
//   when rootPath() is empty), a folder that also holds other downloads. Deleting one's data deletes the others',
//   so the check compares with every holder of data the path-holders index knows (lib/holders/: every torrent
//   and Usenet client instance, every manager's queue and library, our own moves); a source that did not answer
//   is named in the preview (a stack without a torrent client reachable from here must still be able to cancel a
//   manager's download).
// A download that fails the check can still be cancelled without deleting its data.
import { lstat, realpath } from 'node:fs/promises'
import path from 'node:path'
import { ToolError } from '../../core/errors.js'
import { formatBytes } from '../../core/format.js'
import { quoted } from '../../core/untrusted-text.js'
import { joinNames } from '../../lib/sources/sources.js'
import { within, type PathSandbox } from '../../lib/sandbox/sandbox.js'
import { folderOnDisk } from '../../lib/library/folder-on-disk.js'
import { sharedWith, type HolderIndex, type PathHolder } from '../../lib/holders/holders.js'
import type { EffectData } from '../../lib/effects/effects.js'
import { nextCall, nextText, type NextCall } from '../../lib/answers/next-calls.js'

/**
 * The data a delete would take, as this server sees it. A confirm token binds what the person agreed to: the
 * path, whether it is a folder, and which sources could not be compared (another sharer refuses the check itself).
 * What was counted there (files, bytes) is shown, never bound: a download in progress grows in its own folder,
 * and that is no change (issue 34 item 10). Those counts are kept off the record the token's fingerprint reads.
 */
export interface CheckedData {
  /** In the form tools accept ("downloads/complete/Show.S01"). */
  path: string
  folder: boolean
  /** Shown, not bound. */
  files: number
  /** Shown, not bound. */
  bytes: number
  /** False when the count stopped at its limit (there is more). Shown, not bound. */
  complete: boolean
  /** This server's absolute path, where the effect is looked for afterwards (lib/effects). Not bound. */
  abs: string
  /** Queues that did not answer, so a download of theirs sharing this data could not be looked for. */
  uncompared?: string[]
}

/** A download whose data is somewhere: the one checked, or a holder beside it (lib/holders/holders.ts). */
export type DataHolder = PathHolder

/** Every other holder of data (every client, manager queue and library, our jobs) and the sources that did not answer. */
export type Neighbours = HolderIndex

/** Refused by the data check: nothing was asked of any backend. */
export class DataRefused extends ToolError {}

// Only answers of checkDownloadData() open the way to a delete with data.
const issued = new WeakSet<CheckedData>()

const MOUNT_HINT = 'Check PATH_MAP (the download client\'s folders mapped to this server\'s) and that the downloads folder is mounted at DOWNLOADS_ROOT in this server\'s container'

/** The closing advice of a refusal: how to go on without deleting the data, and the calls that do it. */
export interface Instead { text: string, calls: NextCall[] }

/** cancel_downloads on this download, keeping its data on disk. */
export const cancelKeepingData = (id: string): NextCall =>
  nextCall('cancel_downloads', { action: 'cancel', ids: [id], deleteFiles: false }, 'cancel it and keep its data')

// The data's path was refused, so no file call can be given: which files to delete is the person's to choose.
const keepDataInstead = (id: string): Instead => ({ text: 'Cancel it keeping its data, then delete only the files you mean to.', calls: [cancelKeepingData(id)] })

/**
 * Checks the path a download's data is at (this server's side of PATH_MAP) against the roots and every other
 * download's data (`beside`, minus the downloads deleted in the same call), and counts what it holds.
 * `instead` replaces the closing advice (how to go on without deleting the data) and its calls.
 */
export async function checkDownloadData (sandbox: PathSandbox, item: DataHolder, beside: Neighbours, instead?: Instead): Promise<CheckedData> {
  const { media, downloads } = sandbox.roots()
  const given = item.dataPath ?? ''
  // A path in the form tools use; never this server's absolute path (issue 35 item 6): one outside the roots is named as such.
  const shownAt = (p: string) => {
    try { return quoted(sandbox.display(path.resolve(p)), 300) } catch { return 'a path outside the downloads and media folders this server sees' }
  }
  const { text, calls } = instead ?? keepDataInstead(item.id)
  const refuse: (why: string, next?: string) => never = (why, next) => {
    throw new DataRefused(`Not deleting the data of ${quoted(item.title, 120)} (${item.id}): ${given === '' ? 'its backend names no data path' : `its data is at ${shownAt(given)}`}, ${why} ` +
      `Nothing was changed. ${next ?? ''}${next ? ' ' : ''}${text}${nextText(calls)}`, undefined, calls)
  }
  if (!downloads) refuse('and DOWNLOADS_ROOT does not exist on this server, so nothing under it can be shown.', `${MOUNT_HINT}.`)
  if (given === '') refuse('so this server cannot show what would be deleted.')
  if (!path.isAbsolute(given)) refuse('which is not an absolute path.')
  const abs = path.resolve(given)
  const placed = (p: string) => {
    if (p !== downloads && within(p, downloads)) refuse('which holds the whole downloads root; the client would delete every download.')
    if (media !== undefined && within(p, media)) refuse('which holds the media library.')
    // DOWNLOADS_ROOT may lie inside MEDIA_ROOT: only what is outside it is the library.
    if (media !== undefined && within(media, p) && !within(downloads, p)) refuse('which is in the media library; deleting it would delete library files (a torrent seeding from the library keeps its data).')
    if (!within(downloads, p)) refuse('which is outside the downloads root as PATH_MAP maps it.', `${MOUNT_HINT}.`)
    if (p === downloads || path.dirname(p) === downloads) refuse(`which is ${p === downloads ? 'the downloads root' : 'a top folder of the downloads root (such as complete, incomplete or a category folder)'}; the client would delete every download kept there.`)
  }
  const st = await lstat(abs).catch(() => undefined)
  if (!st) {
    placed(abs)
    refuse('a path this server cannot see, so it cannot show what would be deleted.', `${MOUNT_HINT}.`)
  }
  if (st.isSymbolicLink()) refuse('which this server sees as a symbolic link, not the download\'s data.')
  const real = await realpath(abs)
  placed(real)
  const other = await sharedWith(item, [abs, real], beside.holders)
  if (other) {
    refuse(`${other.how} the data of ${quoted(other.holder.title, 120)} (${other.holder.id}, at ${shownAt(other.at)}); deleting it would delete that download's data too.`,
      'Remove both together if both are to go.')
  }
  const seen = st.isDirectory() ? await folderOnDisk(real) : { files: 1, bytes: st.size, complete: true }
  const checked = { path: sandbox.display(real), folder: st.isDirectory(), ...(beside.unread.length > 0 ? { uncompared: beside.unread } : {}) }
  // Counted, shown, not bound: not enumerable, so neither the fingerprint nor the published targets carry them.
  for (const [key, value] of Object.entries({ ...seen, abs: real })) Object.defineProperty(checked, key, { value, enumerable: false })
  issued.add(checked as CheckedData)
  return checked as CheckedData
}

/** "3 files (3.4 GiB) in downloads/complete/Show": what the preview says is deleted. */
export function describeData (d: CheckedData): string {
  const unknown = d.uncompared ? ` (whether a download in ${joinNames(d.uncompared)} shares it is unknown: not answered)` : ''
  return `${d.complete ? '' : 'at least '}${d.files} file${d.files === 1 ? '' : 's'} (${formatBytes(d.bytes)}) in ${quoted(d.path)}${unknown}`
}

/**
 * The only road to a delete with data: it takes the answer of checkDownloadData() (the confirmed call's fresh
 * re-check, which the token's fingerprint matched with the preview's) and the backend call that deletes.
 */
export async function deleteWithData<T> (checked: CheckedData, del: (o: { removeFromClient: true, deleteFiles: true }) => Promise<T>): Promise<T> {
  if (!issued.has(checked)) throw new Error('deleteWithData() takes the answer of checkDownloadData(), not a copy')
  return await del({ removeFromClient: true, deleteFiles: true })
}

/** The checked data as an effect to look for afterwards (lib/effects): gone, or still there. */
export const effectData = (d: CheckedData | null | undefined): EffectData | undefined =>
  d ? { abs: d.abs, shown: d.path, ...(d.complete ? { files: d.files, bytes: d.bytes } : {}) } : undefined
