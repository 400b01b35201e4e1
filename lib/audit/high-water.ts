// How far the audit trail had come, kept beside it (audit.sqlite.mark: the last entry's number and time, written
// after each entry reaches the database file). A database file cut to zero bytes, deleted, or put back from an
// older copy opens as a sound SQLite database and would start again without a word; compared with the mark at
// start, the loss is named (how many entries, up to which time) in the log and /health, and numbering goes on
// after the last entry the trail had written, so entry numbers are never given twice.
import { readFileSync, writeFileSync } from 'node:fs'
import type { DatabaseSync } from 'node:sqlite'
import type { AuditDamage } from './integrity.js'

interface Mark { high: number, at: string }

export const markFile = (file: string) => `${file}.mark`

/** Records the newest entry's number. Small and rewritten in place: a torn mark reads as none and only costs the check. */
export function writeMark (file: string, high: number, nowMs: number): void {
  try {
    writeFileSync(markFile(file), JSON.stringify({ high, at: new Date(nowMs).toISOString() }), { mode: 0o600 })
  } catch { /* the entry itself is stored; the mark is checked again with the next one */ }
}

function readMark (file: string): Mark | undefined {
  try {
    const m = JSON.parse(readFileSync(markFile(file), 'utf8')) as Partial<Mark>
    return typeof m.high === 'number' && Number.isInteger(m.high) && m.high > 0 ? { high: m.high, at: typeof m.at === 'string' ? m.at : 'an unknown time' } : undefined
  } catch {
    return undefined
  }
}

/** The highest entry number the database has given (its AUTOINCREMENT counter survives pruning). */
function highestIn (db: DatabaseSync): number {
  const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'audit_entries'").get() as { seq: number } | undefined
  const max = db.prepare('SELECT MAX(id) AS id FROM audit_entries').get() as { id: number | null }
  return Math.max(Number(seq?.seq ?? 0), Number(max.id ?? 0))
}

/**
 * At the first open: when the mark says the trail went further than the database holds, the entries in between
 * are lost. Returns the damage to report (added to what the file check found), and moves numbering past the mark.
 */
export function compareMark (db: DatabaseSync, file: string, found: AuditDamage | undefined, nowMs: number): AuditDamage | undefined {
  const mark = readMark(file)
  if (!mark) return found
  const high = highestIn(db)
  if (mark.high <= high) return found
  db.prepare("DELETE FROM sqlite_sequence WHERE name = 'audit_entries'").run()
  db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('audit_entries', ?)").run(mark.high)
  const lost = `the trail had reached entry ${mark.high} (${mark.at}), but the database holds entries only up to ${high}: ${mark.high - high} entr${mark.high - high === 1 ? 'y is' : 'ies are'} missing (the file was emptied, deleted or put back from an older copy); new entries are numbered from ${mark.high + 1}`
  if (found) return { ...found, reason: `${found.reason}; ${lost}`, lost: mark.high - high }
  return { reason: lost, setAside: [], replaced: false, lost: mark.high - high, at: new Date(nowMs).toISOString() }
}
