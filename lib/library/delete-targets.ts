// Deletion with a preview that pins exactly what will go. A file target carries its size, mtime, device and
// inode; a folder target its file count, byte total and a digest of its listing (the same four per entry),
// so the confirmed call is refused if anything changed after the preview, even a file replaced by another
// of the same size and mtime.
//
// Deleting never follows a symbolic link: a target or an entry that is a link is unlinked as a link, the
// walk never descends into one, and before each unlink and rmdir the folder holding the entry is checked to
// still be its own real path inside the roots (Node has no unlinkat, so this re-check right before each
// call is what stops a subfolder swapped for a link mid-delete from leading outside). The folder is walked
// once more at delete time and must still match the preview's digest; then the listed files go one by one
// and only the folders left empty after them: a file that appears at the last moment survives. A file
// target's parent folder (an episode's season folder) is never touched.
import { createHash } from 'node:crypto'
import type { Stats } from 'node:fs'
import { rmdir, unlink } from 'node:fs/promises'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { GuardError, ToolError } from '../../core/errors.js'
import { codeOf } from '../fs/durable.js'
import { walk, type WalkEntry } from './walk.js'
import { refusal } from '../answers/next-calls.js'
import { listFolder as seeFolder } from '../answers/common-calls.js'

export interface DeleteTarget {
  /** As shown to the caller (sandbox display form). */
  path: string
  kind: 'file' | 'folder' | 'symlink'
  files: number
  bytes: number
  /** Size, mtime, device and inode of a file or link, or the digest of a folder's listing. */
  fingerprint: string
}

/** What identifies a file or link as the one previewed: a copy put in its place has another inode. */
export function entryFingerprint (st: Pick<Stats, 'size' | 'mtimeMs' | 'dev' | 'ino'>): string {
  return `${st.size}:${st.mtimeMs}:${st.dev}:${st.ino}`
}

/** A file, link or other entry that is not a folder, as a delete target pins it. */
export function entryTarget (st: Stats): Omit<DeleteTarget, 'path'> {
  return { kind: st.isSymbolicLink() ? 'symlink' : 'file', files: 1, bytes: st.isFile() ? st.size : 0, fingerprint: entryFingerprint(st) }
}

export async function previewDelete (sandbox: PathSandbox, inputs: string[]): Promise<DeleteTarget[]> {
  const targets: DeleteTarget[] = []
  const seen = new Set<string>()
  for (const input of inputs) {
    const abs = await sandbox.resolveEntry(input)
    await sandbox.assertMutable(abs)
    if (seen.has(abs)) continue
    seen.add(abs)
    const st = await sandbox.mustExist(abs, input)
    if (st.isDirectory()) {
      const listing = await listFolder(abs)
      targets.push({ path: sandbox.display(abs), kind: 'folder', files: listing.files.length, bytes: listing.bytes, fingerprint: listing.fingerprint })
    } else {
      targets.push({ path: sandbox.display(abs), ...entryTarget(st) })
    }
  }
  for (const a of seen) {
    for (const b of seen) {
      if (a !== b && b.startsWith(a + '/')) throw new ToolError(`${sandbox.display(b)} is inside ${sandbox.display(a)}; list each item only once.`)
    }
  }
  return targets
}

export interface FolderListing {
  files: WalkEntry[]
  /** Subfolders, parents before children. */
  dirs: string[]
  bytes: number
  fingerprint: string
}

/**
 * One walk (never into a symlink) giving what a delete removes and the digest that pins it. `onEntry` sees
 * every entry of that same walk, so a caller judging the folder (cleanup_server's age check) pins exactly
 * what it judged.
 */
export async function listFolder (abs: string, onEntry?: (e: WalkEntry) => void): Promise<FolderListing> {
  const hash = createHash('sha256')
  const listing: FolderListing = { files: [], dirs: [], bytes: 0, fingerprint: '' }
  await walk(abs, e => {
    onEntry?.(e)
    hash.update(`${e.path}\0${e.kind}\0${e.size}\0${e.mtimeMs}\0${e.dev}:${e.ino}\n`)
    if (e.kind === 'dir') listing.dirs.push(e.path)
    else listing.files.push(e)
    listing.bytes += e.size
  })
  listing.fingerprint = hash.digest('hex').slice(0, 32)
  return listing
}

export interface DeleteResult {
  path: string
  filesDeleted: number
  bytesFreed: number
  /** Folders that were kept because something new appeared in them. */
  keptFolders: string[]
}

/** A target that is no longer the one previewed (replaced, grown, shrunk, swapped); nothing of it was deleted. */
export class TargetChanged extends ToolError {}

/**
 * Deletes exactly the previewed targets, re-checking each entry's folder against the sandbox right before.
 * `previewAgain` names the call that gives a fresh preview, for the message when a target changed.
 * `onFile` hears each file gone (its bytes) as it goes, so a delete that stops part-way can still say what went.
 */
export async function applyDelete (sandbox: PathSandbox, targets: DeleteTarget[], previewAgain = 'manage_files delete', onFile?: (bytes: number) => void): Promise<DeleteResult[]> {
  const changedSincePreview = (path: string): never => {
    throw new TargetChanged(`${path} changed since the preview; nothing in it was deleted. Call ${previewAgain} again for a fresh preview.`)
  }
  const results: DeleteResult[] = []
  for (const t of targets) {
    const abs = await sandbox.resolveEntry(t.path)
    await sandbox.assertMutable(abs)
    const st = await sandbox.mustExist(abs, t.path)
    if (t.kind !== 'folder') {
      if (st.isDirectory() || entryFingerprint(st) !== t.fingerprint) changedSincePreview(t.path)
      await sandbox.recheckEntry(abs)
      await unlink(abs)
      onFile?.(t.bytes)
      results.push({ path: t.path, filesDeleted: 1, bytesFreed: t.bytes, keptFolders: [] })
      continue
    }
    if (!st.isDirectory()) changedSincePreview(t.path)
    const listing = await listFolder(abs)
    if (listing.fingerprint !== t.fingerprint) changedSincePreview(t.path)
    let bytesFreed = 0
    let filesDeleted = 0
    const stopped = (err: unknown): never => {
      if (!(err instanceof GuardError)) throw err
      throw refusal(`Stopped deleting ${t.path}: a folder in it was replaced by a symbolic link during the deletion, and nothing was deleted through it. ` +
        `${filesDeleted} file(s) had already been deleted. Look at the folder before deciding again.`, [seeFolder(t.path)])
    }
    for (const f of listing.files) {
      await sandbox.recheckEntry(f.path).catch(stopped)
      await unlink(f.path).catch(err => { if (codeOf(err) !== 'ENOENT') throw err })
      filesDeleted++
      bytesFreed += f.size
      onFile?.(f.size)
    }
    const keptFolders: string[] = []
    for (const d of [abs, ...listing.dirs].reverse()) {
      try {
        await sandbox.recheckEntry(d).catch(stopped)
        await rmdir(d)
      } catch (err) {
        if (codeOf(err) === 'ENOTEMPTY' || codeOf(err) === 'EEXIST' || codeOf(err) === 'ENOTDIR') keptFolders.push(sandbox.display(d))
        else if (codeOf(err) !== 'ENOENT') throw err
      }
    }
    results.push({ path: t.path, filesDeleted, bytesFreed, keptFolders })
  }
  return results
}
