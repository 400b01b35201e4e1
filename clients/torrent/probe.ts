// The background probe of a torrent client: its version when it answers, else why not (never a stack trace).
import { BackendError, ToolError } from '../../core/errors.js'
import type { ProbeResult } from '../http.js'

export async function probeVersion (service: string, version: () => Promise<string>): Promise<ProbeResult> {
  const started = performance.now()
  const base = { service, configured: true, checkedAt: new Date().toISOString() }
  try {
    const app = await version()
    return { ...base, reachable: true, version: app, latencyMs: Math.round(performance.now() - started) }
  } catch (err) {
    return { ...base, reachable: !(err instanceof BackendError) || err.code !== 'unavailable', error: err instanceof ToolError ? err.message : 'probe failed' }
  }
}
