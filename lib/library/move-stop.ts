// Turns what stopped a move job part-way into a message saying what happened, where every file is now and
// what to do next (continue with the same move, or undo), instead of "internal error". Only an error that is
// neither a ToolError nor a filesystem error (a bug) is passed on as it is, to be logged as one.
import { posix } from 'node:path'
import type { JobHandle } from '../../core/job-types.js'
import { ToolError } from '../../core/errors.js'
import { codeOf } from '../fs/durable.js'
import { SourceGoneError } from '../fs/move-file.js'
import type { MoveLog } from '../fs/move-log.js'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { describeMoveState, resumeAdvice, shownPath } from './move-state.js'
import { callText } from '../answers/next-calls.js'
import { listFolder } from '../answers/common-calls.js'

export async function stoppedMove (job: JobHandle, sandbox: PathSandbox, log: MoveLog, notStarted: Array<{ from: string }>, err: unknown): Promise<unknown> {
  const shown = (p: string) => shownPath(sandbox, p)
  const cause = causeOf(job, err, shown, log)
  if (cause === undefined) return err
  const state = await describeMoveState(sandbox, log)
  const later = notStarted.length ? ` ${notStarted.length} more item${notStarted.length === 1 ? ' was' : 's were'} not started: ${notStarted.map(m => shown(m.from)).join(', ')}.` : ''
  const last = log.entries.at(-1)
  const advice = resumeAdvice(job.id, last ? [shown(last.to)] : [], state.allAccounted, log.undoes)
  return new ToolError(`${cause} ${state.text}${later} ${codeOf(err) === 'ENOSPC' || codeOf(err) === 'EDQUOT' ? 'Free space on that disk first. ' : ''}${advice}`.replace(/ {2,}/g, ' '))
}

function causeOf (job: JobHandle, err: unknown, shown: (p: string) => string, log: MoveLog): string | undefined {
  if (job.signal.aborted) {
    const reason = job.signal.reason as Error | undefined
    return `The move stopped part-way (${reason?.message ?? 'stopped'}).`
  }
  if (err instanceof SourceGoneError) return gone(shown(err.source))
  if (err instanceof ToolError) return `The move stopped part-way: ${err.message}`
  const code = codeOf(err)
  if (code === undefined) return undefined
  const path = (err as NodeJS.ErrnoException).path
  const at = path ? shown(path) : undefined
  const target = log.entries.at(-1)?.to
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `The move stopped part-way: the disk holding ${target ? shown(target) : 'the destination'} is full (${code === 'ENOSPC' ? 'no space left' : 'quota exceeded'}).`
    case 'ENOENT':
      return gone(at ?? 'a file being moved')
    case 'EACCES':
    case 'EPERM':
      return `The move stopped part-way: the server may not change ${at ?? 'a file or folder of this move'} (permission denied).`
    case 'EROFS':
      return `The move stopped part-way: ${at ?? 'the destination'} is on a read-only filesystem.`
    default:
      return `The move stopped part-way: the disk reported ${code}${at ? ` on ${at}` : ''}.`
  }
}

function gone (what: string): string {
  return `The move stopped part-way: ${what} was no longer there (something else, such as another move, took it while this job ran).`
}

/** Files found at both places with different content after a stop: neither was touched. */
export function conflictText (sandbox: PathSandbox, conflicts: Array<{ from: string, to: string }>): string {
  const shown = (p: string) => shownPath(sandbox, p)
  const list = conflicts.slice(0, 5).map(c => `${shown(c.from)} and ${shown(c.to)}`).join(', ')
  return `${conflicts.length} file${conflicts.length === 1 ? ' is' : 's are'} at both places with different content (${list}${conflicts.length > 5 ? ', …' : ''}); neither copy was touched. ` +
    `Compare them and decide which to keep: ${callText(listFolder(posix.dirname(shown(conflicts[0]!.from))))} and ${callText(listFolder(posix.dirname(shown(conflicts[0]!.to))))} show the first pair.`
}
