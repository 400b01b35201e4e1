// What an answer read from a manager's whole-library list says about that list's age. The lists are kept warm
// (plugins/library-prefetch.ts): renewed in the background every 15 s while they are read, every 5 minutes
// while nobody reads them, so an answer is never kept waiting for one. A list older than its 30 s TTL (the
// first read after a quiet spell, or a manager that stopped answering) is still served, and the answer says so.
import { LIBRARY_TTL_MS } from '../../clients/servarr/library.js'

interface ListSource { service: string, libraryAgeMs: (list: unknown) => number | undefined }

/** How long ago, in household words: "40 s", "3 min", "2 h". */
function agoText (ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 90) return `${s} s`
  const min = Math.round(s / 60)
  return min < 90 ? `${min} min` : `${Math.round(min / 60)} h`
}

/** " Sonarr's library list is from 3 min ago; …" when the list served is older than the TTL, else "". */
export function listAgeText (source: ListSource, list: unknown): string {
  const age = source.libraryAgeMs(list)
  if (age === undefined || age <= LIBRARY_TTL_MS) return ''
  return ` ${source.service}'s library list is from ${agoText(age)} ago (a newer one is being fetched: ask again to see changes made since).`
}
