// The bodies of manage_files' move and undo jobs. Everything that can be refused is checked before the
// job starts (sources exist and may move, targets are free, no folder moves into itself), so a started
// job normally runs to the end; whatever it does is recorded as it goes (job.setInverse) for undo.
import type { Stats } from 'node:fs'
import { lstat, mkdir, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { JobHandle } from '../../core/job-types.js'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { ToolError } from '../../core/errors.js'
import { codeOf } from '../fs/durable.js'
import { DestinationExistsError } from '../fs/move-file.js'
import { newMoveLog, type MoveEntry, type MoveLog } from '../fs/move-log.js'
import { moveTree } from '../fs/move-tree.js'
import { inverseOf, undoMoves, type UndoReport } from '../fs/undo-moves.js'
import { extensionOf, fileKind } from './media-kinds.js'
import { walk } from './walk.js'

export interface PlannedMove { from: string, to: string, bytes: number, crossDevice: boolean }

export interface MoveRequestOptions {
  /** Create `destination` as a folder (and move into it) when it does not exist. */
  createFolder?: boolean
}

/**
 * Resolves and checks a move request; throws a ToolError saying what to change when it cannot run.
 * Sources are entries (a symbolic link moves as a link, never its target). A destination that does not
 * exist is a new name for a single item, or, with createFolder, a folder created to move into; a file is
 * never given a name without its kind of extension silently (that is almost always a missing folder).
 */
export async function planMoves (sandbox: PathSandbox, sources: string[], destination: string, opts: MoveRequestOptions = {}): Promise<PlannedMove[]> {
  const dest = await sandbox.resolveEntry(destination)
  const destStat = await lstat(dest).catch(err => { if (codeOf(err) === 'ENOENT') return undefined; throw err })
  if (destStat?.isSymbolicLink()) throw new ToolError(`${destination} is a symbolic link; moves never follow links. Give the folder it points to, or another destination.`)
  const resolved: Array<{ input: string, from: string, st: Stats }> = []
  for (const input of sources) {
    const from = await sandbox.resolveEntry(input)
    await sandbox.assertMutable(from)
    resolved.push({ input, from, st: await sandbox.mustExist(from, input) })
  }
  const createFolder = !destStat && opts.createFolder === true
  const intoFolder = destStat?.isDirectory() === true || createFolder
  if (!intoFolder && sources.length > 1) {
    throw new ToolError(`To move several items, destination must be an existing folder; ${destination} is not one. Pass createFolder:true to create it.`)
  }
  if (destStat && !intoFolder) throw new DestinationExistsError(dest, sandbox.display(dest))
  if (!intoFolder) refuseExtensionless(resolved[0].from, resolved[0].st, dest, destination)
  const parent = intoFolder ? dest : dirname(dest)
  const parentStat = await stat(createFolder ? await nearestExisting(parent) : parent).catch(() => undefined)
  if (!parentStat?.isDirectory()) throw new ToolError(`The folder ${sandbox.display(parent)} does not exist. Create it by moving into an existing folder, or pick an existing destination.`)
  const moves: PlannedMove[] = []
  const targets = new Set<string>()
  for (const { from, st } of resolved) {
    const to = intoFolder ? join(dest, basename(from)) : dest
    if (to === from) throw new ToolError(`${sandbox.display(from)} is already there; nothing to move.`)
    if (to.startsWith(from + '/')) throw new ToolError(`Cannot move ${sandbox.display(from)} into itself.`)
    if (targets.has(to)) throw new ToolError(`Two sources would both become ${sandbox.display(to)}; move them separately.`)
    targets.add(to)
    if (await lstat(to).then(() => true, () => false)) throw new DestinationExistsError(to, sandbox.display(to))
    await sandbox.recheckEntry(to)
    if (sandbox.isProtected(to)) throw new ToolError(`${sandbox.display(to)} is a root or library top folder; pick a name inside it.`)
    const crossDevice = st.dev !== parentStat.dev
    moves.push({ from, to, crossDevice, bytes: crossDevice ? await totalBytes(from, st.isDirectory()) : 0 })
  }
  if (createFolder) {
    await sandbox.recheck(dest)
    await mkdir(dest, { recursive: true })
  }
  return moves
}

/** A file with an extension moved to a missing name without one: refused, the user most likely meant a folder. */
function refuseExtensionless (from: string, st: Stats, dest: string, destination: string) {
  const ext = extensionOf(basename(from))
  if (st.isDirectory() || ext === '') return
  const destExt = extensionOf(basename(dest))
  if (destExt === ext || fileKind(basename(dest)) !== 'other') return
  throw new ToolError(`${destination} is not an existing folder, and ${basename(from)} would become a file named "${basename(dest)}" without its .${ext} extension; nothing was moved. ` +
    `To move it into a new folder of that name, call again with createFolder:true; to rename the file, give the new name with its extension (e.g. "${destination}.${ext}").`)
}

async function nearestExisting (abs: string): Promise<string> {
  for (let p = abs; ; p = dirname(p)) {
    if (await lstat(p).then(() => true, () => false) || p === dirname(p)) return p
  }
}

async function totalBytes (abs: string, isDir: boolean): Promise<number> {
  if (!isDir) return (await lstat(abs)).size
  let bytes = 0
  await walk(abs, e => { bytes += e.size })
  return bytes
}

/** A conservative guess: renames are instant, copies run at about 80 MB/s on the disks this runs on. */
export function estimateMoveMs (moves: PlannedMove[]): number {
  return 500 + moves.reduce((ms, m) => ms + (m.crossDevice ? m.bytes / 80_000 : 50), 0)
}

export interface MoveJobResult {
  moved: Array<{ from: string, to: string, files: number, bytes: number }>
  leftBehind: string[]
}

export async function runMoveJob (job: JobHandle, sandbox: PathSandbox, moves: PlannedMove[]): Promise<MoveJobResult> {
  const log = newMoveLog()
  const record = (entry: MoveEntry) => {
    const i = log.entries.findIndex(e => e.from === entry.from && e.to === entry.to)
    if (i >= 0) log.entries[i] = entry
    else log.entries.push(entry)
    job.setInverse(log)
  }
  const result: MoveJobResult = { moved: [], leftBehind: [] }
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]
    const r = await moveTree(m.from, m.to, {
      signal: job.signal,
      guard: p => sandbox.recheckEntry(p),
      onPlanned: record,
      onProgress: p => job.progress(((i + (p.filesTotal ? p.filesDone / p.filesTotal : 0)) / moves.length) * 100,
        `Moving ${sandbox.display(m.from)}: ${p.filesDone}/${p.filesTotal} files`)
    })
    result.moved.push({ from: sandbox.display(m.from), to: sandbox.display(m.to), files: r.files, bytes: r.bytes })
    result.leftBehind.push(...r.leftBehind.map(p => sandbox.display(p)))
  }
  return result
}

export interface UndoJobResult {
  restored: number
  untouched: number
  conflicts: Array<{ from: string, to: string, reason: string }>
}

export async function runUndoJob (job: JobHandle, sandbox: PathSandbox, log: MoveLog): Promise<UndoJobResult> {
  job.setInverse(inverseOf(log)) // undoing the undo redoes the original moves
  const report: UndoReport = await undoMoves(log, {
    signal: job.signal,
    guard: async p => {
      await sandbox.recheckEntry(p)
      if (sandbox.isProtected(p)) throw new ToolError(`${sandbox.display(p)} is a root or library top folder and is left alone.`)
    },
    onProgress: (done, total) => job.progress(total ? (done / total) * 100 : 100, `Undoing: ${done}/${total}`)
  })
  const shown = (p: string) => { try { return sandbox.display(p) } catch { return p } }
  return { ...report, conflicts: report.conflicts.map(c => ({ from: shown(c.from), to: shown(c.to), reason: c.reason })) }
}

/** Creates the folders on the way to `abs` (inside the sandbox), for undo and renames. */
export async function ensureParent (sandbox: PathSandbox, abs: string) {
  await sandbox.recheck(dirname(abs))
  await mkdir(dirname(abs), { recursive: true })
}
