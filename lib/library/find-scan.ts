// Whole-tree scans through GNU find when it is installed: one child process streams every entry's type,
// size, depth and mtime, so a 100k-file summary runs at find's own speed and never blocks the event loop
// (Node has no batch stat; a stat call per file from JavaScript measured about 2× slower than find).
// Records are NUL-terminated, so any file name (even one with newlines) parses correctly. The child is
// spawned directly rather than through core/process because the NUL-separated stream is consumed as it
// arrives instead of being collected as lines.
import { spawn } from 'node:child_process'
import { childEnv } from '../../core/process/env.js'
import { basename } from 'node:path'
import type { WalkEntry } from './walk.js'
import { walk } from './walk.js'

const KINDS: Record<string, WalkEntry['kind']> = { f: 'file', d: 'dir', l: 'symlink' }

/** Visits every entry below `root` (any order). Falls back to the in-process walk when find is missing. */
export async function scanTree (root: string, visit: (e: WalkEntry) => void, signal?: AbortSignal): Promise<void> {
  const ok = await scanWithFind(root, visit, signal).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return false
    throw err
  })
  if (!ok) await walk(root, e => { visit(e) }, { signal })
}

function scanWithFind (root: string, visit: (e: WalkEntry) => void, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    // -P: never follow symlinks; the root is an absolute sandboxed path, so it cannot read as an option.
    const child = spawn('find', ['-P', root, '-mindepth', '1', '-printf', '%y\\t%s\\t%d\\t%T@\\t%D\\t%i\\t%p\\0'], { stdio: ['ignore', 'pipe', 'ignore'], signal, env: childEnv() })
    let rest = Buffer.alloc(0)
    child.stdout.on('data', (chunk: Buffer) => {
      let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk
      let start = 0
      for (let i = buf.indexOf(0, start); i !== -1; i = buf.indexOf(0, start)) {
        const rec = buf.toString('utf8', start, i)
        start = i + 1
        const t1 = rec.indexOf('\t')
        const t2 = rec.indexOf('\t', t1 + 1)
        const t3 = rec.indexOf('\t', t2 + 1)
        const t4 = rec.indexOf('\t', t3 + 1)
        const t5 = rec.indexOf('\t', t4 + 1)
        const t6 = rec.indexOf('\t', t5 + 1)
        const path = rec.slice(t6 + 1)
        const kind = KINDS[rec.slice(0, t1)] ?? 'other'
        visit({
          path,
          name: basename(path),
          depth: Number(rec.slice(t2 + 1, t3)),
          kind,
          size: kind === 'file' ? Number(rec.slice(t1 + 1, t2)) : 0,
          mtimeMs: Number(rec.slice(t3 + 1, t4)) * 1000,
          dev: Number(rec.slice(t4 + 1, t5)),
          ino: Number(rec.slice(t5 + 1, t6))
        })
      }
      buf = buf.subarray(start)
      rest = Buffer.from(buf)
    })
    child.on('error', reject)
    // find exits 1 when some folder was unreadable; what it could read is still reported.
    child.on('close', code => (code === 0 || code === 1 ? resolve(true) : reject(new Error(`find exited with code ${code}`))))
  })
}
