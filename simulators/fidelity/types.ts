// One row of the fidelity table: a backend endpoint (or RPC method) a client calls or a simulator serves, the
// real service's source file that defines its behaviour, and the behaviours of that source the simulators
// reproduce and the clients rely on. Rows are read in the real source at the tag named; they cite it, never copy it.
import type { Service } from './client-calls.js'

export type { Service } from './client-calls.js'

export interface SourceRef {
  /** GitHub owner/name. */
  repo: string
  /** File in that repository. */
  path: string
  /** Release tag (or branch@commit where the project tags no releases). */
  tag: string
}

export interface FidelityRow {
  service: Service
  /** HTTP verb, or RPC for a JSON-RPC method. */
  method: string
  /** Route as the client calls it, path parameters named in braces (/Items/{itemId}), or the RPC method. */
  path: string
  source: SourceRef
  behaviours: string[]
  /**
   * Set on a row whose call another change in progress adds or removes: says which, and what to do once it is
   * merged. The test tolerates that no client calls a pending row.
   */
  pending?: string
  /**
   * Set on a row no client calls, for a route only a simulator serves: says who uses it (tests mark play state
   * through it, the demo…). The test requires that a simulator serves it and that no client calls it.
   */
  simulatorOnly?: string
}

/** Route with parameter names dropped, for matching the client scan (/Items/{itemId} → /Items/{}). */
export function routeKey (method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]*\}/g, '{}')}`
}
