// The dashboard's "Who did what" panel: the audit trail (lib/audit), newest first, paged and filterable.
// Arguments and targets were redacted when stored; this view adds nothing that was not.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { pagingFields } from '../../../core/paging.js'
import { AuditUnavailableError, whoOf } from '../../../lib/audit/store.js'
import { summaryOf, whatOf } from '../../../lib/audit/describe.js'
import { recordAction } from '../../../lib/audit/action.js'
import { auditPrincipal } from '../../../lib/audit/tool-calls.js'
import { auditRefused } from '../kit/audit-refused.js'

export const AuditQuery = Type.Object({
  principal: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only this credential id, OAuth client id or bot user' })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this tool or action, e.g. movie_remove' })),
  // Query values arrive as text (the /api validator does not coerce).
  offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description: 'Entries to skip (default 0)' })),
  limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$', description: 'Page size, 1 to 100 (default 25)' }))
}, { additionalProperties: false })

export const AuditItem = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: 'When it started (ISO 8601)' }),
  source: Type.String({ description: 'tool, confirm, setup or dashboard' }),
  action: Type.String({ description: 'Tool name or action' }),
  who: Type.String({ description: 'The credential (and the bot user it acted for)' }),
  outcome: Type.String({ description: 'ok (done), declined (by the person), refused (nothing ran), error (failed), pending or interrupted' }),
  what: Type.String({ description: 'The tool or action and the titles or paths it acted on' }),
  summary: Type.String({ description: 'What and how it ended, in words for a person' }),
  error: Type.Optional(Type.String({ description: 'Why it failed or was refused' })),
  arguments: Type.Unknown({ description: 'The arguments, secrets redacted' }),
  targets: Type.Optional(Type.Unknown({ description: 'What it acted on' })),
  jobId: Type.Optional(Type.String({ description: 'The job it started' })),
  durationMs: Type.Optional(Type.Integer())
})

export const AuditSection = Type.Object(pagingFields(AuditItem, 'audit entries (newest first)'))

export function auditHandler (app: FastifyInstance) {
  return async (request: FastifyRequest<{ Querystring: Static<typeof AuditQuery> }>, reply: FastifyReply) => {
    const q = { ...request.query, offset: Number(request.query.offset ?? 0), limit: Number(request.query.limit ?? 25) }
    let page
    try {
      page = app.audit.store.list({ offset: q.offset, limit: q.limit, ...(q.principal ? { principal: q.principal } : {}), ...(q.action ? { action: q.action } : {}) })
    } catch (err) {
      if (!(err instanceof AuditUnavailableError)) throw err
      return reply.code(503).send({ error: 'audit_unavailable', message: err.message, hint: 'Check that STATE_DIR is writable; changes are refused until it is.' })
    }
    const items = page.items.map(e => ({
      id: e.id,
      at: e.at,
      source: e.source,
      action: e.action,
      who: whoOf(e),
      outcome: e.outcome,
      what: whatOf(e),
      summary: summaryOf(e),
      ...(e.error !== undefined ? { error: e.error } : {}),
      arguments: e.args,
      ...(e.targets !== undefined ? { targets: e.targets } : {}),
      ...(e.jobId !== undefined ? { jobId: e.jobId } : {}),
      ...(e.durationMs !== undefined ? { durationMs: e.durationMs } : {})
    }))
    return { items, total: page.total, offset: q.offset, limit: q.limit, hasMore: q.offset + items.length < page.total }
  }
}

type Handler = (request: any, reply: FastifyReply) => Promise<unknown>

/** A dashboard action recorded in the audit trail: who, which session or job, and the answer it got. */
export function auditedAction (app: FastifyInstance, action: string, handler: Handler): Handler {
  return async (request: FastifyRequest, reply) => {
    const { redact, store } = app.audit
    const start = { source: 'dashboard' as const, action, principal: auditPrincipal(request.principal!), args: redact({ ...request.params as object, ...request.body as object }), targets: redact(request.params) }
    try {
      return await recordAction(store, start, () => handler(request, reply),
        // A 4xx answer turned the action down (no such job, already ended): nothing was done.
        () => reply.statusCode < 400 ? { outcome: 'ok' } : { outcome: reply.statusCode < 500 ? 'refused' : 'error', error: `answered HTTP ${reply.statusCode}` })
    } catch (err) {
      if (err instanceof AuditUnavailableError) return auditRefused(reply, err)
      throw err
    }
  }
}
