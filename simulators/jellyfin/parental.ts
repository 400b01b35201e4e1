// A Jellyfin user's own limits (UserPolicy: MaxParentalRating, BlockedTags, BlockUnratedItems, EnableAllFolders /
// EnabledFolders) and how the server applies them to what that user is shown. Sources (jellyfin/jellyfin v10.11.11):
// - MediaBrowser.Controller/Entities/BaseItem.cs IsParentalAllowed: a blocked tag on the item, a parent or its
//   library hides it (IsVisibleViaTags, GetInheritedTags); the rating is the item's own or its parent's
//   (OfficialRatingForComparison); none, or one the country's table does not know, hides it only when the user
//   blocks unrated items of its kind (GetBlockUnratedValue: Movie, Series for series, seasons and episodes, Music;
//   plain folders never); otherwise score above MaxParentalRating hides it, an equal score compares the sub-score;
// - Jellyfin.Server.Implementations/Item/BaseItemRepository.cs TranslateQuery (MaxParentalRating,
//   BlockUnratedItems, ExcludeInheritedTags): the same rules inside every item query run for a user;
// - Emby.Server.Implementations/Library/LibraryManager.cs AddUserToQuery: the user's libraries (TopParentIds) are
//   applied only to a query with no parentId and no ids; Folder.IsVisible: a library is the user's when
//   EnableAllFolders or EnabledFolders lists it; BaseItem.IsVisibleStandalone (GET /Items/{id}): the item, every
//   parent and its library must be visible;
// - Emby.Server.Implementations/Localization/Ratings/us.json: the scores below (the simulated server's country;
//   the sub-rated TV-PG-x / TV-14-x variants are left out).
import type { JellyfinState, SimItem, SimPolicy, SimUser, UnratedKind } from './state.js'

export type { SimPolicy } from './state.js'

export const OPEN_POLICY: Readonly<SimPolicy> = Object.freeze({ blockedTags: [], blockUnratedItems: [], enableAllFolders: true, enabledFolders: [] })

const US: Array<[string[], number, number]> = [
  [['Approved', 'G', 'TV-G', 'TV-Y'], 0, 0],
  [['TV-Y7'], 7, 0],
  [['PG', 'TV-PG'], 10, 0],
  [['PG-13'], 13, 0],
  [['TV-14'], 14, 0],
  [['R'], 17, 0],
  [['NC-17', 'TV-MA'], 17, 1],
  [['TV-X', 'TV-AO'], 18, 0]
]

/** LocalizationManager.GetRatingScore for the simulated country; undefined for a rating it does not know. */
export function ratingScore (rating: string): { score: number, subScore: number } | undefined {
  const hit = US.find(([names]) => names.some(n => n.toLowerCase() === rating.trim().toLowerCase()))
  return hit ? { score: hit[1], subScore: hit[2] } : undefined
}

function parents (state: JellyfinState, item: SimItem): SimItem[] {
  const out: SimItem[] = []
  let id = item.parentId
  for (let depth = 0; id && depth < 8; depth++) {
    const p = state.items.get(id)
    if (!p) break
    out.push(p)
    id = p.parentId
  }
  return out
}

function unratedKind (item: SimItem): UnratedKind | undefined {
  if (item.kind === 'Movie') return 'Movie'
  if (item.kind === 'Series' || item.kind === 'Season' || item.kind === 'Episode') return 'Series'
  if (item.kind === 'MusicAlbum') return 'Music'
  return undefined
}

/** BaseItem.IsParentalAllowed: blocked tags, then the rating against MaxParentalRating. */
export function parentalAllowed (state: JellyfinState, policy: SimPolicy, item: SimItem): boolean {
  const up = parents(state, item)
  const tags = [item, ...up].flatMap(i => i.tags ?? []).map(t => t.toLowerCase())
  if (policy.blockedTags.some(b => tags.includes(b.toLowerCase()))) return false
  const rating = [item, ...up].find(i => i.officialRating)?.officialRating
  const score = rating === undefined ? undefined : ratingScore(rating)
  if (score === undefined) {
    const kind = unratedKind(item)
    return kind === undefined || !policy.blockUnratedItems.includes(kind)
  }
  const max = policy.maxParentalRating
  if (max === undefined) return true
  if (score.score !== max) return score.score < max
  return policy.maxParentalSubRating === undefined || score.subScore <= policy.maxParentalSubRating
}

/** Folder.IsVisible for a library: EnableAllFolders, or EnabledFolders lists it. */
export function libraryOpen (policy: SimPolicy, libraryId: string): boolean {
  return policy.enableAllFolders || policy.enabledFolders.includes(libraryId)
}

/** An item query run for a user: the parental rules always, the user's libraries only without parentId and ids. */
export function inUserQuery (state: JellyfinState, policy: SimPolicy, item: SimItem, librariesApply: boolean): boolean {
  return parentalAllowed(state, policy, item) && (!librariesApply || libraryOpen(policy, item.libraryId))
}

/** BaseItem.IsVisibleStandalone (GET /Items/{id} for a user): the item, its parents and its library. */
export function visibleStandalone (state: JellyfinState, policy: SimPolicy, item: SimItem): boolean {
  return parentalAllowed(state, policy, item) && parents(state, item).every(p => parentalAllowed(state, policy, p)) && libraryOpen(policy, item.libraryId)
}

/**
 * GET /Localization/ParentalRatings: LocalizationManager.GetParentalRatings (v10.11.11) lists the server country's
 * ratings, then adds "Unrated" (no score), "21", "XXX" (1000) and "Banned" (1001) where the country lacks them
 * (us.json has Approved, PG-level 10, 13 and 14 already), ordered by score then sub-score.
 */
export function parentalRatingsDto (): Array<Record<string, unknown>> {
  const rows: Array<{ name: string, score?: { score: number, subScore: number | null } }> = [{ name: 'Unrated' }]
  for (const [names, score, subScore] of US) for (const name of names) rows.push({ name, score: { score, subScore } })
  rows.push({ name: '21', score: { score: 21, subScore: null } }, { name: 'XXX', score: { score: 1000, subScore: null } }, { name: 'Banned', score: { score: 1001, subScore: null } })
  const key = (r: typeof rows[number]) => r.score === undefined ? -1 : r.score.score * 10 + (r.score.subScore ?? 0)
  return rows.sort((a, b) => key(a) - key(b)).map(r => r.score ? { Name: r.name, Value: r.score.score, RatingScore: r.score } : { Name: r.name, Value: null, RatingScore: null })
}

export function policyOf (user: SimUser | undefined): SimPolicy {
  return user?.policy ?? OPEN_POLICY
}
