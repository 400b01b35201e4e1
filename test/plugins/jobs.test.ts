// The job registry: lifecycle, per-kind limits, cancellation, errors, listeners, waiting, retention.
import t from 'tap'
import { ToolError } from '../../core/errors.js'
import type { JobRecord } from '../../core/job-types.js'
import { MESSAGES } from '../../lib/jobs/messages.js'
import { abortable, deferred, makeRegistry, tick } from './jobs-helpers.js'

const base = { owner: 'internal', description: 'test job' }

t.test('a job runs, reports progress and succeeds with its result', async t => {
  const { jobs } = await makeRegistry(t)
  const gate = deferred()
  const started = jobs.start({ ...base, kind: 'move', estimatedDurationMs: 1234.4, run: async job => { job.progress(140, 'copying'); await gate.promise; return { moved: 3 } } })
  t.match(started.id, /^[A-Za-z0-9_-]{22}$/, '128-bit url-safe id')
  t.equal(started.estimatedDurationMs, 1234)
  t.ok(Date.parse(started.createdAt))
  await tick()
  const running = jobs.get(started.id)!
  t.equal(running.status, 'running')
  t.equal(running.progress, 100, 'progress is clamped to 0–100')
  t.equal(running.message, 'copying')
  t.ok(running.startedAt)
  gate.resolve(undefined)
  const done = await jobs.wait(started.id, 5_000)
  t.equal(done.status, 'succeeded')
  t.same(done.result, { moved: 3 })
  t.equal(done.message, MESSAGES.succeeded)
  t.ok(Date.parse(done.finishedAt!) >= Date.parse(done.startedAt!))
})

t.test('ids are unique', async t => {
  const { jobs } = await makeRegistry(t, { maxJobs: 10_000 })
  jobs.defineKind('bulk', { concurrency: 100, queueLimit: 1000 })
  const ids = new Set<string>()
  for (let i = 0; i < 500; i++) ids.add(jobs.start({ ...base, kind: 'bulk', run: async () => 1 }).id)
  t.equal(ids.size, 500)
})

t.test('concurrency per kind with a bounded queue', async t => {
  const { jobs } = await makeRegistry(t)
  jobs.defineKind('ffmpeg', { concurrency: 2, queueLimit: 1 })
  const gates = [deferred(), deferred(), deferred()]
  const ran: number[] = []
  const ids = gates.map((g, i) => jobs.start({ ...base, kind: 'ffmpeg', run: async () => { ran.push(i); await g.promise } }).id)
  await tick()
  t.same(ran, [0, 1], 'two run at once')
  t.equal(jobs.get(ids[2])!.status, 'queued')
  const refused = (() => { try { jobs.start({ ...base, kind: 'ffmpeg', run: async () => {} }) } catch (err) { return err } })()
  t.ok(refused instanceof ToolError, 'a ToolError the caller can act on')
  t.match((refused as Error).message, /queue is full \(1 waiting\); try again later/)
  // Another kind is not affected by the full lane.
  const other = jobs.start({ ...base, kind: 'other', run: async () => 'ok' })
  t.equal((await jobs.wait(other.id, 5_000)).status, 'succeeded')
  gates[0].resolve(undefined)
  await jobs.wait(ids[0], 5_000)
  await tick()
  t.same(ran, [0, 1, 2], 'the queued job starts when a slot frees')
  t.same(jobs.counts(), { running: 2, queued: 0 })
  gates[1].resolve(undefined); gates[2].resolve(undefined)
  await Promise.all(ids.map(id => jobs.wait(id, 5_000)))
  t.same(jobs.counts(), { running: 0, queued: 0 })
})

t.test('an undefined kind runs one at a time with 20 waiting', async t => {
  const { jobs } = await makeRegistry(t)
  const gate = deferred()
  for (let i = 0; i < 21; i++) jobs.start({ ...base, kind: 'misc', run: () => gate.promise })
  t.same(jobs.counts(), { running: 1, queued: 20 })
  t.throws(() => jobs.start({ ...base, kind: 'misc', run: async () => {} }), /queue is full \(20 waiting\)/)
  gate.resolve(undefined)
})

t.test('defineKind refuses bad or conflicting limits', async t => {
  const { jobs } = await makeRegistry(t)
  t.throws(() => jobs.defineKind('x', { concurrency: 0, queueLimit: 1 }), /concurrency/)
  jobs.defineKind('y', { concurrency: 1, queueLimit: 5 })
  t.doesNotThrow(() => jobs.defineKind('y', { concurrency: 1, queueLimit: 5 }), 'same limits twice is fine')
  t.throws(() => jobs.defineKind('y', { concurrency: 2, queueLimit: 5 }), /different limits/)
})

