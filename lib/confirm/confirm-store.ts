// Confirm tokens for destructive tools (implements ConfirmGate). A token is 256 random bits, kept only as its
// SHA-256, valid 5 minutes, single use, and bound to the tool, the canonical arguments, the caller's principal
// and a fingerprint of the previewed targets. Any mismatch refuses and burns the token, saying why. A retry of
// a confirmed call with the same token and binding gets the stored outcome instead of running twice.
//
// Caps: every live record (waiting, running, or a finished call's stored outcome) counts against its
// principal (20) and the server (1000). A refused token is deleted at once, only its reason is kept in a
// small ring so a retry still learns why. When a principal is full, its own oldest stored outcome makes
// room (a retry of that call then gets "unknown or expired"); tokens still waiting or running are never
// evicted, so a token the caller holds never vanishes silently: the preview is refused instead.
//
// A confirmation issued for the person (binding.via 'person', answered through the client's own form) lives
// by the same rules, except that its token is never accepted as a confirmToken: only the person's answer
// redeems it, so a model that somehow saw it still cannot act on it.
import { randomBytes } from 'node:crypto'
import { GuardError } from '../../core/errors.js'
import type { ConfirmBinding, ConfirmGate, ToolCallResult } from '../../core/tool-types.js'
import { canonicalJson, fingerprint, sha256Hex } from './canonical.js'

export const CONFIRM_TTL_MS = 5 * 60_000

export interface ConfirmStoreOptions {
  now?: () => number
  ttlMs?: number
  /** Live records per principal: waiting, running and stored outcomes alike. */
  maxPendingPerPrincipal?: number
  maxRecords?: number
}

type State = 'pending' | 'running' | 'settled'
type Via = NonNullable<ConfirmBinding['via']>

/** Reasons of refused (deleted) tokens remembered for their error message, oldest dropped first. */
const BURNT_REASONS_KEPT = 256

interface TokenRecord {
  tool: string
  via: Via
  principalId: string
  /** Canonical JSON of each argument, to name the ones that changed. */
  args: Map<string, string>
  targets: string
  expiresAt: number
  state: State
  outcome?: ToolCallResult
  settledAt?: number
}

function refuse (message: string): never {
  throw new GuardError('confirm', message)
}

