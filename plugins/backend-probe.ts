// Background reachability probe of every backend client (allBackends): first run right after ready, then
// every ~30 s with jitter, each probe under its own short timeout. /health and the dashboard read the last
// results through app.backendStatus(); nothing is ever probed on a request path. A reported version outside
// the supported range (lib/backend-versions.ts) adds a warning there, logged once, and tool errors of that
// backend name it (app.backendWarning, read by the tool registry).
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { BackendError } from '../core/errors.js'
import { DeadlineError, withDeadline } from '../core/deadline.js'
import type { BackendClientBase } from '../clients/types.js'
import type { ProbeResult } from '../clients/http.js'
import type { CircuitStatus } from '../clients/circuit.js'
import { versionVerdict } from '../lib/backend-versions.js'
import { displayUrlsIn } from '../core/display-url.js'

/** A probe result as /health shows it: with the verdict on the reported version. */
export interface BackendStatus extends ProbeResult {
  /** supported, unsupported (older than the supported range) or untested (a newer major); absent when unknown. */
  versionStatus?: 'supported' | 'unsupported' | 'untested'
  /** The one warning about the version, when it is not supported. */
  warning?: string
  /** The circuit breaker's state now (read live, not probed). */
  circuit?: CircuitStatus
}

export interface BackendProbeOptions {
  /** Spacing between probe rounds (default 30 s). */
  intervalMs?: number
  /** Random extra delay added to each spacing, so restarts do not probe in lockstep (default 5 s). */
  jitterMs?: number
  /** Per-probe limit (default 5 s). */
  timeoutMs?: number
  /** false: no background rounds, only refreshBackendStatus() (tests that must not touch the network). Default true. */
  autoStart?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The last probe result of each backend (empty until the first round finishes, right after ready). */
    backendStatus: () => BackendStatus[]
    /** Runs a probe round now (dashboard "check again"); concurrent calls share one round. */
    refreshBackendStatus: () => Promise<BackendStatus[]>
    /** The version warning of a backend (by service name), for its tool errors; undefined when none. */
    backendWarning: (service: string) => string | undefined
  }
}

function backendEntries (app: FastifyInstance): Array<[string, BackendClientBase]> {
  return Object.entries(app.backends as unknown as Record<string, BackendClientBase>)
}

export default fp<BackendProbeOptions>(async function backendProbe (app, opts) {
  const intervalMs = opts.intervalMs ?? 30_000
  const jitterMs = opts.jitterMs ?? 5_000
  const timeoutMs = opts.timeoutMs ?? 5_000
  const log = app.log.child({ plugin: 'backend-probe' })
  let results: BackendStatus[] = []
  /** Each probed service's client, so backendStatus() can add its live circuit state. */
  const clientOf = new Map<string, BackendClientBase>()
  let round: Promise<BackendStatus[]> | undefined
  const warned = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  async function probeOne (name: string, client: BackendClientBase): Promise<BackendStatus> {
    const previous = results.find(r => r.service === name || r.service.toLowerCase() === name.toLowerCase())
    const failed = (error: string): ProbeResult => ({
      service: previous?.service ?? name, configured: previous?.configured ?? true, reachable: false, checkedAt: new Date().toISOString(), error
    })
    try {
      return withVerdict(publicFields(await withDeadline(client.probe(), timeoutMs, `No answer within ${timeoutMs / 1000} s.`)))
    } catch (err) {
      if (err instanceof DeadlineError) return failed(err.message)
      if (err instanceof BackendError) return failed(err.message)
      log.warn({ backend: name, err }, 'backend probe failed unexpectedly')
      return failed('The check failed unexpectedly; see the server log.')
    }
  }

  function withVerdict (r: ProbeResult): BackendStatus {
    const verdict = versionVerdict(r.service, r.version)
    if (!verdict) return r
    if (verdict.kind === 'supported') return { ...r, versionStatus: 'supported' }
    const key = `${r.service} ${r.version}`
    if (!warned.has(key)) {
      warned.add(key)
      log.warn({ backend: r.service, version: r.version }, verdict.warning)
    }
    return { ...r, versionStatus: verdict.kind, warning: verdict.warning }
  }

  function refresh (): Promise<BackendStatus[]> {
    round ??= Promise.all(backendEntries(app).map(async ([name, client]) => {
      const status = await probeOne(name, client)
      clientOf.set(status.service, client)
      return status
    }))
      .then(r => { if (!stopped) results = r; return results })
      .finally(() => { round = undefined })
    return round
  }

  function schedule () {
    if (stopped) return
    timer = setTimeout(() => { refresh().finally(schedule) }, intervalMs + Math.random() * jitterMs)
    timer.unref()
  }

  // Every reader (/health, the dashboard, setup, tools) gets the errors with each URL in them made displayable.
  const shown = (r: BackendStatus): BackendStatus => r.error === undefined ? { ...r } : { ...r, error: displayUrlsIn(r.error) }
  app.decorate('backendStatus', () => results.map(r => {
    const circuit = clientOf.get(r.service)?.circuit?.()
    return circuit ? { ...shown(r), circuit: circuit.lastError === undefined ? circuit : { ...circuit, lastError: displayUrlsIn(circuit.lastError) } } : shown(r)
  }))
  // A check asked for now answers from a round begun after the ask: a round already under way may have read a
  // backend before it went down (or came back), so it is waited out and a new one run.
  app.decorate('refreshBackendStatus', async () => {
    const underWay = round
    if (underWay) await underWay.catch(() => {})
    return (await refresh()).map(shown)
  })
  app.decorate('backendWarning', (service: string) =>
    results.find(r => r.service.toLowerCase() === service.toLowerCase())?.warning)
  if (opts.autoStart !== false) app.addHook('onReady', async () => { refresh().finally(schedule) })
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
  })
}, { name: 'backend-probe', dependencies: ['backends'] })

/** Copies only the documented fields, so a client can never leak extra data into /health. */
function publicFields (r: ProbeResult): ProbeResult {
  const out: ProbeResult = { service: String(r.service), configured: Boolean(r.configured), reachable: Boolean(r.reachable), checkedAt: String(r.checkedAt) }
  if (typeof r.latencyMs === 'number') out.latencyMs = Math.round(r.latencyMs)
  if (typeof r.version === 'string') out.version = r.version
  if (typeof r.error === 'string') out.error = r.error
  return out
}
