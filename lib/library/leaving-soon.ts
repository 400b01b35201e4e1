// The "leaving soon" marks of cleanup_server's watched category, kept in STATE_DIR/leaving-soon.json (written
// atomically, so a crash keeps the old or the new list): a title watched by everyone is first marked, and only a
// call after the window has passed proposes deleting it. A title that stops qualifying (watched again, made a
// favourite, tagged keep, removed) loses its mark, and would start a new window if it qualified again.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeJsonAtomic } from '../fs/atomic-json.js'

const FILE = 'leaving-soon.json'
/** A bound on the file: beyond this many marks, the oldest go (they would be marked again if still due). */
const MAX_MARKS = 5000

export interface LeavingMark {
  title: string
  /** movie or series, and the manager's year (marks made before these were kept have neither). */
  kind?: 'movie' | 'series'
  year?: number
  markedAt: string
  /** The last play (by anyone) when it was marked: a later one means it was watched again. */
  lastPlayed: string
  bytes: number
}

export interface MarkCandidate { key: string, title: string, kind?: 'movie' | 'series', year?: number, lastPlayed: string, bytes: number }

export interface Reconciled {
  /** Marked by this call. */
  marked: Array<MarkCandidate & { deletableFrom: string }>
  /** Marked before, window not over yet. */
  waiting: Array<MarkCandidate & { markedAt: string, deletableFrom: string }>
  /** Marked before and the window is over: these may be proposed for deletion. */
  due: Array<MarkCandidate & { markedAt: string }>
  /** Titles whose mark was dropped because they no longer qualify. */
  dropped: string[]
  /** Marks dated in the future (a clock that jumped, a hand edit), re-dated to now so they hold no longer than a window. */
  redated: string[]
  /** Marks that were not marks (no date, a date that is not one): dropped, named by title or key. */
  invalid: string[]
}

export class LeavingSoonStoreError extends Error {}

const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v))

/**
 * One bad mark never stops the others: a mark without a real date is dropped and named; one dated after `now`
 * would hold its title for as long as the date says (a clock that jumped once means a year), so it starts its
 * window now.
 */
function checkMarks (all: Record<string, LeavingMark>, now: Date, out: Pick<Reconciled, 'redated' | 'invalid'>) {
  for (const [key, mark] of Object.entries(all as Record<string, unknown>)) {
    const m = mark && typeof mark === 'object' ? mark as Partial<LeavingMark> : undefined
    if (!m || !isDate(m.markedAt) || !isDate(m.lastPlayed) || typeof m.title !== 'string' || typeof m.bytes !== 'number') {
      out.invalid.push(typeof m?.title === 'string' && m.title ? m.title : key)
      delete all[key]
      continue
    }
    if (Date.parse(m.markedAt) > now.getTime()) {
      m.markedAt = now.toISOString()
      out.redated.push(m.title)
    }
  }
}

export function createLeavingSoonStore (stateDir: string) {
  const file = join(stateDir, FILE)
  let writing: Promise<unknown> = Promise.resolve()

  async function load (): Promise<Record<string, LeavingMark>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, LeavingMark> : {}
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new LeavingSoonStoreError(`Cannot read ${file}: ${(err as Error).message}. Fix or remove the file (it only holds the leaving-soon marks).`)
    }
  }

  async function save (all: Record<string, LeavingMark>) {
    const kept = Object.entries(all).sort((a, b) => String(b[1]?.markedAt).localeCompare(String(a[1]?.markedAt))).slice(0, MAX_MARKS)
    try {
      await writeJsonAtomic(file, Object.fromEntries(kept))
    } catch (err) {
      throw new LeavingSoonStoreError(`Cannot write ${file}: ${(err as Error).message}. Check that STATE_DIR is writable.`)
    }
  }

  /** Writes one at a time, each on the latest content. */
  function serialized<T> (fn: () => Promise<T>): Promise<T> {
    const run = writing.then(fn)
    writing = run.catch(() => {})
    return run
  }

  return {
    /**
     * Brings the marks in line with what qualifies now: new candidates are marked, marks of titles that no
     * longer qualify (or were watched again since) are dropped, and marks older than the window are due.
     */
    reconcile (candidates: MarkCandidate[], windowMs: number, now = new Date()): Promise<Reconciled> {
      return serialized(async () => {
        const all = await load()
        const out: Reconciled = { marked: [], waiting: [], due: [], dropped: [], redated: [], invalid: [] }
        checkMarks(all, now, out)
        const current = new Set(candidates.map(c => c.key))
        for (const [key, mark] of Object.entries(all)) {
          if (!current.has(key)) { out.dropped.push(mark.title); delete all[key] }
        }
        const from = (markedAt: string) => new Date(Date.parse(markedAt) + windowMs).toISOString()
        for (const c of candidates) {
          const mark = all[c.key]
          if (!mark || Date.parse(c.lastPlayed) > Date.parse(mark.lastPlayed)) {
            if (mark) out.dropped.push(mark.title)
            all[c.key] = { title: c.title, ...(c.kind ? { kind: c.kind } : {}), ...(c.year ? { year: c.year } : {}), markedAt: now.toISOString(), lastPlayed: c.lastPlayed, bytes: c.bytes }
            out.marked.push({ ...c, deletableFrom: from(now.toISOString()) })
          } else if (Date.parse(mark.markedAt) + windowMs <= now.getTime()) {
            out.due.push({ ...c, markedAt: mark.markedAt })
          } else {
            out.waiting.push({ ...c, markedAt: mark.markedAt, deletableFrom: from(mark.markedAt) })
          }
        }
        await save(all)
        return out
      })
    },
    /** Every mark with the day its title may be deleted from, soonest first (the dashboard's "leaving soon"). */
    async list (windowMs: number): Promise<Array<LeavingMark & { key: string, deletableFrom: string }>> {
      const all = await load()
      return Object.entries(all)
        .filter(([, m]) => m && isDate(m.markedAt) && typeof m.title === 'string')
        .map(([key, m]) => ({ ...m, key, deletableFrom: new Date(Date.parse(m.markedAt) + windowMs).toISOString() }))
        .sort((a, b) => a.deletableFrom.localeCompare(b.deletableFrom))
    },
    /** The mark of a title, if any (the confirmed call checks the mark it was shown is still there). */
    async mark (key: string): Promise<LeavingMark | undefined> {
      return (await load())[key]
    },
    /** Forgets a title's mark (after it was deleted). */
    forget (key: string): Promise<void> {
      return serialized(async () => {
        const all = await load()
        if (!(key in all)) return
        delete all[key]
        await save(all)
      })
    }
  }
}

export type LeavingSoonStore = ReturnType<typeof createLeavingSoonStore>
