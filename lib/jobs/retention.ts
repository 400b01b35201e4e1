// Keeps job history bounded: finished jobs expire retentionMs after they finish (never while they run),
// and past maxJobs records the oldest finished ones are dropped first.
// A job that left work part-way (a move stopped by a restart, a crash, a full disk or a cancel: `holds`) is kept
// for holdMs instead, and dropped by the cap only after every other finished job: its record is what lets the
// same move continue into its partial destination, and undo put the files back. Dropped after a day, it would
// leave a folder split between two places with neither way out. An undo left part-way holds the job it undoes
// too: it is finished by undoing that job again.
import { FINISHED_STATUSES, type JobRecord } from '../../core/job-types.js'
import { isMoveLog } from '../fs/move-log.js'
import { FILE_MOVE } from './messages.js'

/** A move (or undo) job that ended without finishing, with its move log: what `holds` is for the registry. */
export function movedPartWay (r: JobRecord): boolean {
  return r.kind === FILE_MOVE && r.status !== 'succeeded' && isMoveLog(r.inverse) && r.inverse.entries.length > 0
}

export interface RetentionOptions {
  entries: Map<string, { record: JobRecord }>
  now: () => number
  retentionMs: number
  maxJobs: number
  /** True for a finished job whose record is still needed to finish or undo what it did part-way. */
  holds?: (r: JobRecord) => boolean
  /** How long such a job is kept (default 30 days, at least retentionMs). */
  holdMs?: number
}

export function createRetention (opts: RetentionOptions) {
  const finishedAt = (r: JobRecord) => Date.parse(r.finishedAt ?? r.createdAt) || 0
  const isFinished = (r: JobRecord) => FINISHED_STATUSES.includes(r.status)

  /** The held jobs, and the jobs an unfinished undo among them puts back (finishing it is "that undo again"). */
  function heldIds (): Set<string> {
    const ids = new Set<string>()
    for (const { record } of opts.entries.values()) {
      if (opts.holds?.(record) !== true) continue
      ids.add(record.id)
      const undoes = (record.inverse as { undoes?: unknown } | undefined)?.undoes
      if (typeof undoes === 'string') ids.add(undoes)
    }
    return ids
  }
  const holdMs = Math.max(opts.retentionMs, opts.holdMs ?? 30 * 86_400_000)

  /** Removes expired finished jobs; returns how many. */
  function sweep (): number {
    const t = opts.now()
    const held = heldIds()
    let removed = 0
    for (const [id, { record }] of opts.entries) {
      if (isFinished(record) && finishedAt(record) <= t - (held.has(id) ? holdMs : opts.retentionMs)) {
        opts.entries.delete(id)
        removed++
      }
    }
    return removed
  }

  /** Drops the oldest finished jobs while there are more than maxJobs, held ones last; returns how many. */
  function cap (): number {
    const excess = opts.entries.size - opts.maxJobs
    if (excess <= 0) return 0
    const held = heldIds()
    const isHeld = (r: JobRecord) => Number(held.has(r.id))
    const oldest = [...opts.entries.values()].map(e => e.record).filter(isFinished)
      .sort((a, b) => isHeld(a) - isHeld(b) || finishedAt(a) - finishedAt(b)).slice(0, excess)
    for (const r of oldest) opts.entries.delete(r.id)
    return oldest.length
  }

  return { sweep, cap }
}
