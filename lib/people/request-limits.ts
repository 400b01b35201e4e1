// A person may ask for a new title only when their own media-server user could watch it once it is in the library:
// a title rated above that user's MaxParentalRating, or unrated where the user blocks unrated titles of its kind,
// is refused before anything is requested (through Seerr or the manager). The rating is the catalogue's
// certification (the manager's lookup, from TMDB) scored on the media server's own table
// (GET /Localization/ParentalRatings), and compared as Jellyfin compares an item's rating with the user's limit
// (jellyfin/jellyfin v10.11.11 MediaBrowser.Controller/Entities/BaseItem.cs IsParentalAllowed).
// Blocked tags: Jellyfin hides an item when one of the user's BlockedTags equals, ignoring case, one of the item's
// own or inherited Tags (BaseItem.cs IsVisibleViaTags, GetInheritedTags); genres are not tags. Its TMDB provider
// fills Tags with the title's TMDB keywords (MediaBrowser.Providers/Plugins/Tmdb/Movies/TmdbMovieProvider.cs
// AddTag over Keywords; TV/TmdbSeriesProvider.cs likewise) unless ExcludeTagsMovies/ExcludeTagsSeries is set.
// Radarr's lookup carries the same TMDB keywords (Radarr v6.0.3.10276 src/Radarr.Api.V3/Movies/MovieResource.cs
// Keywords, from SkyHookProxy.MapMovie), so a movie is judged by them; Sonarr's series have no keywords (its
// SeriesResource has genres and its own tag ids only), so a series' blocked tags can only be known once it is in
// the library (and a tag added by hand or by an NFO is never known before). search_media applies them there.
// Plex: the user's share restrictions judge the certification (share-filters.ts).
import { ToolError } from '../../core/errors.js'
import type { Principal } from '../../core/principal.js'
import type { MediaServerClient } from '../../clients/media-server/contract.js'
import type { RatingScore, UserLimits } from '../../clients/media-server/types.js'
import { mediaViewOf } from './media-view.js'
import { shareAllows, shareFilterOf } from './share-filters.js'

export interface TitleAsked {
  kind: 'movie' | 'tv'
  title: string
  /** The catalogue's certification (Radarr's/Sonarr's lookup `certification`, e.g. "R", "TV-MA"). */
  certification?: string | null
  /** The catalogue's keywords (Radarr's lookup `keywords`: TMDB keywords, which Jellyfin makes the item's tags). */
  keywords?: readonly string[]
}

const UNRATED = ['n/a', 'unrated', 'not rated', 'nr']

/**
 * LocalizationManager.GetRatingScore (v10.11.11): unrated words have no score, a number is its own score, a
 * "Rated " prefix is dropped, then the server's table decides; a rating it does not know has no score either
 * (the real server also tries other countries' tables, which this server cannot read).
 */
export function scoreOf (certification: string | null | undefined, table: readonly RatingScore[]): RatingScore | undefined {
  const raw = certification?.trim()
  if (!raw || UNRATED.includes(raw.toLowerCase())) return undefined
  if (/^\d+$/.test(raw)) return { name: raw, score: Number(raw) }
  const name = raw.replace(/^rated\s*:?\s*/i, '').trim().toLowerCase()
  return table.find(r => r.name.toLowerCase() === name && r.score !== undefined)
}

/** BaseItem.IsParentalAllowed for a rating score and a user's limits (tags aside). */
export function ratingAllowed (score: RatingScore | undefined, limits: UserLimits, kind: TitleAsked['kind']): boolean {
  if (score?.score === undefined) return !limits.blockUnratedItems.includes(kind === 'movie' ? 'Movie' : 'Series')
  const max = limits.maxParentalRating
  if (max === undefined) return true
  if (score.score !== max) return score.score < max
  return limits.maxParentalSubRating === undefined || (score.subScore ?? 0) <= limits.maxParentalSubRating
}

/** A blocked tag among the title's keywords (IsVisibleViaTags: equal ignoring case), if any. */
export function blockedKeyword (keywords: unknown, limits: UserLimits): string | undefined {
  const words = Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string').map(k => k.toLowerCase()) : []
  return limits.blockedTags.find(b => words.includes(b.toLowerCase()))
}

/** Whether a title not yet in the library would be shown to a user with these limits (rating, then movie keywords). */
export function newTitleAllowed (limits: UserLimits, table: readonly RatingScore[], t: { kind: TitleAsked['kind'], certification?: unknown, keywords?: unknown }): boolean {
  const score = scoreOf(typeof t.certification === 'string' ? t.certification : undefined, table)
  return ratingAllowed(score, limits, t.kind) && blockedKeyword(t.keywords, limits) === undefined && shareAllows(shareFilterOf(limits, t.kind), t.certification)
}

/** Throws a ToolError when the caller's own media-server user could not watch the title; the owner is never refused. */
export async function refuseBeyondLimits (principal: Principal, notifyPeople: string, server: Pick<MediaServerClient, 'service' | 'users' | 'userLimits' | 'parentalRatings'>, want: TitleAsked, signal?: AbortSignal): Promise<void> {
  const view = await mediaViewOf(principal, notifyPeople, server, { signal })
  if (view.asUser === undefined || !view.limits) return
  const limits = view.limits
  const who = principal.person!.name
  const what = JSON.stringify(want.title)
  const tag = blockedKeyword(want.keywords, limits)
  if (tag !== undefined) throw new ToolError(`${what} carries the tag ${JSON.stringify(tag)}, which ${who}'s ${server.service} user may not watch, so it was not requested. Ask the owner.`)
  if (!shareAllows(shareFilterOf(limits, want.kind), want.certification)) {
    const rating = want.certification?.trim()
    throw new ToolError(rating
      ? `${what} is rated ${rating}, which ${who}'s ${server.service} share does not allow, so it was not requested. Ask the owner.`
      : `${what} has no rating, and ${who}'s ${server.service} share allows only some ratings, so it was not requested. Ask the owner.`)
  }
  if (limits.maxParentalRating === undefined && limits.blockUnratedItems.length === 0) return
  const score = scoreOf(want.certification, await server.parentalRatings?.({ signal }) ?? [])
  if (ratingAllowed(score, limits, want.kind)) return
  throw new ToolError(score
    ? `${what} is rated ${score.name}, above what ${who}'s ${server.service} user may watch, so it was not requested. Ask the owner.`
    : `${what} has no rating ${server.service} knows, and ${who}'s ${server.service} user may not watch unrated ${want.kind === 'movie' ? 'movies' : 'series'}, so it was not requested. Ask the owner.`)
}
