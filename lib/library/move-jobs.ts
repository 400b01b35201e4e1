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
import { moveTree, type MoveTreeOptions, type MoveTreeResult } from '../fs/move-tree.js'
import { resumeMove } from '../fs/resume-move.js'
import { conflictText, stoppedMove } from './move-stop.js'
import { shownPath } from './move-state.js'
import { inverseOf, undoMoves, type UndoReport } from '../fs/undo-moves.js'
import { extensionOf, fileKind } from './media-kinds.js'
import { walk } from './walk.js'
import { refusal } from '../answers/next-calls.js'
import { followJob } from '../answers/common-calls.js'

export interface PlannedMove {
  from: string
  to: string
  bytes: number
  crossDevice: boolean
  /** Set when this continues a move an earlier job left part-way: its recorded entry, and that job. */
  resume?: { entry: MoveEntry, jobId: string }
}

export interface MoveRequestOptions {
  /** Create `destination` as a folder (and move into it) when it does not exist. */
  createFolder?: boolean
  /** The newest job whose move log has this exact move, if any: its partial destination is continued into. */
  earlier?: (from: string, to: string) => EarlierMove | undefined
  /** A running job moving this path (or something in or around it), if any: two moves must not race for the same files. */
  busy?: (path: string) => { jobId: string } | undefined
}

export interface EarlierMove { jobId: string, status: string, entry: MoveEntry }

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
    const busy = opts.busy?.(from)
    if (busy) throw refusal(`${sandbox.display(from)} is being moved by job ${busy.jobId} right now; nothing was changed. Follow that job, then try again if it is still needed.`, [followJob(busy.jobId)])
    resolved.push({ input, from, st: await sandbox.mustExist(from, input) })
  }
  const createFolder = !destStat && opts.createFolder === true
  const intoFolder = destStat?.isDirectory() === true || createFolder
  if (!intoFolder && sources.length > 1) {
    throw new ToolError(`To move several items, destination must be an existing folder; ${destination} is not one. Pass createFolder:true to create it.`)
  }
  if (destStat && !intoFolder && !opts.earlier?.(resolved[0].from, dest)) throw new DestinationExistsError(dest, sandbox.display(dest))
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
    const resume = await lstat(to).then(() => continuable(sandbox, from, to, opts.earlier), () => undefined)
    await sandbox.recheckEntry(to)
    if (sandbox.isProtected(to)) throw new ToolError(`${sandbox.display(to)} is a root or library top folder; pick a name inside it.`)
    const crossDevice = st.dev !== parentStat.dev
    moves.push({ from, to, crossDevice, bytes: crossDevice ? await totalBytes(from, st.isDirectory()) : 0, ...(resume && { resume }) })
  }
  if (createFolder) {
    await sandbox.recheck(dest)
    await mkdir(dest, { recursive: true })
  }
  return moves
}

/**
 * An existing destination is refused, unless it is the partial destination of an earlier move of this same
 * source that stopped part-way: then this move continues into it (never advising to delete our own work).
 */
function continuable (sandbox: PathSandbox, from: string, to: string, earlier: MoveRequestOptions['earlier']): PlannedMove['resume'] {
  const found = earlier?.(from, to)
  if (!found) throw new DestinationExistsError(to, sandbox.display(to))
  if (found.status === 'queued' || found.status === 'running') {
    throw refusal(`${sandbox.display(to)} is the destination of job ${found.jobId}, which is still ${found.status} moving ${sandbox.display(from)} there; nothing was changed.`, [followJob(found.jobId)])
  }
  return { entry: found.entry, jobId: found.jobId }
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
    const opts: MoveTreeOptions = {
      signal: job.signal,
      guard: p => sandbox.recheckEntry(p),
      onPlanned: record,
      onProgress: p => job.progress(((i + (p.filesTotal ? p.filesDone / p.filesTotal : 0)) / moves.length) * 100,
        `Moving ${sandbox.display(m.from)}: ${p.filesDone}/${p.filesTotal} files`)
    }
    let r: MoveTreeResult
    try {
      if (m.resume) {
        const resumed = await resumeMove(m.resume.entry, opts)
        if (resumed.conflicts.length > 0) throw new ToolError(conflictText(sandbox, resumed.conflicts))
        r = resumed
      } else {
        r = await moveTree(m.from, m.to, opts)
      }
    } catch (err) {
      throw await stoppedMove(job, sandbox, log, moves.slice(i + 1), err)
    }
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

export async function runUndoJob (job: JobHandle, sandbox: PathSandbox, log: MoveLog, undoes: string): Promise<UndoJobResult> {
  job.setInverse({ ...inverseOf(log), undoes }) // undoing the undo redoes the original moves
  const report: UndoReport = await undoMoves(log, {
    signal: job.signal,
    guard: async p => {
      await sandbox.recheckEntry(p)
      if (sandbox.isProtected(p)) throw new ToolError(`${sandbox.display(p)} is a root or library top folder and is left alone.`)
    },
    onProgress: (done, total) => job.progress(total ? (done / total) * 100 : 100, `Undoing: ${done}/${total}`)
  })
  return { ...report, conflicts: report.conflicts.map(c => ({ from: shownPath(sandbox, c.from), to: shownPath(sandbox, c.to), reason: c.reason })) }
}

/** Creates the folders on the way to `abs` (inside the sandbox), for undo and renames. */
export async function ensureParent (sandbox: PathSandbox, abs: string) {
  await sandbox.recheck(dirname(abs))
  await mkdir(dirname(abs), { recursive: true })
}
