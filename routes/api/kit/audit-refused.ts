// The answer of an /api route whose change could not be recorded in the audit trail first: it did not run.
import type { FastifyReply } from 'fastify'
import type { AuditUnavailableError } from '../../../lib/audit/store.js'

/** 503 with the reason when a change cannot be recorded first (it did not run). */
export function auditRefused (reply: FastifyReply, err: AuditUnavailableError) {
  return reply.code(503).send({ error: 'audit_unavailable', message: `Not done: every change is recorded in the audit log first, and ${err.message.replace(/^The audit log/, 'the audit log')}.`, hint: 'Check that STATE_DIR is writable and has free space, then try again.' })
}
