// The job registry (core/job-types.ts): runs background jobs with per-kind limits, keeps every record
// in the journal, and on shutdown stops them so the journal shows what was interrupted.
import { randomBytes } from 'node:crypto'
import type { Logger } from '../../core/logger.js'
import { ToolError } from '../../core/errors.js'
import { type JobKind, type JobRecord, type JobRegistry, type JobStatus, type StartJobOptions } from '../../core/job-types.js'
import { currentTaskCall, outsideTaskCall } from './call-scope.js'
import { answerInput } from './input.js'
import { isFinished, waitForEntry, type Entry } from './entry.js'
import { jobHandle } from './handle.js'
import { createJournal } from './journal.js'
import { createLanes } from './lanes.js'
import { MESSAGES, failedMessage, interruptedMessage } from './messages.js'
import { activeCounts, listJobs, type JobFilter } from './queries.js'
import { createRetention, movedPartWay } from './retention.js'
import { boundResult, toJson } from './values.js'
import { setTimeout as delay } from 'node:timers/promises'
import { refusal } from '../answers/next-calls.js'
import { listJobs as listJobsCall } from '../answers/common-calls.js'

export interface JobRegistryOptions {
  /** Directory of the journal (STATE_DIR). */
  dir: string
  log: Logger
  /** How long finished jobs are kept (default 24 h; a move left part-way 30 days: lib/jobs/retention.ts). */
  retentionMs?: number
  /** Most records kept; the oldest finished ones go first, moves left part-way last (default 500). */
  maxJobs?: number
  /** Spacing of progress-only journal writes (default 2 s). */
  progressThrottleMs?: number
  /** How long close() lets aborted jobs wind down before recording them as interrupted (default 4 s). */
  shutdownGraceMs?: number
  /** Largest result kept, as JSON (default 64 KiB); a larger one is replaced by a note. */
  maxResultBytes?: number
  now?: () => number
  /** Waits ms (a paced job's pause); rejects when signal aborts. With `now`, tests pace jobs without waiting. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

export async function createJobRegistry (opts: JobRegistryOptions) {
  const now = opts.now ?? Date.now
  const iso = () => new Date(now()).toISOString()
  const records = function * () { for (const entry of entries.values()) yield entry.record }
  const log = opts.log
  const entries = new Map<string, Entry>()
  const listeners = new Set<(job: JobRecord) => void>()
  const lanes = createLanes()
  const journal = createJournal({ dir: opts.dir, log, throttleMs: opts.progressThrottleMs ?? 2_000, now, snapshot: () => [...entries.values()].map(e => e.record) })
  const retentionMs = opts.retentionMs ?? 24 * 3600_000
  const retention = createRetention({ entries, now, retentionMs, maxJobs: opts.maxJobs ?? 500, holds: movedPartWay })
  let closing = false

  for (const record of (await journal.load()).sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (record.status === 'queued' || record.status === 'running') {
      const wasRunning = record.status === 'running'
      Object.assign(record, { status: 'interrupted', finishedAt: iso(), message: wasRunning ? interruptedMessage(record, 'restartRunning') : MESSAGES.restartQueued })
      delete record.inputRequests
    }
    entries.set(record.id, { record, cancelRequested: false, stopRequested: false, waiters: new Set() })
  }
  sweep()
  journal.saveNow()

  function sweep () {
    if (retention.sweep() > 0) journal.saveNow()
  }

  function changed (entry: Entry, persist: 'now' | 'soon') {
    if (persist === 'now') journal.saveNow()
    else journal.saveSoon()
    const copy = { ...entry.record }
    for (const listener of listeners) {
      try { listener(copy) } catch (err) { log.error({ err }, 'job listener failed') }
    }
    if (isFinished(entry.record.status)) {
      for (const wake of entry.waiters) wake()
      entry.waiters.clear()
    }
  }

  function finish (entry: Entry, status: JobStatus, message: string, extra: Partial<JobRecord> = {}) {
    entry.input = undefined
    delete entry.record.inputRequests
    Object.assign(entry.record, { status, message, finishedAt: iso(), ...extra })
    changed(entry, 'now')
  }

  function start (o: StartJobOptions): JobRecord {
    if (closing) throw new ToolError(MESSAGES.shuttingDown)
    lanes.admit(o.kind)
    sweep()
    const record: JobRecord = {
      id: randomBytes(16).toString('base64url'),
      kind: o.kind,
      status: 'queued',
      message: MESSAGES.queued,
      owner: o.owner,
      description: o.description,
      createdAt: iso()
    }
    if (o.estimatedDurationMs !== undefined) record.estimatedDurationMs = Math.max(0, Math.round(o.estimatedDurationMs))
    const entry: Entry = { record, run: o.run, cancelRequested: false, stopRequested: false, waiters: new Set() }
    const taskCall = currentTaskCall()
    if (taskCall && !taskCall.job) {
      record.task = { tool: taskCall.tool }
      taskCall.keepAnswer = answer => { record.task = { tool: taskCall.tool, answer: toJson(answer, 'the task answer') as Record<string, unknown> }; changed(entry, 'now') }
    }
    entries.set(record.id, entry)
    retention.cap()
    lanes.enqueue(o.kind, record.id)
    changed(entry, 'now')
    pump(o.kind)
    if (taskCall && !taskCall.job) taskCall.job = { ...record }
    return { ...record }
  }

  function pump (kind: string) {
    if (closing) return
    for (let id = lanes.next(kind); id !== undefined; id = lanes.next(kind)) {
      const entry = entries.get(id)
      if (entry?.record.status === 'queued') launch(entry)
      else lanes.release(kind)
    }
  }

  function launch (entry: Entry) {
    const { record } = entry
    const controller = new AbortController()
    entry.controller = controller
    Object.assign(record, { status: 'running', startedAt: iso(), message: MESSAGES.running })
    const handle = jobHandle(entry, controller, { changed, journal, log })
    changed(entry, 'now')
    const run = entry.run!
    entry.run = undefined
    entry.settled = Promise.resolve()
      .then(() => outsideTaskCall(() => run(handle)))
      .then(value => settle(entry, { ok: true, value }), err => settle(entry, { ok: false, err }))
  }

  function settle (entry: Entry, outcome: { ok: true, value: unknown } | { ok: false, err: unknown }) {
    const { record } = entry
    lanes.release(record.kind)
    if (record.status !== 'running') {
      log.debug({ jobId: record.id, kind: record.kind }, 'late job outcome discarded')
    } else if (entry.cancelRequested) {
      finish(entry, 'cancelled', MESSAGES.cancelledRunning)
    } else if (outcome.ok) {
      let result: unknown
      try { result = boundedResult(toJson(outcome.value, 'the job result'), record) } catch (err) {
        log.error({ jobId: record.id, kind: record.kind, err }, 'job result is not JSON-serializable')
        finish(entry, 'failed', failedMessage(MESSAGES.internalError), { error: MESSAGES.internalError })
        return pump(record.kind)
      }
      finish(entry, 'succeeded', MESSAGES.succeeded, { progress: 100, ...(result === undefined ? {} : { result }) })
    } else if (entry.stopRequested) {
      finish(entry, 'interrupted', interruptedMessage(entry.record, 'shutdownRunning'))
    } else {
      const err = outcome.err
      const error = err instanceof ToolError ? err.message : MESSAGES.internalError
      if (!(err instanceof ToolError)) log.error({ jobId: record.id, kind: record.kind, err }, 'job failed unexpectedly')
      finish(entry, 'failed', failedMessage(error), { error })
    }
    pump(record.kind)
  }

  /** Keeps history small: a huge result is logged once and replaced by a note. */
  function boundedResult (result: unknown, record: JobRecord): unknown {
    const bounded = boundResult(result, opts.maxResultBytes ?? 64 * 1024)
    if (bounded.tooLarge !== undefined) log.warn({ jobId: record.id, kind: record.kind, bytes: bounded.tooLarge, result }, 'job result too large to keep in the job history; logged here instead')
    return bounded.value
  }

