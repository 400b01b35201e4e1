// check_jobs (the job contract: core/job-types.ts): read-only view of the job registry, a page of jobs or one job.
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import type { JobRecord, JobStatus } from '../../../core/job-types.js'
import { ownsJob } from '../../../core/job-owner.js'
import type { Principal } from '../../../core/principal.js'
import { defineTool } from '../../../core/tool-types.js'
import { JOB_KINDS } from '../../../lib/library/run-job.js'
import { stoppedMoveNote } from '../../../lib/library/move-state.js'
import { DIRECT_DOWNLOAD_KIND } from '../../downloads/direct-download-run.js'
import { ORGANIZE_KIND } from '../../downloads/organize-job.js'
import { NEXT_FIELD, nextCall, nextText, refusal } from '../../../lib/answers/next-calls.js'
import { followJob, listJobs } from '../../../lib/answers/common-calls.js'
import { defineSearchLoop, SEARCH_LOOP_KIND, startSearchLoop } from '../search-loop-job.js'

const STATUS_FILTERS = {
  all: undefined,
  active: ['queued', 'running'],
  finished: ['succeeded', 'failed', 'cancelled', 'interrupted'],
  queued: ['queued'],
  running: ['running'],
  succeeded: ['succeeded'],
  failed: ['failed'],
  cancelled: ['cancelled'],
  interrupted: ['interrupted']
} satisfies Record<string, JobStatus[] | undefined>

type StatusFilter = keyof typeof STATUS_FILTERS

/** Every job kind the tools start (the names say what; the catalogue's budget keeps the starting tools out). */
const JOB_KIND_NAMES: string[] = [
  JOB_KINDS.fileMove.kind, // manage_files, rename_episodes
  JOB_KINDS.media.kind, // optimize_media, fix_subtitles
  DIRECT_DOWNLOAD_KIND, // download_direct
  ORGANIZE_KIND, // download_status
  SEARCH_LOOP_KIND // check_jobs start
]

const inputSchema = Type.Object({
  id: Type.Optional(Type.String({
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Leave out to list jobs'
  })),
  status: Type.Union((Object.keys(STATUS_FILTERS) as StatusFilter[]).map(s => Type.Literal(s)), {
    default: 'all',
    description: 'Only jobs in this state (active = queued or running)'
  }),
  kind: Type.Optional(Type.Union(JOB_KIND_NAMES.map(k => Type.Literal(k)), {
    description: 'Only jobs of this kind'
  })),
  mine: Type.Boolean({ default: false, description: 'Only yours' }),
  cancel: Type.Boolean({ default: false, description: 'Stop job id (yours)' }),
  start: Type.Optional(Type.Literal(SEARCH_LOOP_KIND, { description: 'Start a paced search for missing and upgrades' })),
  offset: Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: 'Paging offset' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size' })
}, { additionalProperties: false })

const JobSchema = Type.Object({
  id: Type.String({ description: 'Job id' }),
  kind: Type.String({ description: `What sort of job: ${JOB_KIND_NAMES.join(', ')}` }),
  description: Type.String({ description: 'What the job does' }),
  status: Type.Union(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted'].map(s => Type.Literal(s)), {
    description: 'queued (waiting for a slot), running, succeeded, failed, cancelled, or interrupted (the server stopped while it was queued or running; it will not resume)'
  }),
  message: Type.String({ description: 'Latest status message, for a person to read' }),
  createdAt: Type.String({ description: 'When it was requested (ISO 8601)' }),
  startedAt: Type.Optional(Type.String({ description: 'When it started running (ISO 8601)' })),
  finishedAt: Type.Optional(Type.String({ description: 'When it ended (ISO 8601)' })),
  progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Percent done, when the job can tell' })),
  estimatedDurationMs: Type.Optional(Type.Integer({ description: 'Expected run time in milliseconds, when an estimate exists' })),
  result: Type.Optional(Type.Unknown({ description: 'What it produced, once succeeded' })),
  error: Type.Optional(Type.String({ description: 'Why it failed, and what to do about it' })),
  canUndo: Type.Boolean({ description: 'Whether it recorded how to revert its changes (file moves and renames): the tool that started it can undo it with this id' }),
  startedByYou: Type.Boolean({ description: 'Whether it was started with the same credential as this call' })
})

const outputSchema = Type.Object({
  items: Type.Array(JobSchema, { description: 'The jobs, newest first (just the one job when id was given)' }),
  total: Type.Integer({ description: 'How many jobs match the filters' }),
  offset: Type.Integer({ description: 'Offset of the first item' }),
  limit: Type.Integer({ description: 'The page size used' }),
  hasMore: Type.Boolean({ description: 'Whether more jobs follow; call again with offset + limit' }),
  ...NEXT_FIELD
})

type JobView = Static<typeof JobSchema>

