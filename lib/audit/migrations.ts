// The audit database's schema, as numbered migrations. Each runs once, in order, in its own transaction,
// and is recorded in schema_migrations; a database from a newer version of the server is refused (its
// schema may mean something this version cannot write correctly).
import type { DatabaseSync } from 'node:sqlite'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'audit entries',
    sql: `
      CREATE TABLE audit_entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at_ms INTEGER NOT NULL,
        source TEXT NOT NULL,
        action TEXT NOT NULL,
        principal_id TEXT NOT NULL,
        principal_kind TEXT NOT NULL,
        client_id TEXT NOT NULL,
        args TEXT NOT NULL,
        targets TEXT,
        outcome TEXT NOT NULL DEFAULT 'pending',
        error TEXT,
        finished_ms INTEGER
      );
      CREATE INDEX audit_entries_at ON audit_entries (at_ms);
      CREATE INDEX audit_entries_principal ON audit_entries (principal_id, at_ms);
      CREATE INDEX audit_entries_action ON audit_entries (action, at_ms);`
  },
  {
    version: 2,
    name: 'on behalf of (the chat bot\'s user) and the job a call started',
    sql: `
      ALTER TABLE audit_entries ADD COLUMN actor TEXT;
      ALTER TABLE audit_entries ADD COLUMN job_id TEXT;
      CREATE INDEX audit_entries_actor ON audit_entries (actor, at_ms);`
  }
]

export class SchemaTooNewError extends Error {
  constructor (readonly found: number, readonly known: number) {
    super(`the audit database has schema version ${found}, newer than this server knows (${known}); it was written by a newer version`)
    this.name = 'SchemaTooNewError'
  }
}

/** The highest migration applied (0 for a new database). */
export function schemaVersion (db: DatabaseSync): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }
  return row.v ?? 0
}

/** Applies every migration above the database's version; returns the versions applied. */
export function migrate (db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const current = schemaVersion(db)
  const known = migrations.at(-1)?.version ?? 0
  if (current > known) throw new SchemaTooNewError(current, known)
  const applied: number[] = []
  for (const m of migrations) {
    if (m.version <= current) continue
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec(m.sql)
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString())
      db.exec('COMMIT')
    } catch (err) {
      db.exec('ROLLBACK')
      throw err
    }
    applied.push(m.version)
  }
  return applied
}
