// Audit entries never vanish silently: every write reaches the database file (not only its write-ahead log),
// and a damaged WAL or database found at start is set aside with a log line and a /health warning.
import t from 'tap'
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { DatabaseSync } from 'node:sqlite'
import { AUDIT_FILE, createAuditStore } from '../../../lib/audit/store.js'
import { damageText } from '../../../lib/audit/integrity.js'
import { buildTestApp } from '../../helpers/build.js'
import { tempDir } from '../../helpers/temp-dir.js'

const who = { id: 'internal', kind: 'internal', clientId: 'internal' }
const NOW = 1_700_000_000_000

function rows (file: string): number {
  const db = new DatabaseSync(file, { readOnly: true })
  try { return Number((db.prepare('SELECT COUNT(*) AS n FROM audit_entries').get() as { n: number }).n) } finally { db.close() }
}

/**
 * A state directory as a run that stopped left it: the schema in the database file, six entries written by a
 * connection that never checkpointed (so they are only in the WAL). Copied while that connection is open.
 */
function walOnly (t: { teardown: (fn: () => void) => void }): string {
  const live = join(tempDir(t), AUDIT_FILE)
  const s = createAuditStore({ file: live })
  s.open()
  s.close()
  const db = new DatabaseSync(live)
  db.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0')
  for (let i = 1; i <= 6; i++) {
    db.prepare("INSERT INTO audit_entries (at_ms, source, action, principal_id, principal_kind, client_id, args, outcome) VALUES (?, 'tool', ?, 'internal', 'internal', 'internal', '{}', 'ok')").run(NOW, `movie_remove_${i}`)
  }
  const dir = tempDir(t)
  copyFileSync(live, join(dir, AUDIT_FILE))
  copyFileSync(`${live}-wal`, join(dir, `${AUDIT_FILE}-wal`))
  db.close()
  return join(dir, AUDIT_FILE)
}

t.test('every entry is in the database file itself, not only in its write-ahead log', async t => {
  const file = join(tempDir(t), AUDIT_FILE)
  const store = createAuditStore({ file })
  t.teardown(() => store.close())
  for (let i = 0; i < 6; i++) store.finish(store.begin({ source: 'tool', action: 'movie_remove', principal: who, args: { movieId: i } }), { outcome: 'ok' })
  // What survives when the WAL is lost while the server runs: the database file alone.
  const copy = join(tempDir(t), AUDIT_FILE)
  copyFileSync(file, copy)
  t.equal(rows(copy), 6, 'all six entries are in audit.sqlite')
  t.equal(statSync(`${file}-wal`).size, 0, 'the WAL holds nothing that is not in the file')
})

t.test('a damaged WAL at start is set aside and reported; the entries SQLite can read stay', async t => {
  const file = walOnly(t)
  const wal = readFileSync(`${file}-wal`)
  const pageSize = wal.readUInt32BE(8)
  // Flip a byte in the second frame: SQLite would drop it and everything after it without a word.
  wal[32 + (pageSize + 24) + 24 + 100] ^= 0xff
  writeFileSync(`${file}-wal`, wal)
  const store = createAuditStore({ file, now: () => NOW })
  t.teardown(() => store.close())
  store.open()
  const damage = store.damage()
  t.match(damage, { replaced: false, setAside: [`${AUDIT_FILE}.corrupt-${NOW}`, `${AUDIT_FILE}-wal.corrupt-${NOW}`], reason: /write-ahead log holds \d+ frames of which SQLite can read \d+/ })
  t.same(readFileSync(join(file, '..', `${AUDIT_FILE}-wal.corrupt-${NOW}`)), wal, 'the damaged WAL is kept as it was')
  t.ok(store.list({ offset: 0, limit: 10 }).total < 6, 'the fixture lost entries (else this test checks nothing)')
  store.finish(store.begin({ source: 'tool', action: 'series_remove', principal: who, args: {} }), { outcome: 'ok' })
  t.match(store.list({ offset: 0, limit: 1 }).items, [{ action: 'series_remove' }], 'writes go on')
})

