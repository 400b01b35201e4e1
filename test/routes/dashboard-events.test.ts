// GET /api/dashboard/events over real HTTP: a snapshot at once, job changes as they happen (coalesced),
// a bounded number of streams per credential, CORS on the hijacked response, and an end on shutdown.
import t from 'tap'
import { Agent, fetch as undiciFetch } from 'undici'
import { Value } from '@sinclair/typebox/value'
import { JobView, Snapshot } from '../../routes/api/dashboard/schemas.js'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { freePort, sseReader } from '../helpers/web-app.js'
import { until } from '../helpers/until.js'
import { abortable, deferred } from '../plugins/jobs-helpers.js'

const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }

t.test('snapshot at once, then job events as a job progresses; shutdown ends the stream', async t => {
  const port = await freePort()
  const { app, config } = await buildTestApp(t, { web: true, listenPort: port, dashboard: { tickMs: 60_000, jobFlushMs: 50 } })
  app.jobs.defineKind('test-events', { concurrency: 1, queueLimit: 2 })
  const res = await fetch(`${config.PUBLIC_URL}/api/dashboard/events`, { headers: { ...auth, origin: config.PUBLIC_URL } })
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /^text\/event-stream/)
  t.equal(res.headers.get('access-control-allow-origin'), config.PUBLIC_URL, 'CORS applied by hand on the hijacked stream')
  t.equal(res.headers.get('cache-control'), 'no-store')
  const events = sseReader(res.body!)

  const first = await events.next()
  t.equal(first.event, 'snapshot', 'a snapshot comes first, without waiting for a tick')
  t.ok(Value.Check(Snapshot, first.data))

  const step = deferred()
  const job = app.jobs.start({
    kind: 'test-events',
    owner: 'internal',
    description: 'Stepping job',
    run: async handle => {
      handle.progress(25, 'quarter')
      await step.promise
      handle.progress(75, 'three quarters')
      await abortable(handle.signal)
    }
  })
  const quarter = await events.next(e => e.event === 'job' && e.data.progress === 25)
  t.ok(Value.Check(JobView, quarter.data))
  t.match(quarter.data, { id: job.id, status: 'running', message: 'quarter', startedByYou: true, cancellable: true })
  step.resolve(undefined)
  await events.next(e => e.event === 'job' && e.data.progress === 75)
  const jobEvents = events.all.filter(e => e.event === 'job')
  t.ok(jobEvents.length <= 4, `changes are coalesced per flush (${jobEvents.length} job events)`)

  await app.close()
  const last = await events.next(e => e.event === 'shutdown', 15_000)
  t.match(last.data, { reason: /shutting down/ })
  await events.done
})

t.test('each credential holds only a few streams; closing one frees its slot', async t => {
  const port = await freePort()
  const { config } = await buildTestApp(t, { web: true, listenPort: port, dashboard: { maxStreamsPerPrincipal: 2, tickMs: 60_000 } })
  // Its own client pool, closed at the end: spare sockets the client opened but never used would
  // otherwise keep the server's close waiting for its headers timeout.
  const agent = new Agent()
  const fetch = (url: string, init: { headers: Record<string, string>, signal: AbortSignal }) => undiciFetch(url, { ...init, dispatcher: agent }) as unknown as Promise<Response>
  const open: AbortController[] = []
  let refused: Response | undefined
  for (let i = 0; i < 6 && !refused; i++) {
    const controller = new AbortController()
    const res = await fetch(`${config.PUBLIC_URL}/api/dashboard/events`, { headers: auth, signal: controller.signal })
    if (res.status === 429) refused = res
    else { t.equal(res.status, 200); open.push(controller); await sseReader(res.body!).next() }
  }
  t.ok(refused, 'a stream beyond the limit is refused')
  t.match(await refused!.json(), { error: 'too_many_streams', message: String, hint: /poll/ })
  open.pop()!.abort()
  // The server sees the abort when the socket closes: ask until it has given the slot back.
  let again: Response | undefined
  await until(async () => {
    const controller = new AbortController()
    open.push(controller)
    again = await fetch(`${config.PUBLIC_URL}/api/dashboard/events`, { headers: auth, signal: controller.signal })
    if (again.status === 200) return true
    await again.body?.cancel()
    return false
  }, 50)
  t.equal(again!.status, 200, 'the slot of a closed stream is given back')
  // A client that stops reading would hold its socket open through shutdown; let go of every stream.
  for (const c of open) c.abort()
  await agent.destroy()
})

t.test('a stream that reaches its maximum age asks the client to reconnect', async t => {
  const port = await freePort()
  const { config } = await buildTestApp(t, { web: true, listenPort: port, dashboard: { maxStreamMs: 300, tickMs: 60_000 } })
  const res = await fetch(`${config.PUBLIC_URL}/api/dashboard/events`, { headers: auth })
  const events = sseReader(res.body!)
  const reconnect = await events.next(e => e.event === 'reconnect', 15_000)
  t.match(reconnect.data, { reason: /maximum age/ })
  await events.done
})
