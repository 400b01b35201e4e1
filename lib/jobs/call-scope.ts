// A tool call run as an MCP task: the job it starts becomes the task (one record), so the registry tags that
// job with the call, and tools that would wait a little for their job return at once instead (the client
// polls the task). Carried through the call's async context, so no tool needs to know about tasks.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { JobRecord } from '../../core/job-types.js'

export interface TaskCallScope {
  /** The tool being called. */
  tool: string
  /** The first job the call started (a task maps to exactly one job). */
  job?: JobRecord
  /** Set by the registry with the job: records what the call answered, for the task's final result. */
  keepAnswer?: (answer: Record<string, unknown>) => void
}

const storage = new AsyncLocalStorage<TaskCallScope>()

/** Runs one tool call as a task and reports the job it started, if any. */
export async function runAsTask<T> (tool: string, call: () => Promise<T>): Promise<{ value: T, scope: TaskCallScope }> {
  const scope: TaskCallScope = { tool }
  const value = await storage.run(scope, call)
  return { value, scope }
}

/** The task call the current code runs in, if any. */
export function currentTaskCall (): TaskCallScope | undefined {
  return storage.getStore()
}

/** Runs `fn` outside any task call: a job's own run must not count as part of the call that queued it. */
export function outsideTaskCall<T> (fn: () => T): T {
  return storage.exit(fn)
}