function view (job: JobRecord, principalId: string): JobView {
  const out: JobView = {
    id: job.id,
    kind: job.kind,
    description: job.description,
    status: job.status,
    message: job.message,
    createdAt: job.createdAt,
    canUndo: job.inverse !== undefined && job.inverse !== null,
    startedByYou: job.owner === principalId
  }
  if (job.startedAt !== undefined) out.startedAt = job.startedAt
  if (job.finishedAt !== undefined) out.finishedAt = job.finishedAt
  if (job.progress !== undefined) out.progress = job.progress
  if (job.estimatedDurationMs !== undefined) out.estimatedDurationMs = job.estimatedDurationMs
  if (job.result !== undefined) out.result = job.result
  if (job.error !== undefined) out.error = job.error
  return out
}

function cancelJob (app: FastifyInstance, id: string, principal: Principal) {
  const principalId = principal.id
  const job = app.jobs.get(id)
  if (!job) throw refusal(`No job with id ${id}.`, [listJobs(true)])
  if (!ownsJob(principal, job)) throw refusal(`Job ${id} was started with another credential; only that credential can cancel it.`, [nextCall('check_jobs', { mine: true }, 'list your jobs')])
  const page = (j: JobRecord) => ({ items: [view(j, principalId)], total: 1, offset: 0, limit: 1, hasMore: false })
  if (job.status !== 'queued' && job.status !== 'running') return { data: page(job), summary: `Job ${id} had already ended (${job.status}); nothing to cancel.`, unchanged: true }
  const cancelled = app.jobs.cancel(id)!
  if (cancelled.status === 'cancelled') return { data: page(cancelled), summary: `Job ${id} was cancelled before it started.` }
  const next = [followJob(id)]
  return { data: { ...page(cancelled), next }, summary: `Cancelling job ${id}: it stops at its next checkpoint (files stay whole).${nextText(next)}` }
}

function describe (job: JobRecord): string {
  const progress = job.status === 'running' && job.progress !== undefined ? ` (${job.progress}%)` : ''
  return `Job ${job.id} (${job.kind}: ${job.description}) is ${job.status}${progress}: ${job.message}`
}

export default (app: FastifyInstance) => { defineSearchLoop(app); return checkJobs(app) }

const checkJobs = (app: FastifyInstance) => defineTool({
  name: 'check_jobs',
  title: 'Check background jobs',
  description: 'Background jobs (moves, renames, media processing, downloads, searches). With id (a jobId): that job, or cancel it; without: a page, newest first, by status, kind or mine. Each has status, progress, result or error; finished jobs stay a day.',
  inputSchema,
  outputSchema,
  // Changes something only with cancel: true or start (a second start answers the running loop) (a stopped job leaves files whole: moves and rewrites are atomic).
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  hasEffects: args => args.cancel === true || args.start !== undefined,
  async handler (args, ctx) {
    const principalId = ctx.principal.id
    if (args.start) {
      const { job, started } = startSearchLoop(app, ctx.principal)
      return { data: { items: [view(job, principalId)], total: 1, offset: 0, limit: 1, hasMore: false }, summary: started ? `Started: ${describe(job)}` : `Already running, not started again: ${describe(job)}` }
    }
    if (args.cancel) {
      if (args.id === undefined) throw refusal('cancel needs id: the jobId to stop.', [listJobs(true)])
      return cancelJob(app, args.id, ctx.principal)
    }
    if (args.id !== undefined) {
      const job = app.jobs.get(args.id)
      if (!job) {
        const hours = Math.round(app.jobs.retentionMs / 3_600_000)
        throw refusal(`No job with id ${args.id}. It may never have existed or may have expired (finished jobs are kept for ${hours} hours).`, [listJobs()])
      }
      const shown = await withMoveState(app, job)
      return { data: { items: [view(shown, principalId)], total: 1, offset: 0, limit: 1, hasMore: false }, summary: describe(shown) }
    }
    const matching = app.jobs.list({ status: STATUS_FILTERS[args.status], kind: args.kind, owner: args.mine ? principalId : undefined })
    const page = matching.slice(args.offset, args.offset + args.limit)
    const hasMore = args.offset + page.length < matching.length
    const items: JobView[] = []
    for (const j of page) items.push(view(await withMoveState(app, j), principalId))
    const data = { items, total: matching.length, offset: args.offset, limit: args.limit, hasMore }
    return { data, summary: summarize(matching, page.length, args.offset, hasMore) }
  }
})

/** A move the server stopped (or a caller cancelled) part-way: its message says where its files are now and how to finish or undo. */
async function withMoveState (app: FastifyInstance, job: JobRecord): Promise<JobRecord> {
  if (job.kind !== JOB_KINDS.fileMove.kind) return job
  const note = await stoppedMoveNote(app.sandbox, job)
  return note ? { ...job, message: note } : job
}

function summarize (matching: JobRecord[], shown: number, offset: number, hasMore: boolean): string {
  if (matching.length === 0) return 'No jobs match.'
  const byStatus = new Map<string, number>()
  for (const j of matching) byStatus.set(j.status, (byStatus.get(j.status) ?? 0) + 1)
  const counts = [...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')
  const range = shown === 0 ? `none at offset ${offset}` : `showing ${offset + 1}–${offset + shown}, newest first`
  return `${matching.length} job${matching.length === 1 ? '' : 's'} (${counts}); ${range}.${hasMore ? ' More follow: call again with a higher offset.' : ''}`
}
