// Jellyfin's scheduled tasks for the simulator: the task list (GET /ScheduledTasks, /ScheduledTasks/{id})
// and starting one (POST /ScheduledTasks/Running/{id}: 204, 404 ProblemDetails for an unknown id). Stateful:
// a started task is Running for `runMs`, then Idle with a Completed LastExecutionResult, and every start is
// recorded in `runs` so tests can assert exactly which tasks were triggered.
import type { FastifyInstance } from 'fastify'
import { idFor } from './state.js'

export interface SimTask {
  id: string
  key: string
  name: string
  description: string
  category: string
  state: 'Idle' | 'Running'
  lastResult?: { start: string, end: string }
}

/** A subset of Jellyfin 10.11's built-in tasks, with their real keys and English names. */
const DEFAULT_TASKS: Array<Omit<SimTask, 'id' | 'state'>> = [
  { key: 'DeleteCacheFiles', name: 'Clean Cache Directory', description: 'Deletes cache files no longer needed by the system.', category: 'Maintenance' },
  { key: 'DeleteTranscodeFiles', name: 'Clean Transcode Directory', description: 'Deletes transcode files more than one day old.', category: 'Maintenance' },
  { key: 'CleanLogFiles', name: 'Clean Log Directory', description: 'Deletes log files that are more than 3 days old.', category: 'Maintenance' },
  { key: 'RefreshLibrary', name: 'Scan Media Library', description: 'Scans your media library for new files and refreshes metadata.', category: 'Library' }
]

export function createTaskState () {
  const tasks: SimTask[] = DEFAULT_TASKS.map(t => ({ ...t, id: idFor('task', t.key), state: 'Idle' }))
  /** Task keys in the order they were started. */
  const runs: string[] = []
  return { tasks, runs, byKey: (key: string) => tasks.find(t => t.key === key) }
}

export type TaskState = ReturnType<typeof createTaskState>

function taskDto (t: SimTask) {
  return {
    Name: t.name,
    State: t.state,
    ...(t.state === 'Running' ? { CurrentProgressPercentage: 50 } : {}),
    Id: t.id,
    LastExecutionResult: t.lastResult ? { StartTimeUtc: t.lastResult.start, EndTimeUtc: t.lastResult.end, Status: 'Completed', Name: t.name, Key: t.key, Id: t.id } : null,
    Triggers: [{ Type: 'IntervalTrigger', IntervalTicks: 24 * 36_000_000_000 }],
    Description: t.description,
    Category: t.category,
    IsHidden: false,
    Key: t.key
  }
}

export function registerTaskRoutes (app: FastifyInstance, state: TaskState, opts: { runMs: number, timers: Set<NodeJS.Timeout> }) {
  const notFound = (reply: { code: (n: number) => { type: (t: string) => { send: (b: unknown) => unknown } } }) =>
    reply.code(404).type('application/json').send({ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5', title: 'Not Found', status: 404 })

  app.get('/ScheduledTasks', async (req) => {
    const q = req.query as Record<string, string | undefined>
    // Every simulated task is visible and enabled.
    if (q.isHidden === 'true' || q.isEnabled === 'false') return []
    return state.tasks.map(taskDto)
  })

  app.get<{ Params: { taskId: string } }>('/ScheduledTasks/:taskId', async (req, reply) => {
    const t = state.tasks.find(x => x.id === req.params.taskId)
    return t ? taskDto(t) : notFound(reply)
  })

  app.post<{ Params: { taskId: string } }>('/ScheduledTasks/Running/:taskId', async (req, reply) => {
    const t = state.tasks.find(x => x.id === req.params.taskId)
    if (!t) return notFound(reply)
    state.runs.push(t.key)
    if (t.state !== 'Running') {
      const start = new Date().toISOString()
      t.state = 'Running'
      const timer = setTimeout(() => {
        opts.timers.delete(timer)
        t.state = 'Idle'
        t.lastResult = { start, end: new Date().toISOString() }
      }, opts.runMs)
      opts.timers.add(timer)
    }
    return reply.code(204).send()
  })
}
