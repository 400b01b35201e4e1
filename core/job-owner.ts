// The one owner rule for background jobs, on every road that acts on one or lists them for a caller
// (check_jobs cancel, MCP tasks and job resources, the dashboard's jobs API and live stream): a credential
// sees and acts on the jobs it started. The internal key, which the chat bot uses for its people, may also act
// on the jobs of the principal it names (`actor`; only the internal key may name one, see principal.ts).
import type { Principal } from './principal.js'

export function ownsJob (caller: Pick<Principal, 'id'> & Partial<Pick<Principal, 'kind' | 'actor'>>, job: { owner: string }): boolean {
  if (job.owner === caller.id) return true
  return caller.kind === 'internal' && caller.actor !== undefined && job.owner === caller.actor
}
