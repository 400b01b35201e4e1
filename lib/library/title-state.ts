// One title's state across the stack: media server, series/movie manager, torrent client, direct-download
// manager and the disk. Every part is asked at once with its own deadline; a part that fails shows as
// unavailable with the reason while the others still answer.
import { BackendError } from '../../core/errors.js'
import { withDeadline } from '../../core/deadline.js'

export type Part<T> = { available: true, data: T } | { available: false, reason: string }

export async function part<T> (fn: () => Promise<T>, deadlineMs = 8_000): Promise<Part<T>> {
  try {
    return { available: true, data: await withDeadline(fn(), deadlineMs, `no answer within ${deadlineMs / 1000} s`) }
  } catch (err) {
    return { available: false, reason: err instanceof BackendError || err instanceof Error ? err.message : String(err) }
  }
}

/** Loose title match: case, punctuation and a trailing year do not matter ("The Office (US)" ~ "the office us"). */
export function normalizeTitle (s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').trim()
}

export function titleMatches (query: string, candidate: string | null | undefined): boolean {
  if (!candidate) return false
  const q = normalizeTitle(query)
  const c = normalizeTitle(candidate)
  return q.length > 0 && (c === q || c.startsWith(q + ' ') || c.includes(q))
}
