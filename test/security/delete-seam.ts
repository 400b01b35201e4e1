// The seam the symlink-race tests use to make a swap happen in the middle of a delete. Two file-system calls
// are patched through the builtin modules' exports: fs.promises.unlink (a delete that removes one file at a
// time calls it after walking the folder) and the callback fs.readdir (a recursive fs.rm calls it to open each
// subfolder it has just found to be a folder). The swap runs once, right before the first of them: the worst
// moment short of the instant between a check and its syscall.
// Import this before anything deletes: a recursive fs.rm takes its fs functions when it is first used.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const fs = require('node:fs') as typeof import('node:fs')
const fsp = require('node:fs/promises') as typeof import('node:fs/promises')
const realUnlink = fsp.unlink
const realReaddir = fs.readdir

let pending: { swap: () => void, folder?: string } | undefined

function fire () {
  const armed = pending
  pending = undefined
  armed?.swap()
}

fsp.unlink = async (p: Parameters<typeof realUnlink>[0]) => {
  fire()
  return await realUnlink(p)
}
fs.readdir = ((p: Parameters<typeof realReaddir>[0], ...rest: unknown[]) => {
  if (pending?.folder !== undefined && String(p) === pending.folder) fire()
  return (realReaddir as (...args: unknown[]) => void)(p, ...rest)
}) as typeof realReaddir
syncBuiltinESMExports()

/** Puts the real functions back (register with t.teardown). */
export function restoreFs () {
  fsp.unlink = realUnlink
  fs.readdir = realReaddir
  syncBuiltinESMExports()
}

/** Runs `swap` once, right before the next unlink, or before `folder` is opened by a recursive remove. */
export function swapMidDelete (swap: () => void, folder?: string) {
  pending = { swap, folder }
}

/** A folder outside the roots with x.mkv and keep/y.mkv, removed at teardown. */
export function outsideFolder (t: { teardown: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-outside-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'keep'))
  writeFileSync(join(dir, 'x.mkv'), 'outside data')
  writeFileSync(join(dir, 'keep', 'y.mkv'), 'more outside data')
  return dir
}
