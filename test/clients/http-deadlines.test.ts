// Deadlines by kind of call and the circuit breaker, against a loopback backend that accepts connections and
// never answers (a hung service). Deadlines are injected short here; one test pins the production defaults.
// No upper bound on elapsed time is asserted (a loaded machine may be slow anywhere): the backend never answers,
// so a call that returns did so at its deadline, and the error names the deadline in force. Lower bounds stay: a
// timer never fires early, however loaded the machine.
import t from 'tap'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { READ_DEADLINE_MS, WRITE_DEADLINE_MS, createHttpBackend } from '../../clients/http.js'
import { BREAKER_HALF_OPEN_MS, BREAKER_THRESHOLD, type CircuitStatus } from '../../clients/circuit.js'
import { createSonarrClient } from '../../clients/servarr/sonarr.js'
import { BackendError } from '../../core/errors.js'
import { SOURCE_DEADLINE_MS, setSourceDeadline, sourceDeadlineMs } from '../../core/deadline.js'
import { until } from '../helpers/until.js'

/** A backend that hangs (accepts, never answers) until told to answer; counts the requests it got. */
async function hungBackend (t: { teardown: (fn: () => unknown) => void }) {
  const state = { answer: false, requests: 0 }
  const held: ServerResponse[] = []
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    state.requests++
    if (!state.answer) { held.push(res); return }
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>(resolve => {
    for (const res of held) res.destroy()
    server.closeAllConnections()
    server.close(() => resolve())
  }))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state }
}

/** Waits until the time an open circuit names for its test call has come (the breaker reads the wall clock). */
async function untilRetryAt (backend: { circuit: () => CircuitStatus }) {
  const retryAt = Date.parse(backend.circuit().retryAt!)
  await until(() => Date.now() >= retryAt)
}

/** Runs `work` (started here, so the timing covers all of it) and returns its BackendError and duration (for lower bounds only). */
async function failure (work: () => Promise<unknown>): Promise<{ err: BackendError, ms: number }> {
  const started = performance.now()
  try {
    await work()
  } catch (err) {
    if (!(err instanceof BackendError)) throw err
    return { err, ms: performance.now() - started }
  }
  throw new Error('the call succeeded')
}

t.test('production defaults: reads 10 s, writes 15 s, breaker opens after 5 failures for 15 s', async t => {
  t.equal(READ_DEADLINE_MS, 10_000)
  t.equal(WRITE_DEADLINE_MS, 15_000)
  t.equal(BREAKER_THRESHOLD, 5)
  t.equal(BREAKER_HALF_OPEN_MS, 15_000)
  // The production source deadline, whatever a test app loaded earlier in this process set (test/helpers/build.ts).
  const before = sourceDeadlineMs()
  setSourceDeadline(SOURCE_DEADLINE_MS)
  const backend = createHttpBackend({ service: 'Sonarr', baseUrl: 'http://127.0.0.1:9', urlVar: 'SERIES_MANAGER_URL' })
  setSourceDeadline(before)
  t.teardown(() => backend.close())
  t.same(backend.deadlines, { readMs: 10_000, writeMs: 15_000 }, 'a backend built without options uses them')
  t.same(backend.circuit(), { state: 'closed', failures: 0 })
})

t.test('a read of a hung backend fails within its deadline, retries included, naming the service', async t => {
  const hung = await hungBackend(t)
  const backend = createHttpBackend({ service: 'Sonarr', baseUrl: hung.url, urlVar: 'SERIES_MANAGER_URL', readDeadlineMs: 300 })
  t.teardown(() => backend.close())
  // A read that asks for longer still gets the read deadline.
  const { err, ms } = await failure(() => backend.call({ path: '/api/v3/series', deadlineMs: 60_000 }))
  t.ok(ms >= 290, `failed after ${Math.round(ms)} ms`)
  // One deadline for the whole call: the first attempt hangs until it, so no retry is sent (a per-attempt deadline
  // would send three).
  t.ok(hung.state.requests <= 1, 'no retry after the call\'s deadline')
  t.equal(err.code, 'timeout')
  t.equal(err.message, 'Sonarr did not answer in 300 ms. Check that it is running and not overloaded, then retry.')
  t.notMatch(err.message, /internal error/i)
})

t.test('a read-only RPC sent as POST gets the read deadline; a write keeps its longer one', async t => {
  const hung = await hungBackend(t)
  const backend = createHttpBackend({ service: 'aria2', baseUrl: hung.url, urlVar: 'ARIA2_RPC_URL', readDeadlineMs: 150, deadlineMs: 700 })
  t.teardown(() => backend.close())
  const read = await failure(() => backend.call({ method: 'POST', kind: 'read', path: '/jsonrpc', json: {} }))
  t.match(read.err.message, /^aria2 did not answer in 150 ms/, 'the read deadline, not the write one')
  const write = await failure(() => backend.call({ method: 'POST', path: '/jsonrpc', json: {} }))
  t.ok(write.ms >= 680, `write waited ${Math.round(write.ms)} ms, its own deadline`)
  t.match(write.err.message, /^aria2 did not answer in 700 ms/)
  const command = await failure(() => backend.call({ path: '/api/v3/release', kind: 'command', deadlineMs: 500 }))
  t.ok(command.ms >= 480, `a command waited ${Math.round(command.ms)} ms, the deadline it named`)
})

