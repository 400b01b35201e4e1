// Watches background jobs for the person who started them: polls check_jobs over MCP with backoff and sends
// one message when the job finishes or fails. The watched list is persisted, so a restart keeps watching.
import type { ToolRunner } from '../lib/chat/types.js'
import type { BotLogger } from './log.js'
import { clip } from './replies.js'
import type { BotState, WatchedJob } from './state.js'

const JOB_ID = /^[A-Za-z0-9_-]{8,64}$/
const FINISHED = new Set(['succeeded', 'failed', 'cancelled', 'interrupted'])

export interface JobWatcherOptions {
  runner: ToolRunner
  state: BotState
  /** Sends the message; throws when it should be tried again later, returns false when it never can be. */
  notify: (job: WatchedJob, text: string) => Promise<boolean>
  log: BotLogger
  /** Delay before the first check; it doubles after every check up to maxDelayMs. */
  firstCheckMs?: number
  maxDelayMs?: number
  /** More watched jobs than this are not watched (a runaway model must not grow the state file without end). */
  maxWatched?: number
}

interface JobView {
  status?: string
  description?: string
  message?: string
  result?: unknown
  error?: string
}

export function createJobWatcher (opts: JobWatcherOptions) {
  const firstCheckMs = opts.firstCheckMs ?? 2_000
  const maxDelayMs = opts.maxDelayMs ?? 60_000
  const maxWatched = opts.maxWatched ?? 500
  const watched = new Map<string, { job: WatchedJob, timer?: NodeJS.Timeout, delay: number }>()
  const stopper = new AbortController()

  const keyOf = (job: WatchedJob) => `${job.chatId}:${job.jobId}`
  const persist = () => opts.state.save([...watched.values()].map(w => w.job))

  function schedule (key: string) {
    const entry = watched.get(key)
    if (!entry || stopper.signal.aborted) return
    entry.timer = setTimeout(() => { check(key).catch(err => opts.log.error({ err }, 'watching a job failed')) }, entry.delay)
    entry.delay = Math.min(entry.delay * 2, maxDelayMs)
  }

  async function check (key: string) {
    const entry = watched.get(key)
    if (!entry) return
    let text: string | undefined
    try {
      const r = await opts.runner.call('check_jobs', { id: entry.job.jobId }, stopper.signal)
      if (r.isError && /No job with id/.test(r.text)) {
        text = `I lost track of a job I was watching for you (${entry.job.tool}): the tool server no longer knows it. Ask me to check the jobs if you need its outcome.`
      } else if (!r.isError) {
        const view = (r.structured?.items as JobView[] | undefined)?.[0]
        if (view?.status && FINISHED.has(view.status)) text = describe(view)
      } else {
        opts.log.warn({ jobId: entry.job.jobId, problem: r.text }, 'checking a watched job failed; trying again later')
      }
      if (text !== undefined) {
        const delivered = await opts.notify(entry.job, text)
        if (!delivered) opts.log.warn({ chatId: entry.job.chatId, jobId: entry.job.jobId }, 'job notice undeliverable; dropped')
        await unwatch(key)
        return
      }
    } catch (err) {
      if (stopper.signal.aborted) return
      opts.log.warn({ err, jobId: entry.job.jobId }, 'job notice not sent yet; trying again later')
    }
    schedule(key)
  }

  async function unwatch (key: string) {
    const entry = watched.get(key)
    if (!entry) return
    clearTimeout(entry.timer)
    watched.delete(key)
    await persist()
  }

  /** Starts watching (idempotent). Returns false when the id is unusable or the list is full. */
  async function watch (job: WatchedJob): Promise<boolean> {
    if (!JOB_ID.test(job.jobId)) return false
    const key = keyOf(job)
    if (watched.has(key)) return true
    if (watched.size >= maxWatched) {
      opts.log.warn({ jobId: job.jobId, watched: watched.size }, 'too many watched jobs; not watching this one')
      return false
    }
    watched.set(key, { job, delay: firstCheckMs })
    await persist()
    schedule(key)
    return true
  }

  /** Picks up the jobs a previous run was watching. */
  async function resume () {
    for (const job of await opts.state.load()) {
      const key = keyOf(job)
      if (watched.has(key) || !JOB_ID.test(job.jobId)) continue
      watched.set(key, { job, delay: firstCheckMs })
      schedule(key)
    }
    if (watched.size > 0) opts.log.info({ jobs: watched.size }, 'watching jobs started before the restart')
  }

  async function stop () {
    stopper.abort()
    for (const entry of watched.values()) clearTimeout(entry.timer)
    await opts.state.flush()
  }

  return { watch, resume, stop, get size () { return watched.size } }
}

export type JobWatcher = ReturnType<typeof createJobWatcher>

/** One message: what the job was, how it ended, and its result or error in short. */
export function describe (job: JobView): string {
  const what = job.description ?? 'a background job'
  switch (job.status) {
    case 'succeeded': {
      const result = job.result === undefined ? '' : `\nResult: ${clip(JSON.stringify(job.result), 1500)}`
      return `✅ Finished: ${what}\n${job.message ?? ''}${result}`.trim()
    }
    case 'failed': return `❌ Failed: ${what}\n${job.error ?? job.message ?? ''}`.trim()
    case 'cancelled': return `⏹ Cancelled: ${what}\n${job.message ?? ''}`.trim()
    default: return `⚠️ Interrupted: ${what}\n${job.message ?? 'The tool server stopped while it ran.'}`.trim()
  }
}
