// Applies a rename plan as one all-or-nothing job: the whole plan is recorded as the job's inverse before
// the first rename, and if any rename fails the ones already done are reverted before the job reports
// the failure.
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { JobHandle } from '../../core/job-types.js'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { ToolError } from '../../core/errors.js'
import { moveFile } from '../fs/move-file.js'
import { newMoveLog } from '../fs/move-log.js'
import { undoMoves } from '../fs/undo-moves.js'
import type { PlannedRename } from './rename-plan.js'
import { callText } from '../answers/next-calls.js'
import { undoJob } from '../answers/common-calls.js'

export interface RenameJobResult {
  renamed: number
  seasonsCreated: string[]
}

export async function runRenameJob (job: JobHandle, sandbox: PathSandbox, renames: PlannedRename[]): Promise<RenameJobResult> {
  const log = newMoveLog(renames.map(r => ({ from: r.from, to: r.to, kind: 'file' as const })))
  job.setInverse(log)
  const guard = (p: string) => sandbox.recheckEntry(p)
  const seasonsCreated: string[] = []
  let done = 0
  try {
    for (const r of renames) {
      const dir = dirname(r.to)
      await guard(dir)
      const created = await mkdir(dir, { recursive: true })
      if (created !== undefined) seasonsCreated.push(sandbox.display(dir))
      await moveFile(r.from, r.to, { guard, signal: job.signal })
      job.progress((++done / renames.length) * 100, `Renamed ${done}/${renames.length}`)
    }
  } catch (err) {
    const back = await undoMoves(newMoveLog(log.entries.slice(0, done + 1)), { guard })
    const why = err instanceof Error ? err.message : String(err)
    if (back.conflicts.length > 0) {
      throw new ToolError(`Renaming stopped (${why}) and ${back.conflicts.length} file(s) could not be put back; check them, then undo the renames: ${callText(undoJob(job.id))}.`)
    }
    throw new ToolError(`Renaming stopped (${why}); the ${done} rename(s) already done were reverted, so nothing changed. Fix the cause and run rename_episodes again.`)
  }
  return { renamed: done, seasonsCreated }
}
