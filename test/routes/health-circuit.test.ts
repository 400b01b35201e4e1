// /health shows each backend's circuit breaker: closed, open after repeated timeouts (status degraded), closed
// again once the backend answers. A real Sonarr client against a loopback backend that hangs, then answers.
import t from 'tap'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import configPlugin from '../../plugins/config.js'
import jobsPlugin from '../../plugins/jobs.js'
import backendProbe from '../../plugins/backend-probe.js'
import healthRoutes from '../../routes/health.js'
import { createSonarrClient } from '../../clients/servarr/sonarr.js'
import { makeRoots, testConfig } from '../helpers/build.js'
import { until } from '../helpers/until.js'

t.test('the breaker opens after repeated timeouts, /health shows it, then it recovers', async t => {
  const backend = { answer: false }
  const held: ServerResponse[] = []
  const server = createServer((req, res) => {
    if (!backend.answer) { held.push(res); return }
    const body = req.url?.startsWith('/api/v3/system/status') ? { version: '4.0.19.2979' } : []
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>(resolve => {
    for (const res of held) res.destroy()
    server.closeAllConnections()
    server.close(() => resolve())
  }))
  const sonarr = createSonarrClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: 'k'.repeat(32),
    urlVar: 'SERIES_MANAGER_URL',
    keyVar: 'SERIES_MANAGER_API_KEY',
    readDeadlineMs: 500,
    circuit: { threshold: 2, halfOpenAfterMs: 300 }
  })
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config: testConfig(roots) })
  await app.register(jobsPlugin)
  await app.register(fp(async a => { a.decorate('backends', { sonarr } as never) }, { name: 'backends' }))
  await app.register(backendProbe, { autoStart: false, timeoutMs: 2_000 })
  await app.register(healthRoutes)
  await app.ready()
  t.teardown(async () => { await app.close(); await sonarr.close() })

  backend.answer = true
  await app.refreshBackendStatus()
  let body = (await app.inject('/health')).json()
  t.equal(body.status, 'ok')
  t.same(body.backends[0].circuit, { state: 'closed', failures: 0 })

  backend.answer = false
  for (let i = 0; i < 2; i++) await t.rejects(sonarr.listSeries(), { message: /^Sonarr did not answer in 500 ms/ })
  body = (await app.inject('/health')).json()
  t.equal(body.backends[0].circuit.state, 'open', 'read live, without waiting for the next probe')
  t.equal(body.backends[0].circuit.failures, 2)
  t.type(body.backends[0].circuit.retryAt, 'string')
  t.match(body.backends[0].circuit.lastError, /^Sonarr did not answer in 500 ms/, 'the cause, not only that it is paused')
  t.equal(body.status, 'degraded')
  await t.rejects(sonarr.listSeries(), { message: /^Sonarr failed 2 times in a row, so calls to it are paused/ })

  backend.answer = true
  // The breaker reads the wall clock: wait until the time it names for its test call has come.
  const retryAt = Date.parse(sonarr.circuit().retryAt!)
  await until(() => Date.now() >= retryAt)
  await app.refreshBackendStatus() // the probe is the half-open test call
  body = (await app.inject('/health')).json()
  t.same(body.backends[0].circuit, { state: 'closed', failures: 0 })
  t.equal(body.status, 'ok')
  t.equal(body.backends[0].reachable, true)
})
