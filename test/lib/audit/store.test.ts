// The audit database on its own: migrations (from a database an older version wrote), WAL, retention,
// filters, entries left pending by a stopped run, and the redaction of what is stored.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { MIGRATIONS, migrate, schemaVersion } from '../../../lib/audit/migrations.js'
import { AuditUnavailableError, createAuditStore } from '../../../lib/audit/store.js'
import { createRedactor } from '../../../lib/audit/redact.js'

const who = { id: 'internal', kind: 'internal', clientId: 'internal' }

function tempFile (t: { teardown: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-audit-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return join(dir, 'state', 'audit.sqlite')
}

t.test('a database written by the first schema is migrated in place, its entries kept', async t => {
  const file = tempFile(t)
  // Version 1 only, as an older server left it.
  mkdirSync(dirname(file), { recursive: true })
  const old = new DatabaseSync(file)
  t.same(migrate(old, MIGRATIONS.slice(0, 1)), [1])
  old.prepare("INSERT INTO audit_entries (at_ms, source, action, principal_id, principal_kind, client_id, args, outcome) VALUES (?, 'tool', 'movie_remove', 'internal', 'internal', 'internal', '{\"movieId\":7}', 'ok')").run(Date.now())
  old.close()

  const store = createAuditStore({ file })
  t.teardown(() => store.close())
  store.open()
  const check = new DatabaseSync(file, { readOnly: true })
  t.equal(schemaVersion(check), MIGRATIONS.at(-1)!.version, 'brought to the newest version')
  t.same((check.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as any[]).map(r => r.version), MIGRATIONS.map(m => m.version))
  t.equal((check.prepare('PRAGMA journal_mode').get() as any).journal_mode, 'wal')
  check.close()
  t.match(store.list({ offset: 0, limit: 10 }).items, [{ action: 'movie_remove', args: { movieId: 7 }, outcome: 'ok', principal: { id: 'internal' } }])
  const id = store.begin({ source: 'tool', action: 'series_remove', principal: { ...who, actor: 'telegram:1:2' }, args: {} })
  store.finish(id, { outcome: 'ok', jobId: 'job-1' })
  t.match(store.list({ offset: 0, limit: 1 }).items[0], { principal: { actor: 'telegram:1:2' }, jobId: 'job-1' }, 'the columns version 2 added work')
})

t.test('a database from a newer server is refused, and so are writes', async t => {
  const file = tempFile(t)
  const s = createAuditStore({ file })
  s.open()
  s.close()
  const db = new DatabaseSync(file)
  db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')").run()
  db.close()
  const store = createAuditStore({ file })
  t.teardown(() => store.close())
  t.throws(() => store.begin({ source: 'tool', action: 'x', principal: who, args: {} }), AuditUnavailableError)
  t.throws(() => store.open(), /schema version 99, newer than this server knows/)
})

t.test('retention: entries older than the window, then the oldest beyond the cap, go', async t => {
  let now = Date.parse('2026-01-01T00:00:00Z')
  const store = createAuditStore({ file: tempFile(t), retentionDays: 90, maxRows: 3, now: () => now })
  t.teardown(() => store.close())
  for (let i = 0; i < 5; i++) store.begin({ source: 'tool', action: `a${i}`, principal: who, args: {} })
  t.equal(store.prune(), 2, 'the two oldest beyond 3 rows')
  t.same(store.list({ offset: 0, limit: 10 }).items.map(e => e.action), ['a4', 'a3', 'a2'])
  now += 91 * 86_400_000
  store.begin({ source: 'tool', action: 'fresh', principal: who, args: {} })
  t.equal(store.prune(), 3)
  t.same(store.list({ offset: 0, limit: 10 }).items.map(e => e.action), ['fresh'])
})

t.test('filters, paging, and entries left pending by a stopped run', async t => {
  const file = tempFile(t)
  const now = () => Date.parse('2026-03-01T12:00:00Z')
  const store = createAuditStore({ file, now })
  const a = store.begin({ source: 'tool', action: 'movie_remove', principal: { id: 'oauth:g1', kind: 'oauth', clientId: 'phone' }, args: {} })
  store.finish(a, { outcome: 'ok' })
  const b = store.begin({ source: 'confirm', action: 'series_remove', principal: { ...who, actor: 'telegram:1:2' }, args: {} })
  store.finish(b, { outcome: 'error', error: 'Sonarr answered 500' })
  store.refused({ source: 'tool', action: 'movie_remove', principal: who, args: {} }, 'outside the roots')
  store.begin({ source: 'tool', action: 'download_add', principal: who, args: {} })
  store.close()

  const again = createAuditStore({ file, now })
  t.teardown(() => again.close())
  const list = (q: object) => again.list({ offset: 0, limit: 10, ...q })
  t.same(list({}).items.map(e => e.outcome), ['interrupted', 'refused', 'error', 'ok'], 'newest first; the pending one is marked interrupted')
  t.same(list({ principal: 'phone' }).items.map(e => e.id), [a], 'by client id')
  t.same(list({ principal: 'telegram:1:2' }).items.map(e => e.id), [b], 'by the bot user')
  t.same(list({ principal: 'internal' }).total, 3, 'by principal id')
  t.same(list({ action: 'movie_remove' }).total, 2)
  t.same(list({ outcomes: ['error'] }).items.map(e => e.error), ['Sonarr answered 500'])
  t.same(list({ sinceMs: Date.parse('2026-03-02T00:00:00Z') }).total, 0)
  const page = again.list({ offset: 1, limit: 2 })
  t.same([page.total, page.items.length, page.items[0].outcome], [4, 2, 'refused'])
})

t.test('redaction: secret-named fields, URL credentials and query values, configured secrets, size', async t => {
  const redact = createRedactor(['s3cr3t-api-key-value', 'short'])
  t.same(redact({
    apiKey: 'x',
    confirmToken: 'y',
    jellyfin: { adminToken: 'z', username: 'admin', password: 'p' },
    url: 'http://user:pw@host:8080/path?apikey=abc&x=1#frag',
    magnet: 'magnet:?xt=urn:btih:abcdef&dn=Some.Show&tr=http%3A%2F%2Ftracker%2Fannounce%3Fpasskey%3Dzzz',
    note: 'the key s3cr3t-api-key-value leaked',
    word: 'short stays',
    list: Array.from({ length: 60 }, (_, i) => i)
  }), {
    apiKey: '[redacted]',
    confirmToken: '[redacted]',
    jellyfin: { adminToken: '[redacted]', username: 'admin', password: '[redacted]' },
    url: 'http://[redacted]@host:8080/path?apikey=[redacted]&x=[redacted]',
    magnet: 'magnet:?xt=urn:btih:abcdef&dn=Some.Show&tr=[redacted]',
    note: 'the key [redacted] leaked',
    word: 'short stays',
    list: [...Array.from({ length: 50 }, (_, i) => i), '… 10 more']
  })
  t.match(redact('a'.repeat(600)), /^a{500}… \(600 characters\)$/)
  t.equal(redact.text('failed:\nkey s3cr3t-api-key-value'), 'failed: key [redacted]')
})
