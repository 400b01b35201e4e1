// Where the files of a move job are now, read from the disk (not from progress counters a stop could have cut
// short), and what to do next. Used when a move stops part-way (shutdown, full disk, a source taken meanwhile),
// by the tool that was waiting for it and by check_jobs. It never advises deleting: what is at the destination
// is the job's own work, and the way back is undo.
import { lstat } from 'node:fs/promises'
import { join } from 'node:path'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { codeOf } from '../fs/durable.js'
import { isMoveLog, type MoveEntry, type MoveLog } from '../fs/move-log.js'
import type { JobRecord, JobRegistry } from '../../core/job-types.js'
import { callText } from '../answers/next-calls.js'
import { undoJob } from '../answers/common-calls.js'

/** A path as tools show it, or as it is when it is no longer inside a root. */
export function shownPath (sandbox: PathSandbox, p: string): string {
  try { return sandbox.display(p) } catch { return p }
}

export interface EntryState {
  files: number
  atDestination: number
  atSource: number
  /** At neither place: moved or deleted by something else. */
  elsewhere: number
  /** Unknown: the disk did not answer for these. */
  unchecked: number
}

export async function entryState (e: MoveEntry): Promise<EntryState> {
  const pairs = e.kind === 'tree' ? (e.files ?? []).map(rel => [join(e.from, rel), join(e.to, rel)]) : [[e.from, e.to]]
  const state = { files: pairs.length, atDestination: 0, atSource: 0, elsewhere: 0, unchecked: 0 }
  for (const [from, to] of pairs) {
    const [atFrom, atTo] = [await present(from), await present(to)]
    if (atFrom === undefined || atTo === undefined) state.unchecked++
    else if (atFrom) state.atSource++ // at both places: the source is the whole one until the move finishes
    else if (atTo) state.atDestination++
    else state.elsewhere++
  }
  return state
}

async function present (p: string): Promise<boolean | undefined> {
  try {
    await lstat(p)
    return true
  } catch (err) {
    return codeOf(err) === 'ENOENT' || codeOf(err) === 'ENOTDIR' ? false : undefined
  }
}

/** One sentence per entry that is not wholly moved: "3 of 16 files of downloads/Batch are in movies/Batch; 13 are still in downloads/Batch." */
export async function describeMoveState (sandbox: PathSandbox, log: MoveLog): Promise<{ text: string, allAccounted: boolean }> {
  const shown = (p: string) => shownPath(sandbox, p)
  const parts: string[] = []
  let complete = 0
  let allAccounted = true
  for (const e of log.entries) {
    const s = await entryState(e)
    if (s.elsewhere || s.unchecked) allAccounted = false
    if (s.atDestination === s.files) { complete++; continue }
    const [from, to] = [shown(e.from), shown(e.to)]
    const noun = e.kind === 'tree' ? `${s.files} files of ${from}` : from
    const bits = [e.kind === 'tree' ? `${s.atDestination} of ${noun} are in ${to}` : `${from} is ${s.atSource ? `still in ${from}` : s.atDestination ? `in ${to}` : 'at neither place'}`]
    if (e.kind === 'tree') {
      if (s.atSource) bits.push(`${s.atSource} ${s.atSource === 1 ? 'is' : 'are'} still in ${from}`)
      if (s.elsewhere) bits.push(`${s.elsewhere} ${s.elsewhere === 1 ? 'is' : 'are'} at neither place (moved or deleted by something else)`)
    }
    if (s.unchecked) bits.push(`${s.unchecked} could not be checked (the disk did not answer)`)
    parts.push(`${bits.join('; ')}.`)
  }
  if (complete > 0) parts.push(`${complete} item${complete === 1 ? ' was' : 's were'} moved completely.`)
  return { text: parts.join(' '), allAccounted }
}

/**
 * What to do next with a move job that stopped part-way; "nothing is lost" only when every file was found.
 * An undo job (`undoes`: the job it puts back) is finished by the same undo again, not by a move.
 */
export function resumeAdvice (jobId: string, to: string[], allAccounted: boolean, undoes?: string): string {
  const lost = allAccounted ? 'Nothing is lost. ' : ''
  if (undoes !== undefined) return `${lost}${undoAdvice(jobId, undoes)}`
  const where = to.length === 1 ? to[0] : 'their partial destinations'
  return `${lost}To finish, send the same manage_files move again (the same paths and destination): it continues into ${where}. ` +
    `To put back what was moved instead: ${callText(undoJob(jobId))}.`
}

/** How to finish an undo job that stopped part-way, or go back on it. */
export function undoAdvice (jobId: string, undoes: string): string {
  return `To finish putting the files back, repeat ${callText(undoJob(undoes))}: it moves back what is still at the destination. ` +
    `To move them forward again instead: ${callText(undoJob(jobId))}.`
}

/**
 * Looks up the newest job with this exact move in its move log (planMoves' `earlier`), unless that job
 * succeeded: a folder of the same name moved again later is a new move, refused if its destination exists.
 */
export function earlierMoves (jobs: Pick<JobRegistry, 'list'>, kind: string) {
  return (from: string, to: string) => {
    for (const job of jobs.list({ kind })) {
      const entry = isMoveLog(job.inverse) ? job.inverse.entries.find(e => e.from === from && e.to === to) : undefined
      if (entry) return job.status === 'succeeded' ? undefined : { jobId: job.id, status: job.status, entry }
    }
    return undefined
  }
}

/** Finds a running move whose source or destination overlaps `path` (planMoves' `busy`). */
export function runningMoves (jobs: Pick<JobRegistry, 'list'>, kind: string) {
  const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)
  return (path: string) => {
    for (const job of jobs.list({ kind, status: ['running'] })) {
      if (isMoveLog(job.inverse) && job.inverse.entries.some(e => overlaps(path, e.from) || overlaps(path, e.to))) return { jobId: job.id }
    }
    return undefined
  }
}

/** For a move job the server stopped or a caller cancelled: where its files are now, and how to finish or undo. */
export async function stoppedMoveNote (sandbox: PathSandbox, job: Pick<JobRecord, 'id' | 'status' | 'inverse'>): Promise<string | undefined> {
  if ((job.status !== 'interrupted' && job.status !== 'cancelled') || !isMoveLog(job.inverse) || job.inverse.entries.length === 0) return undefined
  const how = job.status === 'cancelled' ? 'It was cancelled part-way.' : 'The server stopped while it was moving.'
  const last = job.inverse.entries.at(-1)!
  const state = await describeMoveState(sandbox, job.inverse)
  return `${how} ${state.text} ${resumeAdvice(job.id, [shownPath(sandbox, last.to)], state.allAccounted, job.inverse.undoes)}`.replace(/ {2,}/g, ' ')
}
