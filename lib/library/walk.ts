// Fast directory walking for large libraries (100k files). Node's promise-based fs costs a thread-pool
// round trip per entry, which measured 6–10× slower than `find` here; synchronous readdir + lstat runs at
// about find's speed. To keep the event loop responsive, the walk runs in slices of a few milliseconds
// and yields between them, so a big walk never blocks other requests for long.
import { lstatSync, readdirSync, type Dirent } from 'node:fs'
import { ToolError } from '../../core/errors.js'

export interface WalkEntry {
  /** Absolute path. */
  path: string
  name: string
  /** Depth below the walk root (its children are depth 1). */
  depth: number
  kind: 'file' | 'dir' | 'symlink' | 'other'
  /** Bytes (files only; 0 otherwise). */
  size: number
  mtimeMs: number
  /** Device and inode (0 with noStat): tell a replaced file from one with the same size and mtime. */
  dev: number
  ino: number
}

export interface WalkOptions {
  /** Stop descending below this depth (default: unlimited). */
  maxDepth?: number
  /** Skip stat calls (size and mtime stay 0) when only names and kinds are needed. */
  noStat?: boolean
  signal?: AbortSignal
  /** Longest stretch of synchronous work before yielding to the event loop. */
  sliceMs?: number
}

/** What the visitor may answer for a folder: 'skip' leaves its contents out. */
export type VisitResult = void | 'skip'

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/**
 * Visits every entry below `root` in depth-first pre-order (a folder, then its contents), each folder's
 * entries sorted by name. The order is stable from call to call, so pages can be cut while walking,
 * without collecting and sorting everything.
 * Unreadable folders are reported through `onError` and skipped.
 */
export async function walk (root: string, visit: (e: WalkEntry) => VisitResult, opts: WalkOptions & { onError?: (path: string, err: Error) => void } = {}): Promise<void> {
  const sliceMs = opts.sliceMs ?? 12
  let sliceStart = performance.now()
  let counter = 0
  // Each frame: the folder's sorted entries and the next index to visit.
  const stack: Array<{ dir: string, depth: number, items: Dirent[], i: number }> = []
  const open = (dir: string, depth: number) => {
    try {
      stack.push({ dir, depth, items: readdirSync(dir, { withFileTypes: true }).sort(byName), i: 0 })
    } catch (err) {
      opts.onError?.(dir, err as Error)
    }
  }
  open(root, 1)
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.i >= top.items.length) {
      stack.pop()
      continue
    }
    const d = top.items[top.i++]
    const path = top.dir === '/' ? `/${d.name}` : `${top.dir}/${d.name}`
    const kind = d.isDirectory() ? 'dir' : d.isFile() ? 'file' : d.isSymbolicLink() ? 'symlink' : 'other'
    let size = 0
    let mtimeMs = 0
    let dev = 0
    let ino = 0
    if (!opts.noStat) {
      const st = lstatSync(path, { throwIfNoEntry: false })
      if (st) {
        size = kind === 'file' ? st.size : 0
        mtimeMs = st.mtimeMs
        dev = st.dev
        ino = st.ino
      }
    }
    const answer = visit({ path, name: d.name, depth: top.depth, kind, size, mtimeMs, dev, ino })
    if (kind === 'dir' && answer !== 'skip' && (opts.maxDepth === undefined || top.depth < opts.maxDepth)) open(path, top.depth + 1)
    if ((++counter & 127) === 0 && performance.now() - sliceStart > sliceMs) {
      if (opts.signal?.aborted) throw new ToolError('The listing was cancelled.')
      await new Promise(resolve => setImmediate(resolve))
      sliceStart = performance.now()
    }
  }
}