t.test('cancelling a queued job removes it before it runs', async t => {
  const { jobs } = await makeRegistry(t)
  const gate = deferred()
  let secondRan = false
  const first = jobs.start({ ...base, kind: 'k', run: () => gate.promise })
  const second = jobs.start({ ...base, kind: 'k', run: async () => { secondRan = true } })
  const cancelled = jobs.cancel(second.id)!
  t.equal(cancelled.status, 'cancelled')
  t.equal(cancelled.message, MESSAGES.cancelledQueued)
  t.ok(cancelled.finishedAt)
  gate.resolve(undefined)
  await jobs.wait(first.id, 5_000)
  await tick()
  t.notOk(secondRan)
  t.same(jobs.counts(), { running: 0, queued: 0 })
  t.equal(jobs.cancel('nope'), undefined, 'unknown id')
})

t.test('cancelling a running job aborts its signal and records cancelled when it stops', async t => {
  const { jobs } = await makeRegistry(t)
  let signal: AbortSignal | undefined
  const job = jobs.start({ ...base, kind: 'k', run: async h => { signal = h.signal; await abortable(h.signal) } })
  await tick()
  const cancelling = jobs.cancel(job.id)!
  t.equal(cancelling.message, MESSAGES.cancelling)
  t.ok(signal?.aborted)
  const done = await jobs.wait(job.id, 5_000)
  t.equal(done.status, 'cancelled')
  t.equal(done.error, undefined, 'a cancellation is not an error')
})

t.test('a run that ignores the signal is still cancelled and its result discarded', async t => {
  const { jobs } = await makeRegistry(t)
  const gate = deferred()
  const job = jobs.start({ ...base, kind: 'k', run: async () => { await gate.promise; return { secret: 'should not show' } } })
  await tick()
  jobs.cancel(job.id)
  t.equal(jobs.get(job.id)!.status, 'running', 'still holds its slot until it stops')
  gate.resolve(undefined)
  const done = await jobs.wait(job.id, 5_000)
  t.equal(done.status, 'cancelled')
  t.equal(done.result, undefined)
})

t.test('ToolError fails with its message; anything else fails generically and is logged', async t => {
  const { jobs, lines } = await makeRegistry(t)
  const a = jobs.start({ ...base, kind: 'k', run: async () => { throw new ToolError('Disk full on /data; free some space and retry.') } })
  const b = jobs.start({ ...base, kind: 'k', run: async () => { throw new Error('EACCES /internal/path token=abc') } })
  const c = jobs.start({ ...base, kind: 'k', run: () => { throw new TypeError('sync bug') } })
  const [ra, rb, rc] = await Promise.all([a, b, c].map(j => jobs.wait(j.id, 5_000)))
  t.equal(ra.status, 'failed')
  t.equal(ra.error, 'Disk full on /data; free some space and retry.')
  t.match(ra.message, /^Failed: Disk full/)
  t.equal(rb.status, 'failed')
  t.equal(rb.error, MESSAGES.internalError)
  t.notMatch(JSON.stringify(rb), /EACCES|token=abc/, 'no internal detail in the record')
  t.equal(rc.status, 'failed', 'a synchronous throw is caught too')
  t.ok(lines.some(l => l.msg === 'job failed unexpectedly' && JSON.stringify(l).includes('EACCES')), 'detail goes to the log')
})

t.test('a result that is not JSON fails the job instead of breaking the journal', async t => {
  const { jobs } = await makeRegistry(t)
  const j = jobs.start({ ...base, kind: 'k', run: async () => ({ n: 1n }) })
  const done = await jobs.wait(j.id, 5_000)
  t.equal(done.status, 'failed')
  t.equal(done.error, MESSAGES.internalError)
})

t.test('subscribe sees every change until unsubscribed', async t => {
  const { jobs } = await makeRegistry(t)
  const seen: JobRecord[] = []
  const off = jobs.subscribe(j => seen.push(j))
  jobs.subscribe(() => { throw new Error('a broken listener does not stop others') })
  const j = jobs.start({ ...base, kind: 'k', run: async h => { h.progress(50); h.message('half way') } })
  await jobs.wait(j.id, 5_000)
  t.same(seen.map(s => s.status), ['queued', 'running', 'running', 'running', 'succeeded'])
  t.equal(seen[2].progress, 50)
  off()
  const k = jobs.start({ ...base, kind: 'k', run: async () => {} })
  await jobs.wait(k.id, 5_000)
  t.equal(seen.length, 5)
  seen[0].status = 'failed'
  t.not(jobs.get(j.id)!.status, 'failed', 'listeners get copies')
})

