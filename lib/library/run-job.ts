// Starts a background job and waits for it a little while, so short jobs answer in one call and long ones
// return their id at once. While the caller waits, the job's progress flows to it as MCP progress
// notifications. The job keeps running when the wait ends or the caller goes away.
import { Type } from '@sinclair/typebox'
import type { JobRecord, JobRegistry, StartJobOptions } from '../../core/job-types.js'
import type { ToolContext } from '../../core/tool-types.js'
import { currentTaskCall } from '../jobs/call-scope.js'
import { callText, type NextCall } from '../answers/next-calls.js'
import { followJob } from '../answers/common-calls.js'

export const JobSummarySchema = Type.Object({
  id: Type.String({ description: 'Job id; pass it to check_jobs for status, or to manage_files action "undo" for moves and renames' }),
  status: Type.String({ description: 'queued, running, succeeded, failed, cancelled or interrupted' }),
  message: Type.String({ description: 'Latest status message' }),
  progress: Type.Optional(Type.Number({ description: 'Percent done (0–100) when known' })),
  estimatedDurationMs: Type.Optional(Type.Number({ description: 'Estimated total run time in milliseconds' })),
  result: Type.Optional(Type.Unknown({ description: 'The job result once it succeeded' })),
  error: Type.Optional(Type.String({ description: 'Why it failed' }))
}, { description: 'The background job doing the work' })

export type JobSummary = {
  id: string
  status: string
  message: string
  progress?: number
  estimatedDurationMs?: number
  result?: unknown
  error?: string
}

export function summarizeJob (r: JobRecord): JobSummary {
  return {
    id: r.id,
    status: r.status,
    message: r.message,
    ...(r.progress !== undefined && { progress: r.progress }),
    ...(r.estimatedDurationMs !== undefined && { estimatedDurationMs: r.estimatedDurationMs }),
    ...(r.result !== undefined && { result: r.result }),
    ...(r.error !== undefined && { error: r.error })
  }
}

export async function startJobAndWait (jobs: JobRegistry, ctx: ToolContext, opts: StartJobOptions, waitSeconds: number): Promise<JobSummary> {
  const started = jobs.start(opts)
  // A call run as an MCP task answers at once: the client follows the job as the task.
  if (waitSeconds <= 0 || currentTaskCall()) return summarizeJob(started)
  const unsubscribe = jobs.subscribe(job => {
    if (job.id === started.id && job.status === 'running') ctx.progress(job.progress ?? 0, 100, job.message).catch(() => {})
  })
  try {
    const aborted = new Promise<undefined>(resolve => ctx.signal.addEventListener('abort', () => resolve(undefined), { once: true }))
    const finished = await Promise.race([jobs.wait(started.id, waitSeconds * 1000), aborted])
    return summarizeJob(finished ?? jobs.get(started.id) ?? started)
  } finally {
    unsubscribe()
  }
}

/** "done", "still running", … for the one-line summary of a tool that started a job. */
export function jobSentence (job: JobSummary): string {
  if (job.status === 'succeeded') return `Job ${job.id} finished.`
  if (job.status === 'failed') return `Job ${job.id} failed: ${job.error ?? job.message}`
  if (job.status === 'queued' || job.status === 'running') {
    const eta = job.estimatedDurationMs !== undefined ? ` (estimated ${Math.max(1, Math.round(job.estimatedDurationMs / 1000))} s)` : ''
    return `Job ${job.id} is ${job.status}${eta}; follow it with ${callText(followJob(job.id))}.`
  }
  return `Job ${job.id} ended as ${job.status}: ${job.message}`
}

/** The call to follow a job still queued or running (none once it ended): the `next` of the answer that started it. */
export function jobNext (job: JobSummary): NextCall[] {
  return job.status === 'queued' || job.status === 'running' ? [followJob(job.id)] : []
}

/** Job kinds used by the library and maintenance tools, with their limits. */
export const JOB_KINDS = {
  fileMove: { kind: 'file-move', concurrency: 2, queueLimit: 20, changesLibrary: true },
  // ffmpeg is CPU and disk heavy: one at a time on the small hosts this runs on (reliability notes §5.6).
  media: { kind: 'media-process', concurrency: 1, queueLimit: 20, changesLibrary: true }
} as const

export function defineJobKinds (jobs: JobRegistry) {
  for (const k of Object.values(JOB_KINDS)) jobs.defineKind(k.kind, k)
}
