// GET /health: answers from the background probe, never probes on the request path, shows no secrets.
import t from 'tap'
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import configPlugin from '../../plugins/config.js'
import jobsPlugin from '../../plugins/jobs.js'
import backendProbe, { type BackendProbeOptions } from '../../plugins/backend-probe.js'
import healthRoutes from '../../routes/health.js'
import type { BackendClientBase } from '../../clients/types.js'
import type { ProbeResult } from '../../clients/http.js'
import { BackendError } from '../../core/errors.js'
import { buildTestApp, makeRoots, testConfig } from '../helpers/build.js'
import { until } from '../helpers/until.js'

const SECRET = 'sonarr-key-abcdef0123456789abcdef'
const pkgVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

type Probe = () => Promise<ProbeResult>
const ok = (service: string, extra: Partial<ProbeResult> = {}): Probe => async () => ({ service, configured: true, reachable: true, latencyMs: 12.6, version: '4.0.1', checkedAt: new Date().toISOString(), ...extra })

async function build (t: { teardown: (fn: () => unknown) => void }, probes: Record<string, Probe>, probeOptions: BackendProbeOptions = {}) {
  const roots = makeRoots()
  t.teardown(roots.cleanup)
  const calls: Record<string, number> = {}
  const clients: Record<string, BackendClientBase> = {}
  for (const [name, probe] of Object.entries(probes)) clients[name] = { probe: () => { calls[name] = (calls[name] ?? 0) + 1; return probe() } }
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config: testConfig(roots, { SERIES_MANAGER_API_KEY: SECRET }) })
  await app.register(jobsPlugin)
  await app.register(fp(async a => { a.decorate('backends', clients as never) }, { name: 'backends' }))
  await app.register(backendProbe, { timeoutMs: 100, ...probeOptions })
  await app.register(healthRoutes)
  await app.ready()
  t.teardown(() => app.close())
  return { app, calls }
}

t.test('reports version, uptime, jobs and the last probe of each backend', async t => {
  const { app } = await build(t, { jellyfin: ok('Jellyfin', { version: '10.11.11' }), sonarr: ok('Sonarr', { apiKey: SECRET } as never) })
  await until(() => app.backendStatus().length === 2)
  let release: () => void = () => {}
  app.jobs.start({ kind: 'k', owner: 'internal', description: 'd', run: () => new Promise<void>(resolve => { release = resolve }) })
  app.jobs.start({ kind: 'k', owner: 'internal', description: 'd', run: async () => {} })
  const res = await app.inject('/health')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  const body = res.json()
  t.equal(body.status, 'ok')
  t.equal(body.version, pkgVersion)
  t.ok(Number.isInteger(body.uptimeSeconds) && body.uptimeSeconds >= 0)
  t.same(body.jobs, { running: 1, queued: 1 })
  t.same(body.backends.map((b: ProbeResult) => b.service), ['Jellyfin', 'Sonarr'])
  t.match(body.backends[0], { configured: true, reachable: true, latencyMs: 13, version: '10.11.11', versionStatus: 'supported' })
  t.notOk('warning' in body.backends[0], 'a supported version has no warning')
  t.notOk(res.body.includes(SECRET), 'no secret, even one a client put in its probe result')
  release()
})

t.test('a configured backend that is down makes the status degraded; an unconfigured one does not', async t => {
  const { app } = await build(t, {
    jellyfin: ok('Jellyfin', { version: '10.11.11' }),
    radarr: ok('Radarr', { configured: false, reachable: false, error: 'Radarr is not configured: set MOVIE_MANAGER_API_KEY.' })
  })
  await until(() => app.backendStatus().length === 2)
  t.equal((await app.inject('/health')).json().status, 'ok')

  const down = await build(t, { sonarr: async () => { throw new BackendError('Sonarr', 'Sonarr is unreachable at http://sonarr:8989 (ECONNREFUSED).', undefined, 'unavailable') } })
  await until(() => down.app.backendStatus().length === 1)
  const body = (await down.app.inject('/health')).json()
  t.equal(body.status, 'degraded')
  t.match(body.backends[0], { service: 'sonarr', reachable: false, error: /ECONNREFUSED/ })
})

