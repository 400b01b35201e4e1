// Whether a title not yet on Plex would be shown to a Plex user under their share's restrictions (UserLimits
// .contentFilters, read from plex.tv by clients/plex/shares.ts). Plex's support article "Restricting the Shares"
// (support.plex.tv/articles/204232573) gives the rules: with content ratings chosen only titles rated one of them
// are shared, aside from titles shared by an allowed label; excluded ratings and labels hide a title. A new title
// is judged by its catalogue certification (Radarr's / Sonarr's lookup, the rating Plex's agents give it too) and
// has no labels yet: an allowed label cannot let it through, an excluded one cannot hide it. Values compare
// ignoring case (Plex's own matching is not published).
import type { ContentFilter, UserLimits } from '../../clients/media-server/types.js'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The filter for a kind of title: movies, or series (Plex's television). */
export function shareFilterOf (limits: UserLimits, kind: 'movie' | 'tv'): ContentFilter | undefined {
  return limits.contentFilters?.[kind]
}

/** Whether a new title with this certification passes the filter (no filter: it does). */
export function shareAllows (filter: ContentFilter | undefined, certification: unknown): boolean {
  if (!filter) return true
  const rating = typeof certification === 'string' ? certification.trim() : ''
  if (rating && filter.notRatings.some(r => same(r, rating))) return false
  if (!filter.ratings.length && !filter.labels.length) return true
  return rating !== '' && filter.ratings.some(r => same(r, rating))
}