t.test('a database file zeroed while its WAL holds entries is set aside and replaced, not read as a fragment', async t => {
  const file = walOnly(t)
  writeFileSync(file, Buffer.alloc(statSync(file).size))
  const store = createAuditStore({ file, now: () => NOW })
  t.teardown(() => store.close())
  store.open()
  t.match(store.damage(), { replaced: true, setAside: [`${AUDIT_FILE}.corrupt-${NOW}`, `${AUDIT_FILE}-wal.corrupt-${NOW}`] })
  t.equal(store.list({ offset: 0, limit: 10 }).total, 0, 'a new, empty audit log')
  t.ok(existsSync(`${file}.corrupt-${NOW}`))

  const emptied = walOnly(t)
  writeFileSync(emptied, '')
  const again = createAuditStore({ file: emptied, now: () => NOW })
  t.teardown(() => again.close())
  again.open()
  t.match(again.damage(), { replaced: true, reason: /database file is empty while its write-ahead log holds data/ })
})

t.test('a damaged database file is set aside at start, logged, and named in /health; a sound one is not', async t => {
  const lines: Array<{ level: number, msg: string }> = []
  const stream = new Writable({ write (chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done() } })
  const { app, roots } = await buildTestApp(t, {
    beforeBuild: roots => writeFileSync(join(roots.state, AUDIT_FILE), Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(8192, 7)])),
    build: { logger: { level: 'warn', stream } }
  })
  const warned = lines.find(l => l.level === 40 && /^The audit log was damaged at start/.test(l.msg))
  t.ok(warned, 'a log line says what happened')
  t.match(warned?.msg, /kept in STATE_DIR as audit\.sqlite\.corrupt-\d+/)
  t.ok(readdirSync(roots.state).some(f => f.startsWith(`${AUDIT_FILE}.corrupt-`)), 'the damaged file is kept')
  const health = (await app.inject({ url: '/health' })).json()
  t.match(health.warnings, [/^The audit log was damaged at start .*started again empty/])
  t.notOk(JSON.stringify(health).includes(roots.state), 'no server path in the public answer')

  const { app: sound } = await buildTestApp(t)
  t.notOk('warnings' in (await sound.inject({ url: '/health' })).json())
})

t.test('a database file cut to zero bytes or deleted: the trail knows how far it had come and says what it lost (issue 35 item 11)', async t => {
  const file = join(tempDir(t), AUDIT_FILE)
  const first = createAuditStore({ file, now: () => NOW })
  for (let i = 0; i < 6; i++) first.finish(first.begin({ source: 'tool', action: 'movie_remove', principal: who, args: { movieId: i } }), { outcome: 'ok' })
  first.close()
  writeFileSync(file, '')
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })

  const store = createAuditStore({ file, now: () => NOW + 1000 })
  t.teardown(() => store.close())
  store.open()
  const damage = store.damage()
  t.match(damage, { lost: 6, replaced: false, reason: /the trail had reached entry 6 \(2023-11-14T22:13:20\.000Z\), but the database holds entries only up to 0: 6 entries are missing/ })
  t.match(damageText(damage!), /^The audit log was damaged at start .*: the trail had reached entry 6 .*new entries are numbered from 7\. The audit log goes on, and the missing entries are only in a backup of STATE_DIR/)
  const id = store.begin({ source: 'tool', action: 'series_remove', principal: who, args: {} })
  t.equal(id, 7, 'numbering goes on: an entry number is never given twice')
  store.close()

  // Deleted outright, with the entries the new file held: the same, counted from the newest.
  rmSync(file)
  const again = createAuditStore({ file, now: () => NOW })
  t.teardown(() => again.close())
  again.open()
  t.match(again.damage(), { lost: 7 })

  // A sound trail reopened says nothing.
  again.close()
  const sound = createAuditStore({ file, now: () => NOW })
  t.teardown(() => sound.close())
  sound.open()
  t.equal(sound.damage(), undefined)
})
