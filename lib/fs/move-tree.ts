// Moves a file or a whole folder, never overwriting, with per-file progress and a move log for undo.
// A folder on the same filesystem is renamed in one atomic step; across filesystems it is moved file by
// file with moveFile (each crash-safe), then the emptied source folders are removed.
import { lstat, mkdir, readdir, rename, rmdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { codeOf, fsyncDir } from './durable.js'
import { DestinationExistsError, moveFile, type MoveFileOptions } from './move-file.js'
import type { MoveEntry } from './move-log.js'

export interface TreeProgress {
  filesDone: number
  filesTotal: number
  bytesDone: number
  bytesTotal: number
  /** The file being moved. */
  current?: string
}

export interface MoveTreeOptions extends Omit<MoveFileOptions, 'onBytes'> {
  onProgress?: (p: TreeProgress) => void
  /** Receives the entry before the first change (so a crash keeps it) and again when it is complete. */
  onPlanned?: (entry: MoveEntry) => void | Promise<void>
}

export interface MoveTreeResult {
  entry: MoveEntry
  files: number
  bytes: number
  /** Source folders that could not be removed because something new appeared in them. */
  leftBehind: string[]
}

export async function moveTree (from: string, to: string, opts: MoveTreeOptions = {}): Promise<MoveTreeResult> {
  const st = await lstat(from)
  if (!st.isDirectory()) {
    const entry: MoveEntry = { from, to, kind: 'file' }
    await opts.onPlanned?.(entry)
    opts.onProgress?.({ filesDone: 0, filesTotal: 1, bytesDone: 0, bytesTotal: st.size, current: from })
    const r = await moveFile(from, to, opts)
    opts.onProgress?.({ filesDone: 1, filesTotal: 1, bytesDone: r.bytes, bytesTotal: r.bytes })
    return { entry, files: 1, bytes: r.bytes, leftBehind: [] }
  }
  await opts.guard?.(from)
  await opts.guard?.(to)
  // mkdir fails if anything exists there, so the folder rename below can only replace our own empty folder.
  try {
    await mkdir(to)
  } catch (err) {
    if (codeOf(err) === 'EEXIST') throw new DestinationExistsError(to)
    throw err
  }
  if (!opts.forceCopy) {
    const entry: MoveEntry = { from, to, kind: 'dir' }
    await opts.onPlanned?.(entry)
    try {
      await opts.checkpoint?.('link', { from, to })
      await rename(from, to)
      await fsyncDir(join(to, '..'))
      await fsyncDir(join(from, '..'))
      opts.onProgress?.({ filesDone: 1, filesTotal: 1, bytesDone: 0, bytesTotal: 0 })
      return { entry, files: 1, bytes: 0, leftBehind: [] }
    } catch (err) {
      if (codeOf(err) !== 'EXDEV') {
        await rmdir(to).catch(() => {})
        throw err
      }
    }
  }
  return await moveFileByFile(from, to, opts)
}

async function moveFileByFile (from: string, to: string, opts: MoveTreeOptions): Promise<MoveTreeResult> {
  const { dirs, files } = await listTree(from)
  const entry: MoveEntry = { from, to, kind: 'tree', files: files.map(f => f.rel) }
  await opts.onPlanned?.(entry)
  const bytesTotal = files.reduce((n, f) => n + f.size, 0)
  let bytesDone = 0
  for (const dir of dirs) await mkdir(join(to, dir), { recursive: true })
  for (let i = 0; i < files.length; i++) {
    const f = files[i]
    opts.onProgress?.({ filesDone: i, filesTotal: files.length, bytesDone, bytesTotal, current: join(from, f.rel) })
    await moveFile(join(from, f.rel), join(to, f.rel), opts)
    bytesDone += f.size
  }
  opts.onProgress?.({ filesDone: files.length, filesTotal: files.length, bytesDone, bytesTotal })
  const leftBehind = await removeEmptyDirs(from, dirs, opts.guard)
  return { entry, files: files.length, bytes: bytesTotal, leftBehind }
}

/**
 * Removes `root` and the listed subfolders, deepest first, where empty. Returns the ones still holding
 * something, or refused by `guard` (the sandbox's check that the folder holding each is still real).
 */
export async function removeEmptyDirs (root: string, dirs: string[], guard?: (abs: string) => Promise<unknown>): Promise<string[]> {
  const left: string[] = []
  for (const d of [...dirs].sort((a, b) => b.length - a.length).map(r => join(root, r)).concat(root)) {
    try {
      if (guard && !await guard(d).then(() => true, () => false)) {
        left.push(d)
        continue
      }
      await rmdir(d)
    } catch (err) {
      const code = codeOf(err)
      if (code === 'ENOTEMPTY' || code === 'EEXIST') left.push(d)
      else if (code !== 'ENOENT') throw err
    }
  }
  return left
}

export interface TreeListing {
  /** Relative folder paths, parents before children. */
  dirs: string[]
  /** Relative file (and symlink) paths with sizes, sorted. */
  files: Array<{ rel: string, size: number }>
}

export async function listTree (root: string): Promise<TreeListing> {
  const dirs: string[] = []
  const files: Array<{ rel: string, size: number }> = []
  const visit = async (dir: string) => {
    const items = await readdir(dir, { withFileTypes: true })
    items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const it of items) {
      const abs = join(dir, it.name)
      const rel = relative(root, abs)
      if (it.isDirectory()) {
        dirs.push(rel)
        await visit(abs)
      } else {
        const s = await lstat(abs)
        files.push({ rel, size: s.isFile() ? s.size : 0 })
      }
    }
  }
  await visit(root)
  return { dirs, files }
}
