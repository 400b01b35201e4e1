// Real file work for the simulators' manual import: listing video files in a folder, parsing names, and
// moving, copying or hardlinking into the library. Everything stays inside the folders the simulator was
// given (its "disk"); paths outside them are refused, never touched.
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs'
import { basename, dirname, extname, join, relative, resolve } from 'node:path'

const VIDEO = new Set(['.mkv', '.mp4', '.avi', '.m4v', '.ts', '.wmv', '.mov'])

/** Maps paths as the manager sees them to real folders on this machine, and refuses anything else. */
export interface SimDisk {
  /** The real path for a manager path, or undefined when it is outside the simulator's folders. */
  real: (seen: string) => string | undefined
  /**
   * Folders deleted through the manager (seen paths): the seeded library's files are not all on this machine,
   * so the demo stack's media server learns from this which files are gone, as its scan would see them.
   */
  removed: Set<string>
}

export function createDisk (mounts: Array<{ seen: string, real: string }>): SimDisk {
  return {
    removed: new Set(),
    real (seen) {
      const p = resolve('/', seen)
      for (const m of mounts) {
        const rel = relative(m.seen, p)
        if (rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'))) return join(m.real, rel)
      }
      return undefined
    }
  }
}

export interface FoundFile { seenPath: string, name: string, folderName: string, size: number }

/** Video files at a path (a file, or a folder searched two levels deep), as the manager would list them. */
export function listVideos (disk: SimDisk, seenPath: string): FoundFile[] {
  const real = disk.real(seenPath)
  if (!real || !existsSync(real)) return []
  const out: FoundFile[] = []
  const visit = (seen: string, r: string, depth: number) => {
    const st = statSync(r)
    if (st.isFile()) {
      if (VIDEO.has(extname(r).toLowerCase())) out.push({ seenPath: seen, name: basename(r), folderName: basename(dirname(r)), size: st.size })
      return
    }
    if (!st.isDirectory() || depth > 2) return
    for (const entry of readdirSync(r).sort()) visit(join(seen, entry), join(r, entry), depth + 1)
  }
  visit(resolve('/', seenPath), real, 0)
  return out
}

export interface ParsedName { title: string, season?: number, episodes: number[], year?: number }

/** "Show.Name.S01E02E03.1080p…" or "Movie Title (2020) 1080p…" → title, season, episodes, year. */
export function parseName (name: string): ParsedName {
  const base = name.replace(/\.[a-z0-9]{2,4}$/i, '')
  const ep = /^(.*?)[. _-]+S(\d{1,2})((?:E\d{1,3})+)/i.exec(base)
  if (ep) {
    const episodes = [...ep[3].matchAll(/E(\d{1,3})/gi)].map(m => Number(m[1]))
    return { title: words(ep[1]), season: Number(ep[2]), episodes }
  }
  const movie = /^(.*?)[. _(-]+((?:19|20)\d{2})\b/.exec(base)
  if (movie) return { title: words(movie[1]), year: Number(movie[2]), episodes: [] }
  return { title: words(base), episodes: [] }
}

function words (s: string) {
  return s.replace(/[._]+/g, ' ').replace(/\s+/g, ' ').trim()
}

export type TransferMode = 'move' | 'copy' | 'hardlink'

/** Moves, hardlinks (falling back to a copy) or copies a file, creating the destination folder. */
export function transfer (from: string, to: string, mode: TransferMode): TransferMode {
  mkdirSync(dirname(to), { recursive: true })
  if (existsSync(to)) unlinkSync(to)
  if (mode === 'move') {
    try { renameSync(from, to) } catch { copyFileSync(from, to); unlinkSync(from) }
    return 'move'
  }
  if (mode === 'hardlink') {
    try { linkSync(from, to); return 'hardlink' } catch { /* other device: copy instead, as the managers do */ }
  }
  copyFileSync(from, to)
  return 'copy'
}

/** Deletes a library folder the way "delete files" does, only when it is inside the simulator's disk. */
export function removeFolder (disk: SimDisk, seenPath: string): void {
  const real = disk.real(seenPath)
  if (real && existsSync(real)) rmSync(real, { recursive: true, force: true })
  disk.removed.add(resolve('/', seenPath))
}
