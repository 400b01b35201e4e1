// GET /api/dashboard/events: the live stream. Work per connection is bounded: snapshots come from the
// shared cache (snapshot.ts), job changes are coalesced per job and flushed at most every few hundred ms,
// nothing is written while the socket is congested, each credential may hold only a few streams, and a
// stream ends after a maximum age so the client reconnects (and its token is checked again).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { JobRecord } from '../../../core/job-types.js'
import { toJobView } from './jobs-view.js'
import { ownsJob } from '../../../core/job-owner.js'
import type { SnapshotSource } from './snapshot.js'
import { openSse } from '../kit/sse-stream.js'

export interface EventStreamOptions {
  /** Spacing of snapshot events (default 5 s). */
  tickMs?: number
  /** Job changes are gathered this long before they are sent (default 250 ms). */
  jobFlushMs?: number
  /** Streams one credential may hold open (default 4). */
  maxStreamsPerPrincipal?: number
  /** Age at which a stream is ended with a `reconnect` event (default 15 min). */
  maxStreamMs?: number
}

export function eventStreamHandler (app: FastifyInstance, source: SnapshotSource, opts: EventStreamOptions = {}) {
  const tickMs = opts.tickMs ?? 5_000
  const jobFlushMs = opts.jobFlushMs ?? 250
  const maxStreams = opts.maxStreamsPerPrincipal ?? 4
  const maxStreamMs = opts.maxStreamMs ?? 15 * 60_000
  const openCount = new Map<string, number>()

  return async function events (request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal!
    const principalId = principal.id
    const count = openCount.get(principalId) ?? 0
    if (count >= maxStreams) {
      return reply.code(429).header('retry-after', '30').send({
        error: 'too_many_streams',
        message: `This credential already has ${count} live dashboard streams open.`,
        hint: 'Close another dashboard tab, or poll GET /api/dashboard instead.'
      })
    }
    openCount.set(principalId, count + 1)
    const stream = openSse(app, request, reply)
    const pendingJobs = new Map<string, JobRecord>()
    let flushTimer: NodeJS.Timeout | undefined
    let ticking = false

    const flushJobs = () => {
      flushTimer = undefined
      if (stream.congested) { stream.onDrain(flushJobs); return }
      for (const job of pendingJobs.values()) stream.send('job', toJobView(job, principalId))
      pendingJobs.clear()
    }
    // Only the latest state of each job is kept, so the buffer is bounded by the number of jobs.
    // Only the caller's own jobs (core/job-owner.ts): the stream shows what GET /api/dashboard/jobs lists.
    const unsubscribe = app.jobs.subscribe(job => {
      if (!ownsJob(principal, job)) return
      pendingJobs.set(job.id, job)
      flushTimer ??= setTimeout(flushJobs, jobFlushMs)
    })

    const tick = async () => {
      if (ticking || stream.congested || stream.signal.aborted) return
      ticking = true
      try {
        stream.send('snapshot', await source.snapshot(principal))
      } catch (err) {
        request.log.error({ err }, 'dashboard snapshot failed')
      } finally {
        ticking = false
      }
    }
    const interval = setInterval(tick, tickMs)
    const expiry = setTimeout(() => {
      stream.send('reconnect', { reason: 'This stream reached its maximum age; open a new one.' })
      stream.end()
    }, maxStreamMs)

    stream.signal.addEventListener('abort', () => {
      unsubscribe()
      clearInterval(interval)
      clearTimeout(expiry)
      clearTimeout(flushTimer)
      const left = (openCount.get(principalId) ?? 1) - 1
      if (left > 0) openCount.set(principalId, left)
      else openCount.delete(principalId)
    }, { once: true })
    await tick()
  }
}
