// What a folder holds on disk, counted before a manager is asked to delete it whole: every file, tracked by the
// manager or not, never following a symbolic link (a link is counted as the entry it is, the way a folder delete
// removes it).
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'

const WALK_LIMIT = 100_000

/**
 * Files and bytes under a folder. `complete` is false when the count stopped at WALK_LIMIT entries or a
 * folder in it could not be read: the folder holds at least that much.
 */
export async function folderOnDisk (path: string): Promise<{ files: number, bytes: number, complete: boolean }> {
  let files = 0
  let bytes = 0
  let seen = 0
  let complete = true
  const pending = [path]
  while (pending.length > 0) {
    const dir = pending.pop()!
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => { complete = false; return [] })
    for (const e of entries) {
      if (++seen > WALK_LIMIT) return { files, bytes, complete: false }
      const full = join(dir, e.name)
      if (e.isDirectory()) { pending.push(full); continue }
      files++
      bytes += await lstat(full).then(st => st.size, () => { complete = false; return 0 })
    }
  }
  return { files, bytes, complete }
}
