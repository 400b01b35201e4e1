// Paged folder listing. The walk visits entries in a stable order (folder, then its sorted contents), so a page is cut while walking and
// only the entries on the page are stat'ed; the total still counts everything.
import { lstat } from 'node:fs/promises'
import { basename } from 'node:path'
import { isOurTempName } from '../fs/temp-names.js'
import { walk } from './walk.js'

export interface ListedItem {
  path: string
  name: string
  kind: 'file' | 'folder' | 'symlink' | 'other'
  size: number
  modified: string
}

export interface ListPage {
  items: ListedItem[]
  total: number
  offset: number
  limit: number
  hasMore: boolean
}

export interface ListOptions {
  recursive: boolean
  offset: number
  limit: number
  /** Show the server's own temporary files too (hidden by default). */
  includeTemp?: boolean
  display: (abs: string) => string
  signal?: AbortSignal
}

export async function listFolder (abs: string, opts: ListOptions): Promise<ListPage> {
  const st = await lstat(abs)
  if (!st.isDirectory()) {
    const item = await describe(abs, opts.display)
    return { items: opts.offset === 0 ? [item] : [], total: 1, offset: opts.offset, limit: opts.limit, hasMore: false }
  }
  const page: string[] = []
  let total = 0
  const end = opts.offset + opts.limit
  await walk(abs, e => {
    if (!opts.includeTemp && isOurTempName(e.name)) return 'skip'
    if (total >= opts.offset && total < end) page.push(e.path)
    total++
  }, { maxDepth: opts.recursive ? undefined : 1, noStat: true, signal: opts.signal })
  const items = (await Promise.all(page.map(p => describe(p, opts.display).catch(() => undefined))))
    .filter((i): i is ListedItem => i !== undefined)
  return { items, total, offset: opts.offset, limit: opts.limit, hasMore: end < total }
}

async function describe (abs: string, display: (abs: string) => string): Promise<ListedItem> {
  const s = await lstat(abs)
  const kind = s.isDirectory() ? 'folder' : s.isFile() ? 'file' : s.isSymbolicLink() ? 'symlink' : 'other'
  return { path: display(abs), name: basename(abs), kind, size: s.isFile() ? s.size : 0, modified: s.mtime.toISOString() }
}
