// What each read tool asked the backends for during the large-library run: requests per route and bytes
// answered, from the simulators' request logs. Unlike the timings these figures do not depend on machine load,
// so they are the deterministic evidence that a read about one title never pulls a whole library.
import type { RequestLog } from '../simulators/request-log.js'

export interface BackendTraffic { requests: number, bytes: number, ms: number, routes: Record<string, { requests: number, bytes: number, ms: number }> }

export function trafficOf (logs: Record<string, RequestLog>): BackendTraffic {
  const out: BackendTraffic = { requests: 0, bytes: 0, ms: 0, routes: {} }
  for (const [service, log] of Object.entries(logs)) {
    for (const r of log.all()) {
      const key = `${service} ${r.route}`
      const row = out.routes[key] ??= { requests: 0, bytes: 0, ms: 0 }
      row.requests++
      row.bytes += Math.max(0, r.bytes)
      row.ms += r.ms
      out.requests++
      out.bytes += Math.max(0, r.bytes)
      out.ms += r.ms
    }
  }
  return out
}

function size (bytes: number) {
  const n = Math.round(bytes)
  return n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`
}

/** One line per read tool: backend requests, bytes and simulator time per call, then each route's share. */
export function describeTraffic (t: BackendTraffic, calls: number): string {
  const routes = Object.entries(t.routes).sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([route, r]) => `${route} ×${r.requests} (${size(r.bytes)}, ${Math.round(r.ms)} ms)`).join(', ')
  return `    backends: ${(t.requests / calls).toFixed(1)} requests, ${size(t.bytes / calls)}, ${Math.round(t.ms / calls)} ms answering per call; ${routes || 'none'}`
}