export function createConfirmStore (opts: ConfirmStoreOptions = {}) {
  const now = opts.now ?? Date.now
  const ttl = opts.ttlMs ?? CONFIRM_TTL_MS
  const maxPending = opts.maxPendingPerPrincipal ?? 20
  const maxRecords = opts.maxRecords ?? 1000
  const records = new Map<string, TokenRecord>()
  const burnt = new Map<string, { tool: string, reason: string }>()
  const minutes = `${Math.round(ttl / 60_000)} minutes`

  const fresh = (tool: string, via: Via) => via === 'person'
    ? `Call ${tool} again for a fresh preview and confirmation.`
    : `Call ${tool} again without confirmToken for a fresh preview.`
  const noun = (via: Via) => via === 'person' ? 'confirmation' : 'confirmToken'
  const short = (via: Via) => via === 'person' ? 'confirmation' : 'token'

  function sweep () {
    const t = now()
    for (const [hash, rec] of records) if (rec.expiresAt <= t) records.delete(hash)
  }

  function argsMap (args: Record<string, unknown>): Map<string, string> {
    return new Map(Object.keys(args).sort().map(k => [k, canonicalJson(args[k])]))
  }

  /** Finds the live record of a token or refuses (unknown, expired, refused earlier). */
  function lookup (token: string, tool: string, via: Via): [string, TokenRecord] {
    const hash = sha256Hex(String(token))
    const rec = records.get(hash)
    const gone = burnt.get(hash)
    if (!rec && gone) refuse(`This ${noun(via)} can no longer be used: it was refused earlier because ${gone.reason}. ${fresh(tool, via)}`)
    if (!rec) refuse(`This ${noun(via)} is unknown or has expired (${short(via)}s last ${minutes} and work once). ${fresh(tool, via)}`)
    if (rec.expiresAt <= now()) {
      records.delete(hash)
      refuse(`This ${noun(via)} expired (${short(via)}s last ${minutes}); nothing was changed. ${fresh(tool, via)}`)
    }
    return [hash, rec]
  }

  /** Why the binding does not match the record, or undefined. */
  function mismatch (rec: TokenRecord, binding: ConfirmBinding): string | undefined {
    if (rec.principalId !== binding.principalId) return 'it was issued to a different caller'
    if (rec.via !== (binding.via ?? 'token')) return rec.via === 'person' ? 'it waits for the person\'s own answer and is not a confirmToken' : 'it is a confirmToken, not a confirmation by the person'
    if (rec.tool !== binding.tool) return `it was issued for the tool ${rec.tool}, not ${binding.tool}`
    const given = argsMap(binding.args)
    const changed = [...new Set([...rec.args.keys(), ...given.keys()])].filter(k => rec.args.get(k) !== given.get(k))
    if (changed.length > 0) return `the arguments differ from the preview (${changed.join(', ')})`
    return undefined
  }

  function burn (hash: string, rec: TokenRecord, reason: string): never {
    // A settled token keeps its outcome: the action already ran, and a correct retry should still learn how.
    const cancel = rec.state === 'pending'
    if (cancel) {
      records.delete(hash)
      burnt.set(hash, { tool: rec.tool, reason })
      if (burnt.size > BURNT_REASONS_KEPT) burnt.delete(burnt.keys().next().value!)
    }
    refuse(`Refused: ${reason}.${cancel ? ` The ${short(rec.via)} has been cancelled.` : ''} Nothing was changed. ${fresh(rec.tool, rec.via)}`)
  }

  /** Checks a presented token against the binding; returns its hash and live record. */
  function verify (token: string, binding: ConfirmBinding): [string, TokenRecord] {
    const [hash, rec] = lookup(token, binding.tool, binding.via ?? 'token')
    const reason = mismatch(rec, binding)
    if (reason) burn(hash, rec, reason)
    return [hash, rec]
  }

  /** The oldest stored outcome among `candidates`, the only kind of record that may make room. */
  function oldestSettled (candidates: Iterable<[string, TokenRecord]>): string | undefined {
    let oldest: [string, number] | undefined
    for (const [hash, rec] of candidates) {
      if (rec.state === 'settled' && (oldest === undefined || rec.settledAt! < oldest[1])) oldest = [hash, rec.settledAt!]
    }
    return oldest?.[0]
  }

  /** Makes room for one more record of the principal, or refuses. */
  function makeRoom (principalId: string) {
    const mine = [...records].filter(([, rec]) => rec.principalId === principalId)
    if (mine.length >= maxPending) {
      const evict = oldestSettled(mine)
      if (evict === undefined) {
        refuse(`You have ${mine.length} previews waiting for confirmation. Confirm or drop them (they expire ${minutes} after the preview) before asking for another preview.`)
      }
      records.delete(evict)
    }
    if (records.size >= maxRecords) {
      const evict = oldestSettled(records)
      if (evict === undefined) refuse('The server is holding too many confirmations right now. Try again in a few minutes.')
      records.delete(evict)
    }
  }

  const gate: ConfirmGate = {
    issue (binding, targets) {
      sweep()
      makeRoom(binding.principalId)
      const token = randomBytes(32).toString('base64url')
      const expiresAt = now() + ttl
      records.set(sha256Hex(token), {
        tool: binding.tool,
        via: binding.via ?? 'token',
        principalId: binding.principalId,
        args: argsMap(binding.args),
        targets: fingerprint(targets),
        expiresAt,
        state: 'pending'
      })
      return { confirmToken: token, expiresAt: new Date(expiresAt).toISOString() }
    },

    replay (token, binding) {
      const [, rec] = verify(token, binding)
      if (rec.state === 'settled') return markReplayed(rec.outcome!)
      if (rec.state === 'running') refuse(`This confirmed ${binding.tool} call is still running. Wait a moment and retry with the same token to get its outcome.`)
      return undefined
    },

    redeem (token, binding, targets, unanswered) {
      const [hash, rec] = verify(token, binding)
      if (rec.state !== 'pending') refuse(`This ${noun(rec.via)} was already used. ${fresh(binding.tool, rec.via)}`)
      if (fingerprint(targets) !== rec.targets && unanswered !== undefined && unanswered.length > 0) {
        // Not the person's doing: a source did not answer, so the targets cannot be compared. The token stays.
        const who = unanswered.join('; ')
        refuse(`Not done yet: ${who} did not answer just now, so this server cannot check that what it would change is still what was previewed. ` +
          `Nothing was changed, and the ${short(rec.via)} stays valid until ${new Date(rec.expiresAt).toISOString()}: call again with it once ${unanswered.length === 1 ? 'that source answers' : 'they answer'}, or ${fresh(binding.tool, rec.via).replace(/^Call/, 'call')}`)
      }
      if (fingerprint(targets) !== rec.targets) {
        burn(hash, rec, 'the files or items this action would touch changed since the preview')
      }
      rec.state = 'running'
    },

    settle (token, outcome) {
      const rec = records.get(sha256Hex(token))
      if (!rec || rec.state !== 'running') return
      store(rec, outcome)
    },

    decline (token, binding, outcome) {
      const [, rec] = verify(token, binding)
      if (rec.state === 'pending') store(rec, outcome)
    }
  }

  function store (rec: TokenRecord, outcome: ToolCallResult) {
    rec.state = 'settled'
    rec.settledAt = now()
    rec.outcome = structuredClone(outcome)
  }

  return Object.assign(gate, {
    /** Number of live records (for /health and tests); refused tokens are not among them. */
    size: () => { sweep(); return records.size }
  })
}

function markReplayed (outcome: ToolCallResult): ToolCallResult {
  const copy = structuredClone(outcome)
  // A failure told again says it is the earlier call's, not a new failure of this one.
  if (copy.isError === true) {
    copy.content = copy.content.map(c => c.type === 'text' ? { ...c, text: `This confirmToken was already used (it works once); that call ended with: ${c.text}` } : c)
  }
  const meta = (copy._meta as Record<string, unknown> | undefined) ?? {}
  copy._meta = { ...meta, confirm: 'already_consumed' }
  return copy
}

export type ConfirmStore = ReturnType<typeof createConfirmStore>
