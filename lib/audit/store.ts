// The audit trail: who did what, in an embedded SQLite database (node:sqlite, WAL, synchronous FULL so an
// entry reported stored survives a power cut). A write starts with begin() — if that insert fails the write
// must not run — and ends with finish(). Every write is checkpointed into the database file at once, so no
// entry lives only in the write-ahead log (which SQLite drops silently from its first damaged frame); the
// files are checked at the first open (integrity.ts). Bounded: entries older than the retention or beyond
// the row cap go.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { migrate } from './migrations.js'
import { checkWal, quickCheck, replaceDamaged, type AuditDamage } from './integrity.js'
import { compareMark, writeMark } from './high-water.js'

export const AUDIT_FILE = 'audit.sqlite'
export const DEFAULT_RETENTION_DAYS = 90
export const DEFAULT_MAX_ROWS = 100_000
/** Retention runs on open and then once per this many entries. */
const PRUNE_EVERY = 500

/**
 * task: a protocol request on a task (tasks/cancel); notice: a notice sent to a person's or the household's channel
 * (lib/notify); server: a change the server made by itself or on a preview call (server-acts.ts).
 */
export type AuditSource = 'tool' | 'confirm' | 'setup' | 'dashboard' | 'task' | 'notice' | 'server'
/**
 * ok: done; declined: the person said no (or closed the form); refused: not started (a guard, a bad argument,
 * nothing to act on); error: failed; pending: running now; interrupted: the server stopped before it finished.
 */
export type AuditOutcome = 'pending' | 'ok' | 'declined' | 'error' | 'refused' | 'interrupted'
export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ['ok', 'declined', 'refused', 'error', 'pending', 'interrupted']

export interface AuditPrincipal {
  id: string
  kind: string
  clientId: string
  /** Whom the credential acted for, when it says (the chat bot's user). */
  actor?: string
}

export interface AuditStart {
  source: AuditSource
  /** Tool name, or the setup / dashboard action. */
  action: string
  principal: AuditPrincipal
  /** Already redacted. */
  args: unknown
  targets?: unknown
}

export interface AuditFinish {
  outcome: Exclude<AuditOutcome, 'pending' | 'interrupted'>
  /** Public error text (already redacted). */
  error?: string
  /** Replaces the targets given at begin() when the outcome knows them better. */
  targets?: unknown
  /** The background job the call started. */
  jobId?: string
}

export interface AuditEntry {
  id: number
  at: string
  source: AuditSource
  action: string
  principal: AuditPrincipal
  args: unknown
  targets?: unknown
  outcome: AuditOutcome
  error?: string
  jobId?: string
  durationMs?: number
}

export interface AuditQuery {
  /** Matches the principal id, its client id or the actor. */
  principal?: string
  action?: string
  /** Any of these actions. */
  actions?: readonly string[]
  /** Any of these outcomes. */
  outcomes?: AuditOutcome[]
  /** Epoch milliseconds. */
  sinceMs?: number
  offset: number
  limit: number
}

export interface AuditStoreOptions {
  file: string
  retentionDays?: number
  maxRows?: number
  now?: () => number
}

/** The audit database cannot be opened or written: writes must be refused. */
export class AuditUnavailableError extends Error {
  constructor (readonly file: string, reason: string) {
    super(`The audit log (${file}) cannot be written: ${reason}`)
    this.name = 'AuditUnavailableError'
  }
}

interface Row {
  id: number
  at_ms: number
  source: string
  action: string
  principal_id: string
  principal_kind: string
  client_id: string
  actor: string | null
  job_id: string | null
  args: string
  targets: string | null
  outcome: string
  error: string | null
  finished_ms: number | null
}