  function cancel (id: string): JobRecord | undefined {
    const entry = entries.get(id)
    if (!entry) return undefined
    const { record } = entry
    if (record.status === 'queued') {
      lanes.remove(record.kind, id)
      finish(entry, 'cancelled', MESSAGES.cancelledQueued)
    } else if (record.status === 'running' && !entry.cancelRequested) {
      entry.cancelRequested = true
      record.cancelRequested = true
      record.message = MESSAGES.cancelling
      entry.controller?.abort(new DOMException('The job was cancelled', 'AbortError'))
      changed(entry, 'now')
    }
    return { ...record }
  }

  /** Answers some or all of what a job asked for; the job resumes once every key is answered. False when it waits for nothing. */
  function provideInput (id: string, responses: Record<string, unknown>): boolean {
    const entry = entries.get(id)
    if (!entry?.input) return false
    const pending = answerInput(entry.input, responses)
    if (Object.keys(pending).length > 0) {
      entry.record.inputRequests = pending
    } else {
      entry.input = undefined
      delete entry.record.inputRequests
    }
    changed(entry, 'now')
    return true
  }

  function get (id: string): JobRecord | undefined {
    sweep()
    const record = entries.get(id)?.record
    return record ? { ...record } : undefined
  }

  function list (filter: JobFilter = {}): JobRecord[] {
    sweep()
    return listJobs(records(), filter)
  }

