// The one folder check before a series or movie manager is asked to delete a title with its files. With
// deleteFiles the manager deletes the title's whole folder, whatever it holds (MediaFileDeletionService:
// RecycleBinProvider.DeleteFolder(path); Sonarr v4.0.19.2979 / Radarr v6.0.3.10276
// src/NzbDrone.Core/MediaFiles/MediaFileDeletionService.cs), so the folder the manager names, as PATH_MAP
// maps it to this server, must be:
// - inside the media root, and neither the root, a library top folder (movies, tv, anime, music) nor a folder
//   holding one (a mis-added entry whose path is the root folder would take the whole library with it);
// - not the folder of another title, nor a folder holding one;
// - visible here: a folder this server cannot see (PATH_MAP wrong, the media not mounted) or sees holding less
//   than the manager tracks there is another folder than the one the manager deletes, and a preview of it
//   would show "0 B" for what may be gigabytes.
// What passes is counted on disk (every file, tracked or not); the preview shows that count, the confirm token
// binds it, and deleteTitleWithFiles() is the only road to a manager delete with files.
import { lstat, realpath } from 'node:fs/promises'
import path from 'node:path'
import { ToolError } from '../../core/errors.js'
import { formatBytes } from '../../core/format.js'
import { quoted } from '../../core/untrusted-text.js'
import { nextText, type NextCall } from '../answers/next-calls.js'
import { within, type PathSandbox } from '../sandbox/sandbox.js'
import { folderOnDisk } from './folder-on-disk.js'

/** What the manager would delete, as this server sees it. */
export interface CheckedFolder {
  /** The folder in the form tools accept (media-relative). */
  path: string
  files: number
  bytes: number
  /** False when the count stopped at its limit (the folder holds more). */
  complete: boolean
}

export interface TitleOnManager {
  title: string
  /** The entry's folder on this server's side of PATH_MAP (the clients translate it). */
  path: string | null | undefined
  /** Bytes of the files the manager tracks there. */
  trackedBytes: number
  /** "the movie manager", "Radarr (uhd)"... */
  manager: string
  /** The manager's rescan of this title (series_rescan / movie_rescan), suggested when files went by hand. */
  rescan?: NextCall
}

/** Refused by the folder check: nothing was asked of the manager. */
export class FolderRefused extends ToolError {}

// Only answers of checkTitleFolder() open the way to a delete with files.
const issued = new WeakSet<CheckedFolder>()
const absPaths = new WeakMap<CheckedFolder, string>()

const MOUNT_HINT = 'Check PATH_MAP (the manager\'s folders mapped to this server\'s) and that the media folder is mounted at MEDIA_ROOT in this server\'s container'

/**
 * Checks the folder the manager would delete and counts what it holds. `others` gives the folders of the
 * managers' other titles (this server's side), asked only once the folder itself passed; a folder holding one
 * of them is refused.
 */