t.test('wait times out with the current record; unknown ids are refused', async t => {
  const { jobs } = await makeRegistry(t)
  const gate = deferred()
  const j = jobs.start({ ...base, kind: 'k', run: () => gate.promise })
  const soon = await jobs.wait(j.id, 20)
  t.equal(soon.status, 'running')
  await t.rejects(jobs.wait('does-not-exist'), /No job with id does-not-exist\. Next: list the jobs: check_jobs {}/)
  gate.resolve(undefined)
})

t.test('list filters and returns newest first', async t => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const { jobs } = await makeRegistry(t, { now: () => clock })
  const a = jobs.start({ ...base, kind: 'move', run: async () => {} })
  clock += 1000
  const b = jobs.start({ ...base, kind: 'ffmpeg', owner: 'oauth:x', run: () => new Promise(() => {}) })
  clock += 1000
  const c = jobs.start({ ...base, kind: 'move', run: async () => { throw new ToolError('no') } })
  await Promise.all([jobs.wait(a.id, 5_000), jobs.wait(c.id, 5_000)])
  t.same(jobs.list().map(j => j.id), [c.id, b.id, a.id])
  t.same(jobs.list({ kind: 'move' }).map(j => j.id), [c.id, a.id])
  t.same(jobs.list({ status: ['running'] }).map(j => j.id), [b.id])
  t.same(jobs.list({ owner: 'oauth:x' }).map(j => j.id), [b.id])
})

t.test('finished jobs expire after the retention time, running ones never', async t => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const { jobs } = await makeRegistry(t, { now: () => clock, retentionMs: 60_000 })
  const gate = deferred()
  const done = jobs.start({ ...base, kind: 'a', run: async () => 1 })
  const long = jobs.start({ ...base, kind: 'b', run: () => gate.promise })
  await jobs.wait(done.id, 5_000)
  clock += 59_000
  t.ok(jobs.get(done.id), 'kept before the retention time')
  clock += 2_000
  t.equal(jobs.get(done.id), undefined, 'gone after it')
  clock += 10 * 60_000
  t.equal(jobs.get(long.id)!.status, 'running', 'a running job never expires')
  gate.resolve(undefined)
  await jobs.wait(long.id, 5_000)
  t.ok(jobs.get(long.id), 'its retention counts from when it finished')
})

t.test('past maxJobs the oldest finished jobs are dropped first', async t => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const { jobs } = await makeRegistry(t, { now: () => clock, maxJobs: 3 })
  const gate = deferred()
  const running = jobs.start({ ...base, kind: 'slow', run: () => gate.promise })
  const finished: string[] = []
  for (let i = 0; i < 4; i++) {
    clock += 1000
    const j = jobs.start({ ...base, kind: 'fast', run: async () => i })
    await jobs.wait(j.id, 5_000)
    finished.push(j.id)
  }
  t.same(jobs.list().map(j => j.id).sort(), [running.id, finished[2], finished[3]].sort())
  gate.resolve(undefined)
})

t.test('after shutdown begins, new jobs are refused and queued ones are interrupted', async t => {
  const { jobs } = await makeRegistry(t)
  const gate = deferred()
  jobs.start({ ...base, kind: 'k', run: () => gate.promise })
  const queued = jobs.start({ ...base, kind: 'k', run: async () => {} })
  jobs.beginShutdown()
  t.throws(() => jobs.start({ ...base, kind: 'k', run: async () => {} }), /shutting down/)
  t.equal(jobs.get(queued.id)!.status, 'interrupted')
  t.equal(jobs.get(queued.id)!.message, MESSAGES.shutdownQueued)
  gate.resolve(undefined)
})

t.test('history stays small: huge results become a note, long messages are clipped', async t => {
  const { jobs, lines } = await makeRegistry(t, { maxResultBytes: 1024 })
  const big = jobs.start({ ...base, kind: 'k', run: async h => { h.message('x'.repeat(5_000)); return { data: 'y'.repeat(5_000) } } })
  await tick()
  const done = await jobs.wait(big.id, 5_000)
  t.equal(done.status, 'succeeded', 'a big result does not fail the job')
  t.match(done.result, { note: /too large to keep; the server log has it/ })
  t.ok(lines.some(l => /too large/.test(String(l.msg)) && JSON.stringify(l).includes('yyyy')), 'the full result is in the log')
  const small = jobs.start({ ...base, kind: 'k', run: async h => { h.message('z'.repeat(5_000)); await new Promise(resolve => setTimeout(resolve, 20)) } })
  await tick()
  t.equal(jobs.get(small.id)!.message.length, 500)
  await jobs.wait(small.id, 5_000)
})
