// One title's state across the stack: media server, series/movie manager, torrent client, direct-download
// manager and the disk. Every part is asked at once with its own deadline; a part that fails shows as
// unavailable with the reason while the others still answer.
import { BackendError } from '../../core/errors.js'
import { deadlineWords, sourceDeadlineMs, withDeadline } from '../../core/deadline.js'

/** An answered part may still carry a reason: some of its instances did not answer. */
export type Part<T> = { available: true, data: T, reason?: string } | { available: false, reason: string }

export async function part<T> (fn: () => Promise<T>, deadlineMs = sourceDeadlineMs()): Promise<Part<T>> {
  try {
    return { available: true, data: await withDeadline(fn(), deadlineMs, `did not answer in ${deadlineWords(deadlineMs)}`) }
  } catch (err) {
    // A service that is not configured is not a source here: "not asked", like a part the kind leaves out.
    if (err instanceof BackendError && err.code === 'not_configured') return { available: false, reason: `not asked: ${err.message}` }
    return { available: false, reason: err instanceof BackendError || err instanceof Error ? err.message : String(err) }
  }
}

/** Loose title match: case, punctuation and a trailing year do not matter ("The Office (US)" ~ "the office us"). */
export function normalizeTitle (s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').trim()
}

// Titles normalized once each: a snapshot matches one query against every title of a large library
// (9,000 for 3,000 series and 6,000 movies). Bounded: cleared when it grows past MEMO_MAX titles.
const MEMO_MAX = 50_000
const memo = new Map<string, string>()
function normalizedOnce (s: string): string {
  let n = memo.get(s)
  if (n === undefined) {
    if (memo.size >= MEMO_MAX) memo.clear()
    n = normalizeTitle(s)
    memo.set(s, n)
  }
  return n
}

export function titleMatches (query: string, candidate: string | null | undefined): boolean {
  if (!candidate) return false
  const q = normalizedOnce(query)
  const c = normalizedOnce(candidate)
  return q.length > 0 && (c === q || c.startsWith(q + ' ') || c.includes(q))
}
