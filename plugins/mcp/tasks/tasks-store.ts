// Where tasks live. A task that started a job IS that job: its id, owner, status and result come from the job
// record (journaled, so it survives restarts, and check_jobs sees and cancels the same thing). A 2025-era call
// that asked for a task but started no job (a preview, a refusal, a read) has only its answer to keep: that
// is held in memory for a while. Every lookup is bound to the credential that created the task.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ownsJob } from '../../../core/job-owner.js'
import { viewOfAnswer, viewOfJob, type TaskView, type ToolAnswer } from './tasks-wire.js'

/** How long an answer-only task is kept. */
const ANSWER_TTL_MS = 60 * 60_000
const MAX_ANSWERS = 500

interface KeptAnswer { owner: string, createdAt: string, answer: ToolAnswer, expiresAt: number }

export interface TaskStore {
  /** The task with this id if `owner` created it; undefined for unknown ids and for other credentials' tasks alike. */
  get: (taskId: string, owner: string) => TaskView | undefined
  /** The owner's tasks, newest first. */
  list: (owner: string) => TaskView[]
  /** Keeps the answer of a call that started no job as a finished task. */
  keepAnswer: (owner: string, answer: ToolAnswer) => TaskView
  /** Cancels a job-backed task (the job registry's own cancel, as check_jobs does). */
  cancel: (taskId: string) => void
}

const stores = new WeakMap<FastifyInstance, TaskStore>()

/** The app's one task store (features are installed per MCP server, the store is shared). */
export function taskStoreOf (app: FastifyInstance): TaskStore {
  let store = stores.get(app)
  if (!store) {
    store = createTaskStore(app)
    stores.set(app, store)
  }
  return store
}

function createTaskStore (app: FastifyInstance): TaskStore {
  const answers = new Map<string, KeptAnswer>()
  const now = () => Date.now()

  function sweep () {
    const t = now()
    for (const [id, kept] of answers) if (kept.expiresAt <= t) answers.delete(id)
    // Oldest first: Map keeps insertion order.
    for (const id of answers.keys()) {
      if (answers.size <= MAX_ANSWERS) break
      answers.delete(id)
    }
  }

  function jobView (taskId: string, owner: string): TaskView | undefined {
    const record = app.jobs.get(taskId)
    if (!record?.task || !ownsJob({ id: owner }, record)) return undefined
    return viewOfJob(record, app.jobs.retentionMs)
  }

  function answerView (taskId: string, kept: KeptAnswer): TaskView {
    return viewOfAnswer(taskId, kept.owner, kept.answer, kept.createdAt, ANSWER_TTL_MS)
  }

  return {
    get (taskId, owner) {
      sweep()
      const kept = answers.get(taskId)
      if (kept) return kept.owner === owner ? answerView(taskId, kept) : undefined
      return jobView(taskId, owner)
    },
    list (owner) {
      sweep()
      const jobs = app.jobs.list({ owner }).filter(r => r.task).map(r => viewOfJob(r, app.jobs.retentionMs))
      const kept = [...answers].filter(([, k]) => k.owner === owner).map(([id, k]) => answerView(id, k))
      return [...jobs, ...kept].sort((a, b) => a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)
    },
    keepAnswer (owner, answer) {
      const taskId = randomBytes(16).toString('base64url')
      const kept = { owner, createdAt: new Date(now()).toISOString(), answer, expiresAt: now() + ANSWER_TTL_MS }
      answers.set(taskId, kept)
      sweep()
      return answerView(taskId, kept)
    },
    cancel (taskId) {
      app.jobs.cancel(taskId)
    }
  }
}