export function createAuditStore (opts: AuditStoreOptions) {
  const now = opts.now ?? Date.now
  const retentionMs = (opts.retentionDays ?? DEFAULT_RETENTION_DAYS) * 86_400_000
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS
  let db: DatabaseSync | undefined
  let closed = false
  let sincePrune = 0
  let checked = false
  let damage: AuditDamage | undefined
  let marked = false

  /** Opens (or reopens after a failure) the database; throws AuditUnavailableError saying why not. */
  function open (): DatabaseSync {
    if (db?.isOpen) return db
    if (closed) throw new AuditUnavailableError(opts.file, 'the audit log is closed (the server is stopping)')
    let next: DatabaseSync | undefined
    try {
      mkdirSync(dirname(opts.file), { recursive: true, mode: 0o700 })
      if (!checked) damage = checkWal(opts.file, now())
      next = new DatabaseSync(opts.file, { timeout: 2000 })
      if (!checked) {
        const broken = quickCheck(next)
        if (broken) {
          next.close()
          damage = replaceDamaged(opts.file, now(), `the database file is damaged (${broken})`)
          next = new DatabaseSync(opts.file, { timeout: 2000 })
        }
      }
      checked = true
      next.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON')
      migrate(next)
      if (!marked) {
        marked = true
        damage = compareMark(next, opts.file, damage, now())
      }
      // Nothing else writes this file: entries still pending are from a run that stopped mid-call.
      next.prepare("UPDATE audit_entries SET outcome = 'interrupted' WHERE outcome = 'pending'").run()
      db = next
    } catch (err) {
      try { next?.close() } catch { /* already unusable */ }
      throw new AuditUnavailableError(opts.file, reasonOf(err))
    }
    prune()
    checkpoint(db)
    return db
  }

  /** Copies the WAL into the database file and empties it. Throws when that cannot be done (a full disk). */
  function checkpoint (conn: DatabaseSync): void {
    const r = conn.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number } | undefined
    if (r && Number(r.busy) !== 0) throw new Error('the write-ahead log could not be copied into the database file')
  }

  function begin (entry: AuditStart): number {
    const conn = open()
    try {
      const r = conn.prepare(`INSERT INTO audit_entries (at_ms, source, action, principal_id, principal_kind, client_id, actor, args, targets)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(now(), entry.source, entry.action, entry.principal.id, entry.principal.kind,
        entry.principal.clientId, entry.principal.actor ?? null, JSON.stringify(entry.args ?? {}), json(entry.targets))
      if (++sincePrune >= PRUNE_EVERY) prune()
      const id = Number(r.lastInsertRowid)
      try {
        checkpoint(conn)
        writeMark(opts.file, id, now())
      } catch (err) {
        // Stored only in the WAL is not stored: the write is refused, and its entry says so if it can.
        try { conn.prepare("UPDATE audit_entries SET outcome = 'refused', error = ?, finished_ms = ? WHERE id = ?").run(`not run: ${reasonOf(err)}`, now(), id) } catch { /* stays pending */ }
        throw err
      }
      return id
    } catch (err) {
      throw new AuditUnavailableError(opts.file, reasonOf(err))
    }
  }

  /** A write after begin(): its checkpoint is retried with the next write if it cannot be done now. */
  function written (conn: DatabaseSync): void {
    try { checkpoint(conn) } catch { /* the next write checkpoints it */ }
  }

  function finish (id: number, result: AuditFinish): void {
    const conn = open()
    const targets = result.targets === undefined ? null : json(result.targets)
    conn.prepare('UPDATE audit_entries SET outcome = ?, error = ?, finished_ms = ?, targets = COALESCE(?, targets), job_id = ? WHERE id = ?')
      .run(result.outcome, result.error ?? null, now(), targets, result.jobId ?? null, id)
    written(conn)
  }

  /** Forgets an entry that turned out not to be a write (a destructive tool's preview). */
  function discard (id: number): void {
    const conn = open()
    conn.prepare('DELETE FROM audit_entries WHERE id = ?').run(id)
    written(conn)
  }

  /** One entry for a write refused before it could start (begin and finish at once). */
  function refused (entry: AuditStart, reason: string): void {
    finish(begin(entry), { outcome: 'refused', error: reason })
  }

  /** Entries matching the query, newest first, with how many there are of each outcome. */
  function list (q: AuditQuery): { items: AuditEntry[], total: number, byOutcome: Partial<Record<AuditOutcome, number>> } {
    const where: string[] = []
    const params: Array<string | number> = []
    if (q.principal !== undefined) { where.push('(principal_id = ? OR client_id = ? OR actor = ?)'); params.push(q.principal, q.principal, q.principal) }
    if (q.action !== undefined) { where.push('action = ?'); params.push(q.action) }
    if (q.actions !== undefined) { where.push(`action IN (${q.actions.map(() => '?').join(', ') || 'NULL'})`); params.push(...q.actions) }
    if (q.outcomes?.length) { where.push(`outcome IN (${q.outcomes.map(() => '?').join(', ')})`); params.push(...q.outcomes) }
    if (q.sinceMs !== undefined) { where.push('at_ms >= ?'); params.push(q.sinceMs) }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const conn = open()
    const counts = conn.prepare(`SELECT outcome, COUNT(*) AS n FROM audit_entries ${clause} GROUP BY outcome`).all(...params) as Array<{ outcome: AuditOutcome, n: number }>
    const byOutcome: Partial<Record<AuditOutcome, number>> = {}
    for (const c of counts) byOutcome[c.outcome] = Number(c.n)
    const total = counts.reduce((sum, c) => sum + Number(c.n), 0)
    const rows = conn.prepare(`SELECT * FROM audit_entries ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...params, q.limit, q.offset) as unknown as Row[]
    return { items: rows.map(toEntry), total, byOutcome }
  }

  /** Applies the retention: entries older than retentionDays, then the oldest beyond maxRows. Returns how many went. */
  function prune (): number {
    if (!db?.isOpen) return 0
    sincePrune = 0
    const old = db.prepare('DELETE FROM audit_entries WHERE at_ms < ?').run(now() - retentionMs)
    const over = db.prepare('DELETE FROM audit_entries WHERE id <= (SELECT id FROM audit_entries ORDER BY id DESC LIMIT 1 OFFSET ?)').run(maxRows)
    return Number(old.changes) + Number(over.changes)
  }

  function close (): void {
    closed = true
    if (db?.isOpen) db.close()
  }

  return { file: opts.file, open, begin, finish, discard, refused, list, prune, close, damage: () => damage }
}

