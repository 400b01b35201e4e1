// Wraps the tool registry so every call that asks for a change (a tool not read-only, or its hasEffects says so
// for these arguments) leaves an audit entry: stored before the tool runs — a call whose entry cannot be stored
// is refused and never runs — and completed with the outcome once the tool is done: ok (done), declined (the
// person said no), refused (a guard or a bad argument; nothing ran) or error (failed). A call that changed
// nothing — a preview, a question to the person, a repeat of a stored result, nothing to do — is not a change:
// its entry is dropped. A preview's targets are kept (by the hash of its token or of the person's pending
// confirmation, briefly) so the confirmed call is recorded with exactly what was previewed.
import type { Principal } from '../../core/principal.js'
import type { PersonConfirmation, ToolCallResult, ToolContext, ToolDefinition } from '../../core/tool-types.js'
import { plainLine } from '../../core/untrusted-text.js'
import { sha256hex } from '../secrets.js'
import type { ToolRegistry } from '../tools/registry.js'
import { changedNothing } from '../tools/no-change.js'
import type { Redactor } from './redact.js'
import { AuditUnavailableError, type AuditFinish, type AuditPrincipal, type AuditStore } from './store.js'

/** Argument fields that name what a call acts on (the full redacted arguments are stored too). */
const TARGET_FIELDS = [
  'id', 'ids', 'seriesId', 'movieId', 'episodeId', 'episodeIds', 'seasonNumber', 'jobId', 'downloadId', 'downloadIds', 'queueId',
  'packageId', 'hash', 'hashes', 'title', 'tvdbId', 'tmdbId', 'imdbId', 'path', 'paths', 'sourcePath', 'destination', 'url', 'urls', 'showName', 'name'
]
const PREVIEW_TTL_MS = 10 * 60_000
const MAX_PREVIEWS = 1000

export function auditPrincipal (p: Principal): AuditPrincipal {
  // A sign-in made for a person is recorded as that person (`person:<name>`), the way the bot's user is.
  const actor = p.actor ?? (p.person ? `person:${p.person.name}` : undefined)
  return { id: p.id, kind: p.kind, clientId: p.clientId, ...(actor ? { actor } : {}) }
}

/** The refusal a caller sees when the audit entry cannot be stored: nothing ran. */
export function auditRefusal (what: string, err: AuditUnavailableError): string {
  return `${what} was not run: every change is recorded in the audit log first, and ${err.message.replace(/^The audit log/, 'the audit log')}. ` +
    'Check that STATE_DIR is writable and has free space, then try again.'
}

export function auditedTools (tools: ToolRegistry, audit: AuditStore, redact: Redactor): ToolRegistry {
  const previews = new Map<string, { targets: unknown, until: number }>()

  function remember (token: string, targets: unknown) {
    const now = Date.now()
    for (const [k, v] of previews) if (v.until < now || previews.size >= MAX_PREVIEWS) previews.delete(k)
    previews.set(sha256hex(token), { targets: redact(targets), until: now + PREVIEW_TTL_MS })
  }

  function rememberPreview (result: ToolCallResult) {
    const c = result.structuredContent?.confirmation as { confirmToken?: unknown, targets?: unknown } | undefined
    if (typeof c?.confirmToken === 'string') remember(c.confirmToken, c.targets)
  }

  /** The person's question carries the pending confirmation and the exact targets, as the lines they read. */
  function watchQuestion (person: PersonConfirmation): PersonConfirmation {
    return { ...person, ask: async q => { remember(q.confirmation, q.targets); await person.ask(q) } }
  }

  async function call (name: string, rawArgs: unknown, ctx: ToolContext): Promise<ToolCallResult> {
    const def = tools.get(name)
    const given = (isObject(rawArgs) ? rawArgs : {}) as Record<string, unknown>
    const effects = def && (def.hasEffects ? def.hasEffects(given) : !def.annotations.readOnlyHint)
    if (!effects) return await tools.call(name, rawArgs, ctx)
    const { confirmToken, ...args } = given
    const confirming = typeof confirmToken === 'string' ? confirmToken : ctx.person?.answer?.confirmation
    const previewed = confirming !== undefined ? previews.get(sha256hex(confirming)) : undefined
    let id: number
    try {
      id = audit.begin({
        source: confirming !== undefined ? 'confirm' : 'tool',
        action: name,
        principal: auditPrincipal(ctx.principal),
        args: redact(args),
        targets: previewed?.targets ?? argTargets(def, args, redact)
      })
    } catch (err) {
      if (!(err instanceof AuditUnavailableError)) throw err
      const text = auditRefusal(`${name}`, err)
      return { content: [{ type: 'text', text }], isError: true, _meta: { error: { error: text, kind: 'refused_by_audit_guard' } } }
    }
    let result: ToolCallResult
    try {
      result = await tools.call(name, rawArgs, ctx.person ? { ...ctx, person: watchQuestion(ctx.person) } : ctx)
    } catch (err) {
      settle(id, { outcome: 'error', error: redact.text(err instanceof Error ? err.message : String(err)) })
      throw err
    }
    if (!result.isError && result.structuredContent?.confirmation) {
      rememberPreview(result)
      discard(id)
    } else if (changedNothing(result)) {
      discard(id)
    } else {
      settle(id, outcomeOf(result, redact))
    }
    return result
  }

  // The tool already ran: a failure to complete its entry is left as "pending" (shown as interrupted after a restart).
  function settle (id: number, result: AuditFinish) {
    try { audit.finish(id, result) } catch { /* the entry stays pending */ }
  }
  function discard (id: number) {
    try { audit.discard(id) } catch { /* a stray preview entry is harmless */ }
  }

  return { ...tools, call }
}

function outcomeOf (result: ToolCallResult, redact: Redactor): AuditFinish {
  const jobId = (result.structuredContent?.job as { id?: unknown } | undefined)?.id ?? result.structuredContent?.jobId
  if (!result.isError) return { outcome: 'ok', ...(typeof jobId === 'string' ? { jobId } : {}) }
  const meta = result._meta as { confirm?: string, error?: { kind?: string } } | undefined
  const kind = meta?.error?.kind ?? ''
  const text = redact.text(plainLine(result.content[0]?.text ?? 'failed'))
  // The person's "no" (or a closed form) is an answer, not a failure.
  if (meta?.confirm === 'declined' || meta?.confirm === 'cancelled') return { outcome: 'declined', error: text }
  // A guard, a bad argument or a request the tool turned down before acting: nothing ran.
  if (kind.startsWith('refused_by_') || kind === 'invalid_request') return { outcome: 'refused', error: text }
  return { outcome: 'error', error: text }
}

function argTargets (def: ToolDefinition, args: Record<string, unknown>, redact: Redactor): unknown {
  const guarded = [...def.guards?.paths ?? [], ...def.guards?.entries ?? [], ...def.guards?.names ?? [], ...Object.keys(def.guards?.urls ?? {})]
  const fields = new Set([...guarded, ...TARGET_FIELDS])
  const picked: Record<string, unknown> = {}
  for (const f of fields) if (args[f] !== undefined) picked[f] = args[f]
  return Object.keys(picked).length ? redact(picked) : undefined
}

function isObject (v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
