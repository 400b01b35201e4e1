// The background job contract, implemented by lib/jobs/registry.ts (plugins/jobs.ts decorates it onto the app).

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'interrupted'

export const FINISHED_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled', 'interrupted']

export interface JobRecord {
  id: string
  kind: string
  status: JobStatus
  /** Human-readable status message, updated while the job runs. */
  message: string
  /** Principal id that started it. */
  owner: string
  /** Short description of what the job does, e.g. "Move movies/Heat (1995) to downloads/old". */
  description: string
  createdAt: string
  startedAt?: string
  finishedAt?: string
  /** 0–100 when known. */
  progress?: number
  /** Milliseconds, where an estimate exists. */
  estimatedDurationMs?: number
  /** JSON result on success. */
  result?: unknown
  /** Error message on failure (public text, never a stack). */
  error?: string
  /** Data needed to revert the job (file moves and renames); `undo` uses it. */
  inverse?: unknown
  /** Set once a cancel was asked for: the job ends as cancelled (or interrupted, if the server stops first). */
  cancelRequested?: boolean
  /** Set when an MCP client started the job as a task: the tool, and what its call answered. */
  task?: JobTaskOrigin
  /** What a running job waits for from the client (MCP input requests by key), until answered. */
  inputRequests?: Record<string, unknown>
}

export interface JobTaskOrigin {
  tool: string
  /** The call's own result (content and structuredContent); the task's final result is built from it. */
  answer?: Record<string, unknown>
}

export interface JobHandle {
  readonly id: string
  /** Aborted on cancel and on shutdown. */
  readonly signal: AbortSignal
  /** Sets progress (0–100) and optionally the message. Cheap: persisted at most every few seconds. */
  progress: (percent: number, message?: string) => void
  message: (text: string) => void
  /** Records how to revert what has been done so far (persisted at once, so a crash keeps it). */
  setInverse: (inverse: unknown) => void
  /**
   * Asks the client for input (MCP input requests by key, e.g. an elicitation) and waits until every key is
   * answered (answers come through the registry's provideInput, from an MCP tasks/update). Only for jobs that
   * run as tasks; rejects when the job is cancelled or stopped.
   */
  requestInput?: (requests: Record<string, unknown>) => Promise<Record<string, unknown>>
}

export interface JobKind {
  /** How many jobs of this kind run at once. */
  concurrency: number
  /** How many may wait; beyond that start() throws a ToolError ("queue full, try later"). */
  queueLimit: number
  /** Set on kinds whose jobs change what the media library holds: when one ends, "library changed" is signalled. */
  changesLibrary?: boolean
}

export interface StartJobOptions {
  kind: string
  owner: string
  description: string
  estimatedDurationMs?: number
  run: (job: JobHandle) => Promise<unknown>
}

export interface JobRegistry {
  defineKind: (kind: string, spec: JobKind) => void
  /** Queues the job and returns its record at once. */
  start: (opts: StartJobOptions) => JobRecord
  get: (id: string) => JobRecord | undefined
  list: (filter?: { status?: JobStatus[], kind?: string, owner?: string }) => JobRecord[]
  /** Cancels a queued or running job (its signal aborts). Returns the updated record, or undefined if unknown. */
  cancel: (id: string) => JobRecord | undefined
  /** Resolves when the job finishes (for tests and for tools that wait briefly). */
  wait: (id: string, timeoutMs?: number) => Promise<JobRecord>
  /** Subscribe to every change (dashboard live updates, bot notifications). Returns an unsubscribe function. */
  subscribe: (listener: (job: JobRecord) => void) => () => void
  /** Whether jobs of this kind change the media library (its JobKind.changesLibrary). */
  changesLibrary: (kind: string) => boolean
}
