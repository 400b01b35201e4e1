// One lane per job kind: at most `concurrency` jobs of that kind run at once and at most `queueLimit`
// wait; past that, starting another is refused rather than queued without bound.
import type { JobKind } from '../../core/job-types.js'
import { refusal } from '../answers/next-calls.js'
import { listJobs } from '../answers/common-calls.js'

export const DEFAULT_KIND: JobKind = Object.freeze({ concurrency: 1, queueLimit: 20 })

interface Lane {
  spec: JobKind
  running: number
  waiting: string[]
}

export function createLanes () {
  const lanes = new Map<string, Lane>()

  function lane (kind: string): Lane {
    let l = lanes.get(kind)
    if (!l) {
      l = { spec: DEFAULT_KIND, running: 0, waiting: [] }
      lanes.set(kind, l)
    }
    return l
  }

  function define (kind: string, spec: JobKind): void {
    if (!Number.isInteger(spec.concurrency) || spec.concurrency < 1) throw new Error(`Job kind ${kind}: concurrency must be an integer ≥ 1`)
    if (!Number.isInteger(spec.queueLimit) || spec.queueLimit < 0) throw new Error(`Job kind ${kind}: queueLimit must be an integer ≥ 0`)
    const existing = lanes.get(kind)
    if (existing && existing.spec !== DEFAULT_KIND &&
      (existing.spec.concurrency !== spec.concurrency || existing.spec.queueLimit !== spec.queueLimit)) {
      throw new Error(`Job kind ${kind} is already defined with different limits`)
    }
    lane(kind).spec = { concurrency: spec.concurrency, queueLimit: spec.queueLimit, ...(spec.changesLibrary ? { changesLibrary: true } : {}) }
  }

  /** Throws a ToolError when a new job of this kind could neither run now nor wait. */
  function admit (kind: string): void {
    const l = lane(kind)
    if (l.running < l.spec.concurrency && l.waiting.length === 0) return
    if (l.waiting.length >= l.spec.queueLimit) {
      throw refusal(`The "${kind}" job queue is full (${l.waiting.length} waiting); try again later.`, [listJobs(true)], { kind, waiting: l.waiting.length })
    }
  }

  function enqueue (kind: string, id: string): void {
    lane(kind).waiting.push(id)
  }

  /** Takes the next waiting id if a slot is free, and holds that slot. */
  function next (kind: string): string | undefined {
    const l = lane(kind)
    if (l.running >= l.spec.concurrency) return undefined
    const id = l.waiting.shift()
    if (id !== undefined) l.running++
    return id
  }

  function release (kind: string): void {
    const l = lane(kind)
    l.running = Math.max(0, l.running - 1)
  }

  function remove (kind: string, id: string): void {
    const l = lane(kind)
    const at = l.waiting.indexOf(id)
    if (at >= 0) l.waiting.splice(at, 1)
  }

  /** Empties every queue (shutdown) and returns the ids that were waiting. */
  function drainAll (): string[] {
    const ids: string[] = []
    for (const l of lanes.values()) ids.push(...l.waiting.splice(0))
    return ids
  }

  return { define, changesLibrary: (kind: string) => lanes.get(kind)?.spec.changesLibrary === true, admit, enqueue, next, release, remove, drainAll, waitingCount: (kind: string) => lane(kind).waiting.length }
}

export type Lanes = ReturnType<typeof createLanes>