export type AuditStore = ReturnType<typeof createAuditStore>

/** Who, for a person: `client <client id> (<principal id>)` or `internal`, and the bot user it acted for. */
export function whoOf (e: Pick<AuditEntry, 'principal'>): string {
  const p = e.principal
  const base = p.kind === 'oauth' ? `client ${p.clientId} (${p.id})` : p.kind === 'server' ? 'the server' : p.id
  return p.actor ? `${base} for ${p.actor}` : base
}

function toEntry (r: Row): AuditEntry {
  return {
    id: r.id,
    at: new Date(r.at_ms).toISOString(),
    source: r.source as AuditSource,
    action: r.action,
    principal: { id: r.principal_id, kind: r.principal_kind, clientId: r.client_id, ...(r.actor !== null ? { actor: r.actor } : {}) },
    args: parse(r.args),
    ...(r.targets !== null ? { targets: parse(r.targets) } : {}),
    outcome: r.outcome as AuditOutcome,
    ...(r.error !== null ? { error: r.error } : {}),
    ...(r.job_id !== null ? { jobId: r.job_id } : {}),
    ...(r.finished_ms !== null ? { durationMs: r.finished_ms - r.at_ms } : {})
  }
}

function json (value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value)
}

function parse (text: string): unknown {
  try { return JSON.parse(text) } catch { return text }
}

function reasonOf (err: unknown): string {
  const e = err as { code?: string, errstr?: string, message?: string }
  const text = e?.errstr ?? e?.message ?? String(err)
  return text.replace(/\s+/g, ' ').slice(0, 200)
}
