// Jobs as the dashboard shows them: the caller's own (core/job-owner.ts), newest first, bounded, with whether
// each can still be cancelled.
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type { JobRecord } from '../../../core/job-types.js'
import { ownsJob } from '../../../core/job-owner.js'
import type { Principal } from '../../../core/principal.js'
import { MESSAGES } from '../../../lib/jobs/messages.js'
import type { JobsSection, JobViewT } from './schemas.js'

export const MAX_JOBS = 50

export function toJobView (job: JobRecord, principalId: string): JobViewT {
  const open = job.status === 'queued' || job.status === 'running'
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    description: job.description,
    message: job.message,
    ...(job.progress !== undefined ? { progress: job.progress } : {}),
    createdAt: job.createdAt,
    ...(job.startedAt ? { startedAt: job.startedAt } : {}),
    ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
    ...(job.estimatedDurationMs !== undefined ? { estimatedDurationMs: job.estimatedDurationMs } : {}),
    ...(job.error ? { error: job.error } : {}),
    startedByYou: job.owner === principalId,
    // A running job whose cancel was asked for says so in its message until its run winds down.
    cancellable: open && !(job.status === 'running' && job.message === MESSAGES.cancelling)
  }
}

export function jobsSection (app: FastifyInstance, principal: Principal): Static<typeof JobsSection> {
  const own = app.jobs.list().filter(j => ownsJob(principal, j))
  const count = (status: string) => own.filter(j => j.status === status).length
  return { running: count('running'), queued: count('queued'), items: own.slice(0, MAX_JOBS).map(j => toJobView(j, principal.id)) }
}
