// Moves finished download files into a library folder without ever losing or overwriting anything:
// each file goes through lib/fs/move-file.ts (link+unlink on one filesystem; otherwise copy, fsync, verify
// size and content, then remove the source), and a name already taken in the destination gets a unique
// variant ("Movie (2020) (2).mkv"), so two files of one movie both survive. Partial downloads are skipped.
import { readdir, lstat } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { DestinationExistsError, exists, moveFile } from '../../lib/fs/move-file.js'
import { isOurTempName } from '../../lib/fs/temp-names.js'
import { ToolError } from '../../core/errors.js'

const PARTIAL = /\.(part|aria2|ytdl|crdownload|tmp)$|\.part-Frag\d+$/i

export interface OrganizeMove { from: string, to: string, sizeBytes: number }

export interface OrganizeOptions {
  /** Called with a path right before it is created or removed (the sandbox's recheck). */
  guard: (abs: string) => Promise<unknown>
  signal?: AbortSignal
  onFile?: (done: number, total: number, name: string) => void
  /** Records the moves done so far (the job's inverse), after each file. */
  onMoved?: (moves: OrganizeMove[]) => void
}

export interface SkippedEntry { path: string, reason: string }

export const SYMLINK_SKIPPED = 'a symbolic link (torrents may carry them); links are never followed or moved into the library, so it was left in the downloads folder'

/**
 * Files to organize from a package folder or a single file (recursively, skipping partial and hidden files).
 * Nothing is followed through a symbolic link: links are left where they are and listed in `skipped`.
 */
export async function collectFiles (source: string, skipped: SkippedEntry[] = []): Promise<Array<{ path: string, sizeBytes: number }>> {
  const st = await lstat(source)
  if (st.isFile()) return PARTIAL.test(source) ? [] : [{ path: source, sizeBytes: st.size }]
  if (st.isSymbolicLink()) skipped.push({ path: source, reason: SYMLINK_SKIPPED })
  if (!st.isDirectory()) return []
  const out: Array<{ path: string, sizeBytes: number }> = []
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || isOurTempName(entry.name) || PARTIAL.test(entry.name)) continue
    const full = join(source, entry.name)
    if (entry.isDirectory()) out.push(...await collectFiles(full, skipped))
    else if (entry.isFile()) out.push({ path: full, sizeBytes: (await lstat(full)).size })
    else if (entry.isSymbolicLink()) skipped.push({ path: full, reason: SYMLINK_SKIPPED })
  }
  return out.sort((a, b) => a.path.localeCompare(b.path))
}

/** "name.ext", then "name (2).ext", "name (3).ext"… the first one not taken (and not taken by this batch). */
export async function uniqueName (dir: string, name: string, taken: Set<string>): Promise<string> {
  const ext = extname(name)
  const stem = name.slice(0, name.length - ext.length)
  for (let n = 1; n <= 999; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${ext}`
    if (!taken.has(candidate) && !await exists(join(dir, candidate))) return candidate
  }
  throw new ToolError(`Too many files named like "${name}" in the destination; pick another destination folder.`)
}

export async function organizeFiles (files: Array<{ path: string }>, destinationDir: string, opts: OrganizeOptions): Promise<OrganizeMove[]> {
  const moves: OrganizeMove[] = []
  const taken = new Set<string>()
  for (const [i, file] of files.entries()) {
    if (opts.signal?.aborted) throw new ToolError(`Organizing was cancelled after ${moves.length} of ${files.length} files; the moved ones are listed in the job's result.`)
    opts.onFile?.(i, files.length, basename(file.path))
    for (let attempt = 0; ; attempt++) {
      const name = await uniqueName(destinationDir, basename(file.path), taken)
      const to = join(destinationDir, name)
      try {
        const res = await moveFile(file.path, to, { guard: opts.guard, signal: opts.signal })
        taken.add(name)
        moves.push({ from: file.path, to, sizeBytes: res.bytes })
        opts.onMoved?.(moves)
        break
      } catch (err) {
        // Someone created that name between our check and the move: pick the next free one.
        if (err instanceof DestinationExistsError && attempt < 5) { taken.add(name); continue }
        throw err
      }
    }
  }
  opts.onFile?.(files.length, files.length, '')
  return moves
}
