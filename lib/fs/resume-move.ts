// Continues a move that stopped part-way (server stopped or killed, disk full, source taken meanwhile) into its
// own partial destination, from the entry its move log recorded before the first change. Like undo, each file
// is judged by where it really is now: at the source only, it is moved now; at the destination only, it was
// already moved; at both, the interrupted move is finished by removing the source once the two are the same
// file or byte-for-byte equal. Different content at both places is left alone and reported.
import { mkdir, readdir, rm, rmdir, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { codeOf, fsyncDir, sameContent } from './durable.js'
import { moveFile } from './move-file.js'
import type { MoveEntry } from './move-log.js'
import { moveTree, removeEmptyDirs, type MoveTreeOptions, type MoveTreeResult } from './move-tree.js'
import { isTempFor } from './temp-names.js'
import { parentsOf, statOrNull } from './undo-moves.js'

export interface ResumeResult extends MoveTreeResult {
  /** Files found at both places with different content: neither was touched. */
  conflicts: Array<{ from: string, to: string }>
}

export async function resumeMove (entry: MoveEntry, opts: MoveTreeOptions = {}): Promise<ResumeResult> {
  await opts.onPlanned?.(entry)
  if (entry.kind === 'dir') return await resumeDir(entry, opts)
  const pairs = entry.kind === 'tree'
    ? (entry.files ?? []).map(rel => ({ from: join(entry.from, rel), to: join(entry.to, rel), rel }))
    : [{ from: entry.from, to: entry.to, rel: basename(entry.to) }]
  const conflicts: ResumeResult['conflicts'] = []
  let bytes = 0
  for (let i = 0; i < pairs.length; i++) {
    const { from, to } = pairs[i]
    opts.onProgress?.({ filesDone: i, filesTotal: pairs.length, bytesDone: bytes, bytesTotal: 0, current: from })
    bytes += await finishOne(from, to, conflicts, opts)
  }
  opts.onProgress?.({ filesDone: pairs.length, filesTotal: pairs.length, bytesDone: bytes, bytesTotal: bytes })
  await dropOurTemps(pairs.map(p => p.to), opts.guard)
  const dirs = entry.kind === 'tree' ? [...new Set(pairs.flatMap(p => parentsOf(p.rel)))] : []
  const leftBehind = entry.kind === 'tree' ? await removeEmptyDirs(entry.from, dirs, opts.guard) : []
  return { entry, files: pairs.length, bytes, leftBehind, conflicts }
}

/** Moves one file of the entry if it still has to move; returns the bytes moved now. */
async function finishOne (from: string, to: string, conflicts: ResumeResult['conflicts'], opts: MoveTreeOptions): Promise<number> {
  const [atFrom, atTo] = [await statOrNull(from), await statOrNull(to)]
  if (!atFrom) return 0 // moved already (or gone: the caller counts what is where afterwards)
  if (!atTo) {
    await ensureDir(dirname(to), opts.guard)
    return (await moveFile(from, to, opts)).bytes
  }
  const same = (atFrom.dev === atTo.dev && atFrom.ino === atTo.ino) ||
    (atFrom.isFile() && atTo.isFile() && await sameContent(from, to))
  if (!same) {
    conflicts.push({ from, to })
    return 0
  }
  // The copy was published before the stop: only the source's removal was left to do.
  await opts.guard?.(from)
  await unlink(from)
  await fsyncDir(dirname(from))
  return 0
}

/** A folder renamed in one step can only have stopped between creating the empty target and the rename. */
async function resumeDir (entry: MoveEntry, opts: MoveTreeOptions): Promise<ResumeResult> {
  const done = { entry, files: 1, bytes: 0, leftBehind: [], conflicts: [] }
  if (!await statOrNull(entry.from)) return done
  const target = await statOrNull(entry.to)
  if (target?.isDirectory() && (await readdir(entry.to)).length === 0) {
    await opts.guard?.(entry.to)
    await rmdir(entry.to)
  }
  const r = await moveTree(entry.from, entry.to, opts)
  return { ...r, conflicts: [] }
}

async function ensureDir (dir: string, guard?: (abs: string) => Promise<unknown>) {
  if (await statOrNull(dir)) return
  await ensureDir(dirname(dir), guard)
  await guard?.(dir)
  await mkdir(dir).catch(err => { if (codeOf(err) !== 'EEXIST') throw err })
}

/** Removes the partial copies a killed process left under our temp names beside the files of this move. */
async function dropOurTemps (targets: string[], guard?: (abs: string) => Promise<unknown>) {
  const byDir = new Map<string, Set<string>>()
  for (const to of targets) {
    const names = byDir.get(dirname(to)) ?? new Set<string>()
    names.add(basename(to))
    byDir.set(dirname(to), names)
  }
  for (const [dir, names] of byDir) {
    const items = await readdir(dir).catch(() => [] as string[])
    for (const item of items) {
      if (![...names].some(n => isTempFor(item, n))) continue
      await guard?.(join(dir, item))
      await rm(join(dir, item), { force: true })
    }
  }
}