t.test('an unsupported backend version: one warning in /health and status degraded', async t => {
  const { app } = await build(t, { sonarr: ok('Sonarr', { version: '3.0.10.1567' }), jellyfin: ok('Jellyfin', { version: '10.11.11' }) })
  await until(() => app.backendStatus().length === 2)
  const body = (await app.inject('/health')).json()
  t.equal(body.status, 'degraded', 'a configured backend on an unsupported version degrades the status')
  t.match(body.backends[0], { service: 'Sonarr', reachable: true, version: '3.0.10.1567', versionStatus: 'unsupported', warning: /Sonarr 3\.0\.10\.1567 is not supported \(this server supports v4.*Upgrade Sonarr\./ })
  t.notOk('warning' in body.backends[1])
  t.equal(app.backendWarning('sonarr'), body.backends[0].warning, 'the tool registry reads the same warning')
  t.equal(app.backendWarning('Jellyfin'), undefined)
})

t.test('an untested newer major warns without degrading; an unreadable version gets no verdict', async t => {
  const { app } = await build(t, {
    qbittorrent: ok('qBittorrent', { version: 'v6.0.0' }),
    aria2: ok('aria2', { version: 'managed (starts on first use)' })
  })
  await until(() => app.backendStatus().length === 2)
  const body = (await app.inject('/health')).json()
  t.equal(body.status, 'ok')
  t.match(body.backends[0], { versionStatus: 'untested', warning: /qBittorrent v6\.0\.0 is newer than the versions this server was checked against \(4\.5–5\.x\)/ })
  t.notOk('versionStatus' in body.backends[1] || 'warning' in body.backends[1])
})

t.test('each probe has its own timeout, and unexpected errors are not shown', async t => {
  const { app } = await build(t, {
    slow: () => new Promise(() => {}),
    buggy: async () => { throw new Error(`boom with ${SECRET}`) },
    fine: ok('Fine')
  })
  await until(() => app.backendStatus().length === 3)
  const [slow, buggy, fine] = app.backendStatus()
  t.match(slow, { service: 'slow', reachable: false, error: 'No answer within 0.1 s.' })
  t.match(buggy, { service: 'buggy', reachable: false, error: /failed unexpectedly/ })
  t.notOk(JSON.stringify(buggy).includes(SECRET))
  t.equal(fine.reachable, true, 'one slow backend does not hold back the others')
})

t.test('probes run in the background, repeat, and never on the request path', async t => {
  const manual = await build(t, { jellyfin: ok('Jellyfin') }, { autoStart: false })
  for (let i = 0; i < 5; i++) await manual.app.inject('/health')
  t.equal(manual.calls.jellyfin, undefined, '/health did not probe')
  t.same(await manual.app.refreshBackendStatus(), manual.app.backendStatus())
  t.equal(manual.calls.jellyfin, 1)

  const auto = await build(t, { jellyfin: ok('Jellyfin') }, { intervalMs: 30, jitterMs: 10 })
  // A twin left running is the measure of "later": the closed one probes no more while the twin probes three times.
  const twin = await build(t, { jellyfin: ok('Jellyfin') }, { intervalMs: 30, jitterMs: 10 })
  await until(() => (auto.calls.jellyfin ?? 0) >= 3)
  await auto.app.close()
  const after = auto.calls.jellyfin
  const twinAfter = twin.calls.jellyfin ?? 0
  await until(() => (twin.calls.jellyfin ?? 0) >= twinAfter + 3)
  t.equal(auto.calls.jellyfin, after, 'timers are released on close')
})

t.test('the real app serves /health', async t => {
  const { app } = await buildTestApp(t)
  const res = await app.inject('/health')
  t.equal(res.statusCode, 200)
  t.match(res.json(), { version: pkgVersion, jobs: { running: 0, queued: 0 } })
  t.equal(typeof app.backendStatus, 'function')
})
