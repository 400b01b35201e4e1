// notifications/tasks/status (2025-11-25) for the tasks one session created: sent on the session's stream when
// a task's status changes, and at most once a second while only its message moves. Optional by the spec;
// clients still poll tasks/get. What is followed is session state: a session that hibernates keeps it, and
// its rebuilt server follows on (bridge/session-server.ts).
import type { FastifyInstance } from 'fastify'
import type { McpServer } from '@modelcontextprotocol/server'
import type { JobRecord } from '../../../core/job-types.js'
import type { SessionState } from '../features/feature-types.js'
import { isTerminal, legacyTask, viewOfJob, type TaskView } from './tasks-wire.js'

const MESSAGE_SPACING_MS = 1000
const KEPT = 'task-status'

interface Watched { status: string, message: string, sentAt: number }

/** Whether the session follows tasks (its rebuilt server then needs the notifier at once). */
export const followsTasks = (state: SessionState) => (state.get<Map<string, Watched>>(KEPT)?.size ?? 0) > 0

export function createStatusNotifier (server: McpServer['server'], app: FastifyInstance, state: SessionState) {
  const watched = state.get<Map<string, Watched>>(KEPT) ?? new Map<string, Watched>()
  state.set(KEPT, watched)
  let unsubscribe: (() => void) | undefined
  // A task that ended (or was forgotten) while the session hibernated has nothing more to say.
  for (const id of watched.keys()) {
    const job = app.jobs.get(id)
    if (!job || isTerminal(viewOfJob(job, app.jobs.retentionMs))) watched.delete(id)
  }
  if (watched.size > 0) unsubscribe = app.jobs.subscribe(onJob)

  function onJob (record: JobRecord) {
    const seen = watched.get(record.id)
    if (!seen) return
    const view = viewOfJob(record, app.jobs.retentionMs)
    const task = legacyTask(view)
    const now = Date.now()
    const statusChanged = task.status !== seen.status
    if (!statusChanged && (task.statusMessage === seen.message || now - seen.sentAt < MESSAGE_SPACING_MS)) return
    Object.assign(seen, { status: task.status, message: task.statusMessage, sentAt: now })
    if (isTerminal(view)) watched.delete(record.id)
    server.notification({ method: 'notifications/tasks/status', params: task }).catch(err => {
      app.log.debug({ err: err instanceof Error ? err.message : String(err) }, 'task status notification not delivered')
    })
  }

  const previousOnClose = server.onclose
  // What is followed stays: the server also closes when its session hibernates.
  server.onclose = () => {
    unsubscribe?.()
    previousOnClose?.()
  }

  return {
    /** Follows a task this session created, until it ends. */
    watch (view: TaskView) {
      if (isTerminal(view) || !app.jobs.get(view.taskId)) return
      const task = legacyTask(view)
      watched.set(view.taskId, { status: task.status, message: task.statusMessage, sentAt: 0 })
      unsubscribe ??= app.jobs.subscribe(onJob)
    }
  }
}
