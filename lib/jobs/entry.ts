// What the job registry (lib/jobs/registry.ts) keeps per job beside its record, and waiting for a job to finish.
import { FINISHED_STATUSES, type JobHandle, type JobRecord, type JobStatus } from '../../core/job-types.js'
import type { PendingInput } from './input.js'

export interface Entry {
  record: JobRecord
  run?: (job: JobHandle) => Promise<unknown>
  controller?: AbortController
  settled?: Promise<void>
  cancelRequested: boolean
  stopRequested: boolean
  /** Woken when the job finishes (the registry calls each, then clears them). */
  waiters: Set<() => void>
  input?: PendingInput
}

export const isFinished = (s: JobStatus) => FINISHED_STATUSES.includes(s)

/** The record once the job finishes, or (after timeoutMs) as it is then, so a tool can answer "still running". */
export function waitForEntry (entry: Entry, timeoutMs?: number): Promise<JobRecord> {
  if (isFinished(entry.record.status)) return Promise.resolve({ ...entry.record })
  return new Promise(resolve => {
    let timer: NodeJS.Timeout | undefined
    const wake = () => { clearTimeout(timer); entry.waiters.delete(wake); resolve({ ...entry.record }) }
    entry.waiters.add(wake)
    if (timeoutMs !== undefined) timer = setTimeout(wake, Math.max(0, timeoutMs))
  })
}
