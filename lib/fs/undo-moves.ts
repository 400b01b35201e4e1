// Reverts a move log. Each entry is judged by where its file really is now, so undo also repairs a move
// that a crash cut short: a file still at its source is left alone, one at its destination is moved back,
// one at both (crash between publish and source removal) loses only its redundant copy, after a
// byte-for-byte comparison. Anything ambiguous is reported as a conflict and left untouched.
import { lstat, mkdir, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { codeOf, sameContent } from './durable.js'
import { moveFile, type MoveFileOptions } from './move-file.js'
import { newMoveLog, entrySize, type MoveLog } from './move-log.js'
import { moveTree, removeEmptyDirs } from './move-tree.js'

export interface UndoConflict {
  /** The path the file should return to. */
  from: string
  /** Where the move put it. */
  to: string
  reason: string
}

export interface UndoReport {
  restored: number
  /** Entries that never moved (nothing to revert). */
  untouched: number
  conflicts: UndoConflict[]
}

export interface UndoOptions extends Omit<MoveFileOptions, 'onBytes'> {
  onProgress?: (done: number, total: number, current?: string) => void
}

/** The log that would redo what undoing `log` reverts (recorded as the undo job's own inverse). */
export function inverseOf (log: MoveLog): MoveLog {
  return newMoveLog([...log.entries].reverse().map(e => ({
    from: e.to,
    to: e.from,
    kind: e.kind,
    ...(e.files && { files: [...e.files].reverse() })
  })))
}

export async function undoMoves (log: MoveLog, opts: UndoOptions = {}): Promise<UndoReport> {
  const report: UndoReport = { restored: 0, untouched: 0, conflicts: [] }
  const total = log.entries.reduce((n, e) => n + entrySize(e), 0)
  let done = 0
  for (const e of [...log.entries].reverse()) {
    if (opts.signal?.aborted) {
      report.conflicts.push({ from: e.from, to: e.to, reason: 'undo was cancelled before this entry' })
      continue
    }
    if (e.kind === 'tree') {
      const files = [...(e.files ?? [])].reverse()
      for (const rel of files) {
        opts.onProgress?.(done++, total, join(e.to, rel))
        await restoreOne(join(e.from, rel), join(e.to, rel), report, opts)
      }
      const dirs = [...new Set(files.flatMap(parentsOf))]
      await removeEmptyDirs(e.to, dirs, opts.guard)
    } else {
      opts.onProgress?.(done++, total, e.to)
      await restoreOne(e.from, e.to, report, opts, e.kind === 'dir')
    }
  }
  opts.onProgress?.(total, total)
  return report
}

async function restoreOne (from: string, to: string, report: UndoReport, opts: UndoOptions, isDir = false) {
  const [atFrom, atTo] = [await statOrNull(from), await statOrNull(to)]
  try {
    if (!atTo && !atFrom) {
      report.conflicts.push({ from, to, reason: 'found at neither place; it was moved or deleted after the job' })
    } else if (!atTo) {
      report.untouched++
    } else if (!atFrom) {
      await opts.guard?.(from)
      await mkdir(dirname(from), { recursive: true })
      const { onProgress: _ignored, ...moveOpts } = opts
      if (isDir) await moveTree(to, from, moveOpts)
      else await moveFile(to, from, moveOpts)
      report.restored++
    } else if (!isDir && atFrom.dev === atTo.dev && atFrom.ino === atTo.ino) {
      // A same-filesystem move interrupted between link and unlink: one file, two names.
      await opts.guard?.(to)
      await unlink(to)
      report.restored++
    } else if (!isDir && atFrom.isFile() && atTo.isFile() && await sameContent(from, to)) {
      // A copy interrupted after publishing but before removing the source.
      await opts.guard?.(to)
      await unlink(to)
      report.restored++
    } else {
      report.conflicts.push({ from, to, reason: 'both places hold different content; nothing was overwritten' })
    }
  } catch (err) {
    report.conflicts.push({ from, to, reason: err instanceof Error ? err.message : String(err) })
  }
}

export async function statOrNull (p: string) {
  try {
    return await lstat(p)
  } catch (err) {
    if (codeOf(err) === 'ENOENT' || codeOf(err) === 'ENOTDIR') return null
    throw err
  }
}

export function parentsOf (rel: string): string[] {
  const out: string[] = []
  for (let d = dirname(rel); d !== '.' && d !== '/'; d = dirname(d)) out.push(d)
  return out
}
