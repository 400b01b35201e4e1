// MCP tasks on the wire, in both protocol eras, built from the one record behind a task: the job (or, for a
// call that started none, the answer it gave at once). SDK-free: plain shapes from
//   2025-11-25: docs/specification/2025-11-25/basic/utilities/tasks.mdx (modelcontextprotocol/modelcontextprotocol)
//   2026-07-28: seps/2663-tasks-extension.md (same repository), as the conformance suite 0.2.0-alpha.12 reads it.
import type { JobRecord } from '../../../core/job-types.js'
import { MESSAGES } from '../../../lib/jobs/messages.js'
import { jobSentence, summarizeJob } from '../../../lib/library/run-job.js'

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** Where a task stands, era-neutral. A tool error is 'failed' in 2025-11-25 but 'completed' (isError) in 2026-07-28. */
export type TaskState = 'working' | 'input' | 'done' | 'tool-error' | 'internal-error' | 'cancelled'

export interface ToolAnswer { content: unknown[], structuredContent?: Record<string, unknown>, isError?: boolean, [key: string]: unknown }

export interface TaskView {
  taskId: string
  owner: string
  state: TaskState
  statusMessage: string
  createdAt: string
  lastUpdatedAt: string
  ttlMs: number
  /** The tool result once the task finished (also for a tool error or a cancel). */
  result?: ToolAnswer
  /** The protocol error of a task that failed without a tool result (internal error, server restart). */
  error?: { code: number, message: string }
  /** What the job waits for from the client, by key (state 'input'). */
  inputRequests?: Record<string, unknown>
}

/** Suggested polling interval: job records change at most every couple of seconds. */
export const POLL_INTERVAL_MS = 2000
const INTERNAL_ERROR = -32603
const RESULT_TEXT_MAX = 4000

export function viewOfJob (record: JobRecord, ttlMs: number): TaskView {
  const base = {
    taskId: record.id,
    owner: record.owner,
    statusMessage: record.message,
    createdAt: record.createdAt,
    lastUpdatedAt: record.finishedAt ?? record.startedAt ?? record.createdAt,
    ttlMs
  }
  switch (record.status) {
    case 'queued':
    case 'running':
      // A cancel the job is still winding down from ends as cancelled (lib/jobs/registry.ts settle()).
      if (record.cancelRequested) return { ...base, state: 'cancelled' }
      return record.inputRequests && Object.keys(record.inputRequests).length > 0
        ? { ...base, state: 'input', inputRequests: record.inputRequests }
        : { ...base, state: 'working' }
    case 'succeeded': return { ...base, state: 'done', result: jobResult(record) }
    case 'cancelled': return { ...base, state: 'cancelled', result: jobResult(record) }
    case 'interrupted': return { ...base, state: 'internal-error', error: { code: INTERNAL_ERROR, message: record.message } }
    case 'failed':
      return record.error === MESSAGES.internalError
        ? { ...base, state: 'internal-error', error: { code: INTERNAL_ERROR, message: record.error } }
        : { ...base, state: 'tool-error', result: jobResult(record) }
  }
}

export function viewOfAnswer (taskId: string, owner: string, answer: ToolAnswer, createdAt: string, ttlMs: number): TaskView {
  return {
    taskId,
    owner,
    state: answer.isError ? 'tool-error' : 'done',
    statusMessage: answer.isError ? 'The call returned an error.' : 'The call answered at once.',
    createdAt,
    lastUpdatedAt: createdAt,
    ttlMs,
    result: answer
  }
}

/** The tool result a finished job stands for: the call's own answer, with its job summary brought up to date. */
function jobResult (record: JobRecord): ToolAnswer {
  const summary = summarizeJob(record)
  const answered = record.task?.answer?.structuredContent as Record<string, unknown> | undefined
  const structuredContent = answered
    ? Object.fromEntries(Object.entries(answered).map(([k, v]) => [k, isJobOf(v, record.id) ? { ...v, ...summary } : v]))
    : { job: summary }
  let text = jobSentence(summary)
  if (record.status === 'succeeded' && record.result !== undefined) text += ` Result: ${clip(JSON.stringify(record.result))}`
  return { content: [{ type: 'text', text }], structuredContent, ...(record.status !== 'succeeded' && { isError: true }) }
}

function isJobOf (v: unknown, id: string): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id
}

function clip (text: string): string {
  return text.length <= RESULT_TEXT_MAX ? text : `${text.slice(0, RESULT_TEXT_MAX)}… (the whole result is in structuredContent)`
}

export function statusOf (view: TaskView, modern: boolean): TaskStatus {
  switch (view.state) {
    case 'working': return 'working'
    case 'input': return 'input_required'
    case 'done': return 'completed'
    case 'tool-error': return modern ? 'completed' : 'failed'
    case 'internal-error': return 'failed'
    case 'cancelled': return 'cancelled'
  }
}

export function isTerminal (view: TaskView): boolean {
  return view.state !== 'working' && view.state !== 'input'
}

/** 2025-11-25 `Task` (tasks/get, tasks/list, notifications/tasks/status). */
export function legacyTask (view: TaskView) {
  return {
    taskId: view.taskId,
    status: statusOf(view, false),
    statusMessage: view.statusMessage,
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttl: view.ttlMs,
    pollInterval: POLL_INTERVAL_MS
  }
}

/** 2026-07-28 `Task`: the same fields with the unit in their names. */
export function modernTask (view: TaskView) {
  return {
    taskId: view.taskId,
    status: statusOf(view, true),
    statusMessage: view.statusMessage,
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttlMs: view.ttlMs,
    pollIntervalMs: POLL_INTERVAL_MS
  }
}

/** 2026-07-28 tasks/get: the task with its result (completed), protocol error (failed) or input requests inlined. */
export function detailedTask (view: TaskView) {
  const task = modernTask(view)
  if (task.status === 'input_required') return { ...task, inputRequests: view.inputRequests }
  if (task.status === 'failed') return { ...task, error: view.error ?? { code: INTERNAL_ERROR, message: view.statusMessage } }
  return task.status === 'completed' && view.result ? { ...task, result: view.result } : task
}

// The SDK checks every tools/call result as a CallToolResult, which needs `content`; an empty list carries nothing.
/** The tools/call answer that hands the client a task instead of a result. */
export function createTaskResult (view: TaskView, modern: boolean) {
  return modern
    ? { resultType: 'task', ...modernTask(view), content: [] }
    : { task: legacyTask(view), content: [] }
}
