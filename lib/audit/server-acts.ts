// What the server changes by itself or on a preview call (no tool call records it): leaving-soon marks, notices
// sent, keep links that expired. Each is one audit entry with the server as its principal, so activity_log's
// server view and the dashboard's "Who did what" say "server", never a caller's credential ("internal" is the
// chat bot's key). The titles go in as target lines that name kind and year ("Bright Garden" is a series and a
// movie in the demo), so a row reads on its own.
import type { AuditOutcome, AuditPrincipal, AuditSource, AuditStore } from './store.js'

/** The server acting on its own: a background check, a notice, a mark set while previewing. */
export const SERVER_PRINCIPAL: AuditPrincipal = Object.freeze({ id: 'server', kind: 'server', clientId: 'server' })

export interface ServerAct {
  /** notice: a notice sent; server: a change the server made in its own state. */
  source: Extract<AuditSource, 'notice' | 'server'>
  action: string
  /** Already redacted (no secret belongs here). */
  args: unknown
  targets?: string[]
  outcome?: Extract<AuditOutcome, 'ok' | 'error'>
  error?: string
}

/** Records one act of the server at once (begin and finish): it already happened, so nothing waits on the entry. */
export function recordServerAct (store: AuditStore, act: ServerAct): void {
  const id = store.begin({ source: act.source, action: act.action, principal: SERVER_PRINCIPAL, args: act.args, ...(act.targets ? { targets: act.targets } : {}) })
  store.finish(id, { outcome: act.outcome ?? 'ok', ...(act.error !== undefined ? { error: act.error } : {}) })
}

/** A title as a row names it: "Bright Garden" (series, 2019). */
export function titleLine (t: { title: string, kind?: string, year?: number }): string {
  const what = [t.kind, t.year ? String(t.year) : ''].filter(Boolean).join(', ')
  return `${JSON.stringify(t.title)}${what ? ` (${what})` : ''}`
}

/** A notice as a row names it: "leaving notice to household by ntfy://ntfy.example". */
export function noticeLine (event: string, to: string, channel: string): string {
  return `${event} notice to ${to} by ${channel}`
}
