// The audit database's check at start. SQLite reads a write-ahead log (audit.sqlite-wal) only up to its first
// frame whose checksum fails and drops the rest without a word, and a main file whose content was lost reads
// as a new, empty database: either way entries would vanish silently. The store checkpoints after every write
// (store.ts), so a WAL at start holds at most the last transaction of a run that stopped; this check counts
// the frames SQLite can use against the frames the file holds, and runs SQLite's own quick_check on the rest.
// What is damaged is set aside next to it (as the JSON stores do with `.corrupt-<time>`), so nothing is lost
// that could still be recovered by hand, and the finding is returned for the log and /health.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

/** What the check found and where the damaged files went. */
export interface AuditDamage {
  /** One sentence: what was wrong. */
  reason: string
  /** File names (in STATE_DIR) of the copies set aside. */
  setAside: string[]
  /** Whether the database itself was replaced by a new, empty one (false: only its WAL was damaged). */
  replaced: boolean
  /** Entries the trail had written that the database no longer holds (high-water.ts). */
  lost?: number
  at: string
}

const WAL_HEADER = 32
const FRAME_HEADER = 24

function size (file: string): number {
  try { return statSync(file).size } catch { return 0 }
}

/** Frames the WAL file holds, by its size and the page size its header names (0 when it has no header). */
function framesIn (wal: string): number {
  const bytes = size(wal)
  if (bytes < WAL_HEADER) return 0
  const pageSize = readFileSync(wal).readUInt32BE(8)
  if (pageSize < 512 || pageSize > 65536) return Number.POSITIVE_INFINITY
  return Math.floor((bytes - WAL_HEADER) / (pageSize + FRAME_HEADER))
}

/** The frames SQLite accepts from this WAL and its check of the result, read on copies so the originals stay as they are. */
function readCopy (file: string): { usable: number, broken?: string } {
  const dir = mkdtempSync(join(dirname(file), '.audit-check-'))
  try {
    const copy = join(dir, basename(file))
    copyFileSync(file, copy)
    copyFileSync(`${file}-wal`, `${copy}-wal`)
    const db = new DatabaseSync(copy)
    try {
      const broken = quickCheck(db)
      if (broken) return { usable: 0, broken }
      const r = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }
      return { usable: Number(r.log) }
    } finally {
      db.close()
    }
  } finally {
    // Only the copies this check made (SQLite may add -shm beside them), then the folder: no recursive remove.
    for (const name of readdirSync(dir)) rmSync(join(dir, name), { force: true })
    rmdirSync(dir)
  }
}

function stamp (now: number): string {
  return `.corrupt-${now}`
}

/** Copies (keep = true) or moves the database's files aside; returns the names they were given. */
function setAside (file: string, now: number, keep: boolean): string[] {
  const moved: string[] = []
  for (const suffix of ['', '-wal', '-shm']) {
    const from = `${file}${suffix}`
    if (!existsSync(from) || (suffix === '-shm' && keep)) continue
    const to = `${from}${stamp(now)}`
    if (keep) copyFileSync(from, to)
    else renameSync(from, to)
    moved.push(basename(to))
  }
  return moved
}

/**
 * Checks the WAL before SQLite opens it (opening would apply what it can and drop the rest). Returns the damage
 * found, after copying both files aside; the database then opens with every frame SQLite could read.
 */
export function checkWal (file: string, now: number): AuditDamage | undefined {
  const wal = `${file}-wal`
  if (size(wal) === 0) return undefined
  const at = new Date(now).toISOString()
  if (size(file) === 0) {
    // The database's content is gone while its WAL still holds pages: what SQLite would read is a fragment.
    return { reason: 'the database file is empty while its write-ahead log holds data', setAside: setAside(file, now, false), replaced: true, at }
  }
  const expected = framesIn(wal)
  const { usable, broken } = readCopy(file)
  // Damaged with its WAL: both go aside before SQLite would fold the WAL into it.
  if (broken) return replaceDamaged(file, now, `the database file is damaged (${broken})`)
  if (usable >= expected) return undefined
  return {
    reason: `its write-ahead log holds ${expected === Number.POSITIVE_INFINITY ? 'an unreadable header' : `${expected} frames of which SQLite can read ${usable}`}; the entries in the rest are lost from the log`,
    setAside: setAside(file, now, true),
    replaced: false,
    at
  }
}

/** SQLite's own check of an open database: undefined when sound, else why not. */
export function quickCheck (db: DatabaseSync): string | undefined {
  try {
    const rows = db.prepare('PRAGMA quick_check').all() as Array<{ quick_check: string }>
    const first = rows[0]?.quick_check
    return first === 'ok' ? undefined : `SQLite's check failed: ${String(first).slice(0, 120)}`
  } catch (err) {
    if (isDamage(err)) return `SQLite cannot read it: ${(err as { errstr?: string }).errstr ?? 'damaged'}`
    throw err
  }
}

/** SQLITE_CORRUPT (11) and SQLITE_NOTADB (26): the file's content, not its access, is the problem. */
export function isDamage (err: unknown): boolean {
  const code = (err as { errcode?: number } | undefined)?.errcode
  return typeof code === 'number' && ((code & 0xff) === 11 || (code & 0xff) === 26)
}

/** Moves a damaged database (and its WAL and shared-memory file) aside so a new one can be created. */
export function replaceDamaged (file: string, now: number, reason: string): AuditDamage {
  return { reason, setAside: setAside(file, now, false), replaced: true, at: new Date(now).toISOString() }
}

/** The sentence for the log and /health. */
export function damageText (d: AuditDamage): string {
  const kept = d.setAside.length ? ` The damaged files were kept in STATE_DIR as ${d.setAside.join(', ')}` : ''
  const then = d.lost && !d.setAside.length
    ? 'the audit log goes on, and the missing entries are only in a backup of STATE_DIR, if there is one.'
    : d.replaced
      ? 'the audit log started again empty, and entries before that are only in those files (sqlite3 .recover may get them back).'
      : 'the audit log goes on with every entry SQLite could read.'
  const rest = kept ? `${kept}; ${then}` : ` ${then[0]!.toUpperCase()}${then.slice(1)}`
  return `The audit log was damaged at start (${d.at}): ${d.reason}.${rest}`
}