export async function checkTitleFolder (sandbox: PathSandbox, t: TitleOnManager, others: () => Promise<ReadonlyArray<{ title: string, path?: string | null }>>): Promise<CheckedFolder> {
  const media = sandbox.roots().media
  const given = typeof t.path === 'string' ? t.path : ''
  const refuse: (why: string, next?: string, calls?: NextCall[]) => never = (why, next = `Remove it without deleteFiles, or fix its path in ${t.manager}.`, calls = []) => {
    throw new FolderRefused(`Not deleting ${quoted(t.title, 120)} with its files: ${t.manager} keeps it at ${given === '' ? '(no folder)' : quoted(given, 300)}, ${why} Nothing was changed. ${next}${nextText(calls)}`, undefined, calls)
  }
  if (!media) refuse('and MEDIA_ROOT does not exist on this server, so nothing under it can be shown.', `${MOUNT_HINT}, then try again.`)
  if (!path.isAbsolute(given)) refuse('which is not an absolute folder.')
  const abs = path.resolve(given)
  if (sandbox.isProtected(abs)) refuse('which is the media root, a library top folder (movies, tv, anime, music) or a folder holding one; the manager would delete far more than this title.')
  const st = await lstat(abs).catch(() => undefined)
  if (!st) {
    if (!within(media, abs)) refuse('which is outside the media root as PATH_MAP maps it.', `${MOUNT_HINT}; nothing is deleted until this server can show what would go (removing it without deleteFiles leaves its files alone).`)
    refuse('a folder this server cannot see, so it cannot show what the manager would delete.', `${MOUNT_HINT}; nothing is deleted until this server can show what would go (removing it without deleteFiles leaves its files alone).`)
  }
  if (st.isSymbolicLink() || !st.isDirectory()) refuse(`which this server sees as ${st.isSymbolicLink() ? 'a symbolic link' : 'something other than a folder'}, not the title's folder.`)
  const real = await realpath(abs)
  if (!within(media, real)) refuse('which is outside the media root as PATH_MAP maps it.', `${MOUNT_HINT}; nothing is deleted until this server can show what would go (removing it without deleteFiles leaves its files alone).`)
  if (sandbox.isProtected(real)) refuse('which is the media root, a library top folder or a folder holding one; the manager would delete far more than this title.')
  for (const o of await others()) {
    if (typeof o.path !== 'string' || !path.isAbsolute(o.path)) continue
    const theirs = path.resolve(o.path)
    if (within(abs, theirs) || within(real, theirs)) {
      refuse(`which ${theirs === abs || theirs === real ? 'is also' : 'holds'} the folder of ${quoted(o.title, 120)}; the manager would delete that title's files too.`)
    }
  }
  const seen = await folderOnDisk(real)
  // A missing mount leaves an empty folder, and a wrong PATH_MAP may lead to another small one: what this
  // server sees must hold at least what the manager tracks there, or the preview would understate the delete.
  if (t.trackedBytes > 0 && (seen.files === 0 || (seen.complete && seen.bytes < t.trackedBytes))) {
    refuse(`where this server sees ${seen.files} file(s) (${formatBytes(seen.bytes)}) while the manager tracks ${formatBytes(t.trackedBytes)} of files: this server is not looking at the folder the manager would delete.`,
      `${MOUNT_HINT}. If files were deleted by hand, have ${t.manager} rescan the title first. Nothing is deleted until this server can show what would go (removing it without deleteFiles leaves its files alone).`,
      t.rescan ? [t.rescan] : [])
  }
  const checked: CheckedFolder = { path: sandbox.display(real), files: seen.files, bytes: seen.bytes, complete: seen.complete }
  // Where the effect is looked for afterwards (lib/effects); kept beside the record, so neither bound nor published.
  absPaths.set(checked, real)
  issued.add(checked)
  return checked
}

/** "3 files (3.4 GiB) in movies/Heat (1995)": what the preview says is deleted. */
/** This server's absolute path of a checked folder (where an effect on it is looked for afterwards). */
export const absOfFolder = (f: CheckedFolder): string | undefined => absPaths.get(f)

export function describeFolder (f: CheckedFolder): string {
  return `${f.complete ? '' : 'at least '}${f.files} file${f.files === 1 ? '' : 's'} (${formatBytes(f.bytes)}) in ${quoted(f.path)}`
}

/** The same folder, file count and bytes: what a confirm was shown is what is there now. */
export function sameFolder (a: CheckedFolder, b: CheckedFolder): boolean {
  return a.path === b.path && a.files === b.files && a.bytes === b.bytes && a.complete === b.complete
}

/** The manager's delete, handed the options that make it a delete with files. */
export type TitleDelete =
  | { series: (o: { deleteFiles: true, addImportListExclusion: boolean }) => Promise<unknown> }
  | { movie: (o: { deleteFiles: true, addImportExclusion: boolean }) => Promise<unknown> }

/**
 * The only road to a manager delete with files: it takes the answer of checkTitleFolder() for this very folder
 * (the confirmed call's fresh re-check, whose folder, file count and bytes the token's fingerprint matched
 * with the preview's).
 */
export async function deleteTitleWithFiles (checked: CheckedFolder, exclusion: boolean, del: TitleDelete): Promise<void> {
  if (!issued.has(checked)) throw new Error('deleteTitleWithFiles() takes the answer of checkTitleFolder(), not a copy')
  if ('series' in del) await del.series({ deleteFiles: true, addImportListExclusion: exclusion })
  else await del.movie({ deleteFiles: true, addImportExclusion: exclusion })
}