t.test('a cancelled call is not held against the backend', async t => {
  const hung = await hungBackend(t)
  const backend = createHttpBackend({ service: 'Sonarr', baseUrl: hung.url, urlVar: 'SERIES_MANAGER_URL', readDeadlineMs: 5_000, circuit: { threshold: 1 } })
  t.teardown(() => backend.close())
  const controller = new AbortController()
  const call = failure(() => backend.call({ path: '/api/v3/series', signal: controller.signal }))
  while (hung.state.requests === 0) await new Promise(resolve => setImmediate(resolve))
  controller.abort()
  t.match((await call).err.message, /was cancelled/)
  t.equal(backend.circuit().state, 'closed')
})

t.test('the breaker opens after N timeouts, fails fast while open, then half-opens and recovers', async t => {
  const hung = await hungBackend(t)
  // Open for a minute: the call that must fail fast comes long before it half-opens, however slow the machine.
  const backend = createHttpBackend({ service: 'Radarr', baseUrl: hung.url, urlVar: 'MOVIE_MANAGER_URL', readDeadlineMs: 400, circuit: { threshold: 3, halfOpenAfterMs: 60_000 } })
  t.teardown(() => backend.close())
  for (let i = 1; i <= 3; i++) {
    t.equal((await failure(() => backend.call({ path: '/api/v3/movie' }))).err.code, 'timeout')
    t.equal(backend.circuit().failures, i)
  }
  const open = backend.circuit()
  t.equal(open.state, 'open')
  t.ok(open.openedAt && open.retryAt && Date.parse(open.retryAt) - Date.parse(open.openedAt) === 60_000)
  const asked = hung.state.requests
  const fast = await failure(() => backend.call({ path: '/api/v3/movie' }))
  t.equal(hung.state.requests, asked, 'an open circuit sends nothing: it fails fast')
  t.match(fast.err.message, /^Radarr failed 3 times in a row, so calls to it are paused for about \d+ s more\. Check that it is running, then retry\. Last failure: Radarr did not answer in 400 ms\./)
  t.match(open.lastError, /^Radarr did not answer in 400 ms/, 'the cause is kept for /health')
  t.equal(fast.err.code, 'unavailable')

  // Recovery: a circuit that half-opens after 400 ms, waited for at least that long (a slower machine waits longer).
  const recovering = createHttpBackend({ service: 'Radarr', baseUrl: hung.url, urlVar: 'MOVIE_MANAGER_URL', readDeadlineMs: 400, circuit: { threshold: 1, halfOpenAfterMs: 400 } })
  t.teardown(() => recovering.close())
  await failure(() => recovering.call({ path: '/api/v3/movie' }))
  t.equal(recovering.circuit().state, 'open')
  hung.state.answer = true
  await untilRetryAt(recovering)
  const res = await recovering.call({ path: '/api/v3/movie' })
  t.same(res.data, [], 'after the pause one call goes through as a test, and succeeds')
  t.same(recovering.circuit(), { state: 'closed', failures: 0 })
})

t.test('an open circuit keeps the cause: unreachable, with the URL and the variable to check', async t => {
  const closed = createServer()
  await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise<void>(resolve => closed.close(() => resolve()))
  const backend = createHttpBackend({ service: 'Sonarr', baseUrl: url, urlVar: 'SERIES_MANAGER_URL', readDeadlineMs: 2_000, circuit: { threshold: 2, halfOpenAfterMs: 15_000 } })
  t.teardown(() => backend.close())
  for (let i = 0; i < 2; i++) await failure(() => backend.call({ path: '/api/v3/series' }))
  const paused = (await failure(() => backend.call({ path: '/api/v3/series' }))).err.message
  t.match(paused, /^Sonarr failed 2 times in a row, so calls to it are paused for about 15 s more\./)
  t.ok(paused.includes(`Last failure: Sonarr is unreachable at ${url} (ECONNREFUSED): check that it is running and that SERIES_MANAGER_URL is right.`), paused)
  t.match(backend.circuit(), { state: 'open', failures: 2, lastError: `Sonarr is unreachable at ${url} (ECONNREFUSED): check that it is running and that SERIES_MANAGER_URL is right.` })
})

t.test('a half-open test call that times out opens the circuit again', async t => {
  const hung = await hungBackend(t)
  const backend = createHttpBackend({ service: 'Radarr', baseUrl: hung.url, urlVar: 'MOVIE_MANAGER_URL', readDeadlineMs: 80, circuit: { threshold: 1, halfOpenAfterMs: 200 } })
  t.teardown(() => backend.close())
  await failure(() => backend.call({ path: '/api/v3/movie' }))
  const first = backend.circuit().openedAt
  await untilRetryAt(backend)
  const test = failure(() => backend.call({ path: '/api/v3/movie' }))
  t.equal(backend.circuit().state, 'half-open')
  t.equal((await test).err.code, 'timeout')
  t.equal(backend.circuit().state, 'open')
  t.not(backend.circuit().openedAt, first)
})

t.test('a real client passes the options through: Sonarr on a hung backend', async t => {
  const hung = await hungBackend(t)
  const sonarr = createSonarrClient({ baseUrl: hung.url, apiKey: 'k'.repeat(32), urlVar: 'SERIES_MANAGER_URL', keyVar: 'SERIES_MANAGER_API_KEY', readDeadlineMs: 120, circuit: { threshold: 2 } })
  t.teardown(() => sonarr.close())
  const { err } = await failure(() => sonarr.listSeries())
  t.ok(hung.state.requests <= 1, 'no retry after the deadline given')
  t.equal(err.message, 'Sonarr did not answer in 120 ms. Check that it is running and not overloaded, then retry.')
  await failure(() => sonarr.listSeries())
  t.equal(sonarr.circuit().state, 'open')
})
