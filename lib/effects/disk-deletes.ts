// Deletes this server makes itself (cleanup_server's temp files and download leftovers), verified as the
// backends' are (effects.ts): the files a target holds are pinned right before the delete, and the next look
// checks each of them. "Deleted 2 files (1.2 GiB)" counts only those gone; what is still there is named with
// where it is and why the disk refused it. A file that appeared in a folder after the preview is not the
// target's: the delete leaves it on purpose, and the look does not count it as left over.
import { lstat } from 'node:fs/promises'
import { ToolError } from '../../core/errors.js'
import { formatBytes } from '../../core/format.js'
import { quoted } from '../../core/untrusted-text.js'
import { codeOf } from '../fs/durable.js'
import { listFolder } from '../library/delete-targets.js'
import type { AskedEffect, CheckedEffect, DataLook } from './effects.js'

export interface PinnedFile { path: string, bytes: number }

/** The files at `abs` right before its delete: the entry itself, or every file in the folder (never through a link). */
export async function pinFiles (abs: string): Promise<PinnedFile[]> {
  const st = await lstat(abs).catch(() => undefined)
  if (!st) return []
  if (!st.isDirectory()) return [{ path: abs, bytes: st.isFile() ? st.size : 0 }]
  return (await listFolder(abs)).files.map(f => ({ path: f.path, bytes: f.size }))
}

/** A delete made here, with the files it was to remove. */
export interface AskedDiskDelete extends AskedEffect { pinned: PinnedFile[] }

/** A delete looked at again: the effect as every tool reports it, and what of it is gone. */
export interface CheckedDiskDelete extends CheckedEffect { freed: { files: number, bytes: number } }

/** Each pinned file on the next look: gone, still there, or (an error other than "not found") unknown. */
export async function verifyDiskDeletes (asked: readonly AskedDiskDelete[]): Promise<CheckedDiskDelete[]> {
  const out: CheckedDiskDelete[] = []
  for (const { pinned, ...effect } of asked) {
    const shown = effect.data?.shown ?? effect.id
    const left = { files: 0, bytes: 0 }
    const freed = { files: 0, bytes: 0 }
    let unreadable: string | undefined
    for (const f of pinned) {
      const st = await lstat(f.path).catch((err: unknown) => err as Error)
      if (!(st instanceof Error)) { left.files++; left.bytes += st.isFile() ? st.size : 0; continue }
      const code = codeOf(st)
      if (code === 'ENOENT' || code === 'ENOTDIR') { freed.files++; freed.bytes += f.bytes } else unreadable = code ?? 'error'
    }
    const look: DataLook = left.files > 0
      ? { path: shown, state: 'stillThere', files: left.files, bytes: left.bytes, complete: true }
      : unreadable ? { path: shown, state: 'unknown', why: `cannot be read (${unreadable})` } : { path: shown, state: 'gone' }
    const outcome = look.state === 'gone' ? 'done' : look.state === 'stillThere' ? 'dataLeft' : 'unknown'
    out.push({ ...effect, backend: 'gone', look, outcome, freed })
  }
  return out
}

/** A delete's error in words a person can act on, without this server's absolute paths. */
export function describeDiskError (err: unknown): string {
  if (err instanceof ToolError) return err.message
  const code = codeOf(err)
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `the disk refused to delete it (${code}): this server's user needs write permission on the folder holding it, and the file must not be immutable or on a read-only file system`
  }
  return code ? `the disk refused to delete it (${code})` : 'internal error (see the server log)'
}

const files = (n: number, bytes: number) => `${n} file${n === 1 ? '' : 's'} (${formatBytes(bytes)})`

/** What the deletes freed, counted from the next look. */
export const freedBy = (checked: readonly CheckedDiskDelete[]) =>
  checked.reduce((s, c) => ({ files: s.files + c.freed.files, bytes: s.bytes + c.freed.bytes }), { files: 0, bytes: 0 })

/** One sentence per delete that left files, or that the next look could not read. */
export function diskLeftText (checked: readonly CheckedDiskDelete[]): string {
  return checked.flatMap(c => {
    const why = c.error ? `: ${c.error}` : ''
    if (c.look?.state === 'stillThere') return [` ${files(c.look.files, c.look.bytes)} of ${quoted(c.look.path)} could not be deleted and ${c.look.files === 1 ? 'is' : 'are'} still there${why}.`]
    if (c.look?.state === 'unknown') return [` Whether ${quoted(c.look.path)} was deleted is unknown: it ${c.look.why}${why}.`]
    return []
  }).join('')
}
