// Keeps job history bounded: finished jobs expire retentionMs after they finish (never while they run),
// and past maxJobs records the oldest finished ones are dropped first.
import { FINISHED_STATUSES, type JobRecord } from '../../core/job-types.js'

export interface RetentionOptions {
  entries: Map<string, { record: JobRecord }>
  now: () => number
  retentionMs: number
  maxJobs: number
}

export function createRetention (opts: RetentionOptions) {
  const finishedAt = (r: JobRecord) => Date.parse(r.finishedAt ?? r.createdAt) || 0
  const isFinished = (r: JobRecord) => FINISHED_STATUSES.includes(r.status)

  /** Removes expired finished jobs; returns how many. */
  function sweep (): number {
    const cutoff = opts.now() - opts.retentionMs
    let removed = 0
    for (const [id, { record }] of opts.entries) {
      if (isFinished(record) && finishedAt(record) <= cutoff) {
        opts.entries.delete(id)
        removed++
      }
    }
    return removed
  }

  /** Drops the oldest finished jobs while there are more than maxJobs; returns how many. */
  function cap (): number {
    const excess = opts.entries.size - opts.maxJobs
    if (excess <= 0) return 0
    const oldest = [...opts.entries.values()].map(e => e.record).filter(isFinished)
      .sort((a, b) => finishedAt(a) - finishedAt(b)).slice(0, excess)
    for (const r of oldest) opts.entries.delete(r.id)
    return oldest.length
  }

  return { sweep, cap }
}
