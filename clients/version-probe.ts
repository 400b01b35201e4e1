// The background probe most clients share: not configured → said so with the variable(s) to set; else one
// version read under 5 s, timed, its failure told by its public message.
import { BackendError } from '../core/errors.js'
import type { ProbeResult } from './http.js'

export async function versionProbe (service: string, configured: boolean, toSet: string, version: (signal: AbortSignal) => Promise<{ version: string }>): Promise<ProbeResult> {
  const started = performance.now()
  const base = { service, configured, checkedAt: new Date().toISOString() }
  if (!configured) return { ...base, reachable: false, error: `${service} is not configured: set ${toSet}.` }
  try {
    const s = await version(AbortSignal.timeout(5_000))
    return { ...base, reachable: true, version: s.version, latencyMs: Math.round(performance.now() - started) }
  } catch (err) {
    return { ...base, reachable: false, error: err instanceof BackendError ? err.message : `${service} could not be reached.` }
  }
}