  function wait (id: string, timeoutMs?: number): Promise<JobRecord> {
    const entry = entries.get(id)
    if (!entry) return Promise.reject(refusal(`No job with id ${id}.`, [listJobsCall()]))
    return waitForEntry(entry, timeoutMs)
  }

  function subscribe (listener: (job: JobRecord) => void): () => void {
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  }

  function counts () {
    return activeCounts(records())
  }

  /** Refuses new jobs, drops the queues (recorded as interrupted) and aborts running jobs' signals. */
  function beginShutdown () {
    if (closing) return
    closing = true
    for (const id of lanes.drainAll()) {
      const entry = entries.get(id)
      if (entry?.record.status === 'queued') finish(entry, 'interrupted', MESSAGES.shutdownQueued)
    }
    for (const entry of entries.values()) {
      if (entry.record.status !== 'running') continue
      entry.stopRequested = true
      entry.controller?.abort(new DOMException('The server is shutting down', 'AbortError'))
    }
  }

  /** Shuts down, gives aborted runs a grace period to checkpoint, records the rest as interrupted, flushes the journal. */
  async function close () {
    beginShutdown()
    const pending = [...entries.values()].filter(e => e.record.status === 'running' && e.settled).map(e => e.settled)
    if (pending.length > 0) {
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.all(pending), new Promise(resolve => { timer = setTimeout(resolve, opts.shutdownGraceMs ?? 4_000) })])
      clearTimeout(timer)
    }
    for (const entry of entries.values()) {
      if (entry.record.status === 'running') finish(entry, 'interrupted', interruptedMessage(entry.record, 'shutdownRunning'))
    }
    await journal.close()
  }

  const registry: JobRegistry = { defineKind: (kind: string, spec: JobKind) => lanes.define(kind, spec), start, get, list, cancel, wait, subscribe, changesLibrary: lanes.changesLibrary }
  // The clock a paced job reads and waits on (lib/library/search-loop.ts): the registry's own, so tests inject it once.
  const clock = { now, sleep: opts.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal })) }
  return { ...registry, clock, provideInput, counts, beginShutdown, close, flush: journal.flush, journalIdle: journal.idle, journalFile: journal.file, retentionMs, isClosing: () => closing }
}

export type JobRegistryService = Awaited<ReturnType<typeof createJobRegistry>>
