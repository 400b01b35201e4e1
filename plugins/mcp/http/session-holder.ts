// What the session caps see of a principal, and the answer to an initialize a cap refused.
import type { Principal } from '../../../core/principal.js'
import type { Holder, RefusalReason, SessionLimits } from './session-store.js'

/** The internal key is kept room; an OAuth grant counts against its client registration and registering address. */
export function holderOf (principal: Principal): Holder {
  if (principal.kind !== 'oauth') return { id: principal.id, kept: true }
  return {
    id: principal.id,
    client: principal.clientId,
    ...(principal.registeredFrom !== undefined && { source: principal.registeredFrom })
  }
}

export interface Refusal { status: number, message: string, retryAfter: string }

const CLOSE = 'Close the sessions you no longer use (DELETE /mcp with their Mcp-Session-Id)'

/** Status and a message saying which cap was reached and what to do next. */
export function refusalOf (reason: RefusalReason, limits: Readonly<SessionLimits>): Refusal {
  const idle = `idle ones close after ${Math.round(limits.idleMs / 60_000)} minutes`
  switch (reason) {
    case 'principal':
      return { status: 429, retryAfter: '60', message: `This credential is opening ${limits.perPrincipal} MCP sessions at once, the most one credential may hold. Wait for those to finish initializing, and close the ones you no longer use (DELETE /mcp with their Mcp-Session-Id).` }
    case 'client':
      return { status: 429, retryAfter: '60', message: `The sign-ins of this application (one OAuth client registration) hold ${limits.perClient} MCP sessions, the most one registration may hold, and this sign-in has no idle session to give up. ${CLOSE}; ${idle}.` }
    case 'source':
      return { status: 429, retryAfter: '60', message: `The applications registered from this application's address hold ${limits.perSource} MCP sessions, the most one address's registrations may hold, and this sign-in has no idle session to give up. ${CLOSE}; ${idle}.` }
    case 'full':
      return { status: 503, retryAfter: '30', message: `Too many open MCP sessions (limit ${limits.max}). ${CLOSE}, or retry later; ${idle}.` }
  }
}
