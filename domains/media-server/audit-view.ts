// activity_log's server view: this server's own audit trail (lib/audit), shaped as activity entries so one
// output schema serves both views. Arguments and targets were redacted when they were stored.
import { Type } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'
import { AuditUnavailableError, whoOf, type AuditEntry, type AuditOutcome, type AuditQuery, type AuditStore } from '../../lib/audit/store.js'
import { summaryOf } from '../../lib/audit/describe.js'

export const AuditFields = {
  principal: Type.Optional(Type.String({ description: 'Who' })),
  outcome: Type.Optional(Type.String({ description: 'ok (done), declined (by the person), refused (nothing ran), error (failed), pending or interrupted' })),
  arguments: Type.Optional(Type.Unknown({ description: 'Secrets redacted' })),
  targets: Type.Optional(Type.Unknown({ description: 'What it acted on' })),
  jobId: Type.Optional(Type.String({ description: 'Job it started' }))
}

const SEVERITY: Record<AuditOutcome, 'Information' | 'Warning' | 'Error'> = {
  ok: 'Information', pending: 'Information', declined: 'Information', refused: 'Warning', interrupted: 'Warning', error: 'Error'
}
const AT_LEAST: Record<'Warning' | 'Error', AuditOutcome[]> = { Warning: ['refused', 'interrupted', 'error'], Error: ['error'] }
const SOURCE_TEXT: Record<string, string> = { tool: 'called', confirm: 'confirmed', setup: 'ran', dashboard: 'used the dashboard:', task: 'asked for', notice: 'sent', server: 'recorded' }

export interface ServerViewArgs {
  principal?: string
  tool?: string
  minSeverity: 'all' | 'Warning' | 'Error'
  offset: number
  limit: number
}

function queryOf (args: ServerViewArgs, sinceMs: number | undefined): AuditQuery {
  return {
    offset: args.offset,
    limit: args.limit,
    ...(args.principal !== undefined ? { principal: args.principal } : {}),
    ...(args.tool !== undefined ? { action: args.tool } : {}),
    ...(sinceMs !== undefined ? { sinceMs } : {}),
    ...(args.minSeverity !== 'all' ? { outcomes: AT_LEAST[args.minSeverity] } : {})
  }
}

function listed (store: AuditStore, query: AuditQuery) {
  try {
    return store.list(query)
  } catch (err) {
    if (err instanceof AuditUnavailableError) throw new ToolError(`${err.message}. Check that STATE_DIR is writable, then try again.`)
    throw err
  }
}

export function serverView (store: AuditStore, args: ServerViewArgs, sinceMs: number | undefined) {
  const page = listed(store, queryOf(args, sinceMs))
  return { items: page.items.map(entryView), total: page.total, byOutcome: page.byOutcome, scanLimited: false }
}

/** Entries a person other than the owner may see at most are looked for among this many of the newest. */
export const PERSON_SCAN_LIMIT = 500

/**
 * The server view of a person other than the owner: only entries of these actions that `sees` keeps, looked for
 * among the newest PERSON_SCAN_LIMIT; the others are neither listed nor counted (domains/media-server/audit-titles.ts).
 */
export async function personServerView (store: AuditStore, args: ServerViewArgs, sinceMs: number | undefined, actions: readonly string[], sees: (e: AuditEntry) => Promise<boolean>) {
  const scan = listed(store, { ...queryOf(args, sinceMs), actions: args.tool === undefined ? actions : actions.filter(a => a === args.tool), offset: 0, limit: PERSON_SCAN_LIMIT })
  const keep = await Promise.all(scan.items.map(sees))
  const kept = scan.items.filter((_, i) => keep[i])
  const byOutcome: Partial<Record<AuditOutcome, number>> = {}
  for (const e of kept) byOutcome[e.outcome] = (byOutcome[e.outcome] ?? 0) + 1
  return { items: kept.slice(args.offset, args.offset + args.limit).map(entryView), total: kept.length, byOutcome, scanLimited: scan.total > scan.items.length }
}

function entryView (e: AuditEntry) {
  const verb = SOURCE_TEXT[e.source] ?? e.source
  return {
    id: e.id,
    date: e.at,
    severity: SEVERITY[e.outcome],
    type: e.action,
    name: `${whoOf(e)} ${verb} ${summaryOf(e)}`,
    ...(e.error !== undefined ? { detail: e.error } : {}),
    principal: whoOf(e),
    outcome: e.outcome,
    arguments: e.args,
    ...(e.targets !== undefined ? { targets: e.targets } : {}),
    ...(e.jobId !== undefined ? { jobId: e.jobId } : {})
  }
}
