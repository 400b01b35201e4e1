// The job journal: every job record in one JSON file under STATE_DIR, rewritten atomically
// (write a temp file, fsync, rename, fsync the directory) so a crash leaves either the old or the new
// version, never a torn one. Writes are coalesced: a snapshot is taken when the write starts, and any
// change made meanwhile triggers one more write, so the file always catches up with the latest state.
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../../core/logger.js'
import { writeFileAtomic } from '../fs/atomic-write.js'
import type { JobRecord, JobStatus } from '../../core/job-types.js'

export const JOURNAL_FILE = 'jobs.json'
const FORMAT_VERSION = 1
const STATUSES = new Set<JobStatus>(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted'])

export interface JournalOptions {
  dir: string
  log: Logger
  /** Returns every record to persist, read at the moment a write starts. */
  snapshot: () => JobRecord[]
  /** Minimum spacing of throttled (progress-only) writes. */
  throttleMs: number
  /** For the name of a moved-aside corrupt file. */
  now?: () => number
}

export function createJournal (opts: JournalOptions) {
  const file = join(opts.dir, JOURNAL_FILE)
  const now = opts.now ?? Date.now
  let writing: Promise<void> | undefined
  let dirty = false
  let throttleTimer: NodeJS.Timeout | undefined
  let closed = false
  let failing = false

  /** Reads the journal; a file that cannot be parsed is moved aside and an empty list returned. */
  async function load (): Promise<JobRecord[]> {
    let text: string
    try {
      await mkdir(opts.dir, { recursive: true, mode: 0o700 })
      text = await readFile(file, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return []
      throw new Error(`Cannot read the job journal ${file} (${code ?? 'error'}): set STATE_DIR to a writable directory.`)
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const jobs = (parsed as { jobs?: unknown } | undefined)?.jobs
    if (!Array.isArray(jobs)) {
      const aside = `${file}.corrupt-${now()}`
      await rename(file, aside)
      opts.log.warn({ file, movedTo: aside }, 'job journal is unreadable; moved it aside and starting with an empty job list')
      return []
    }
    const valid = jobs.filter(isRecord)
    if (valid.length < jobs.length) opts.log.warn({ file, skipped: jobs.length - valid.length }, 'job journal: skipped malformed records')
    return valid
  }

  /** Persists as soon as possible (state changes, inverses). */
  function saveNow (): void {
    if (closed) return
    if (throttleTimer) { clearTimeout(throttleTimer); throttleTimer = undefined }
    dirty = true
    if (!writing) writing = drain()
  }

  /** Persists within throttleMs (progress and message updates). */
  function saveSoon (): void {
    if (closed || throttleTimer) return
    throttleTimer = setTimeout(() => { throttleTimer = undefined; saveNow() }, opts.throttleMs)
    throttleTimer.unref()
  }

  async function drain (): Promise<void> {
    try {
      while (dirty) {
        dirty = false
        await writeAtomically(JSON.stringify({ version: FORMAT_VERSION, jobs: opts.snapshot() }))
      }
    } finally {
      writing = undefined
    }
  }

  async function writeAtomically (text: string): Promise<void> {
    try {
      // A failed write leaves no temp file (lib/fs/atomic-write.ts).
      await writeFileAtomic(file, text)
      if (failing) opts.log.info({ file }, 'job journal is being written again')
      failing = false
    } catch (err) {
      // Keep serving; the next change retries. Log once per failure streak, not per write.
      if (!failing) opts.log.error({ file, err }, 'could not write the job journal; job history may be lost on restart')
      failing = true
    }
  }

  /** Writes any pending change and waits for it; later saves are ignored. */
  async function close (): Promise<void> {
    if (closed) return
    if (throttleTimer) { clearTimeout(throttleTimer); throttleTimer = undefined; dirty = true }
    if (dirty && !writing) writing = drain()
    await idle()
    closed = true
  }

  /** Waits until everything saved so far is on disk (tests, shutdown). */
  async function flush (): Promise<void> {
    if (throttleTimer) saveNow()
    await idle()
  }

  /** Waits for the writes already started, without starting a throttled one (tests). */
  async function idle (): Promise<void> {
    for (let w = writing; w; w = writing) await w
  }

  return { file, load, saveNow, saveSoon, flush, idle, close, isClosed: () => closed }
}

export type Journal = ReturnType<typeof createJournal>

function isRecord (value: unknown): value is JobRecord {
  if (typeof value !== 'object' || value === null) return false
  const r = value as Record<string, unknown>
  return typeof r.id === 'string' && typeof r.kind === 'string' && typeof r.status === 'string' &&
    STATUSES.has(r.status as JobStatus) && typeof r.createdAt === 'string' && typeof r.message === 'string' &&
    typeof r.owner === 'string' && typeof r.description === 'string'
}
