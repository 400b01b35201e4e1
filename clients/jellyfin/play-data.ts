// What each media-server user has watched, as functions over the Jellyfin client's authenticated call:
// GET /Items with `userId` (an API key may name any user) returns each item with that user's UserData
// (Played, LastPlayedDate, IsFavorite) — jellyfin/jellyfin v10.11.11 Jellyfin.Api/Controllers/ItemsController.cs
// GetItems, MediaBrowser.Model/Dto/UserItemDataDto.cs. cleanup_server's watched category reads it.
//
// A series is asked as the series item itself: its UserData.Played is "no episode left unplayed"
// (MediaBrowser.Controller/Entities/Folder.cs FillUserDataDtoValues), which is also true of a series with NO
// episode on disk. So RecursiveItemCount (its episodes on disk, Folder.GetRecursiveChildCount; answered only with
// a user, in the same FillUserDataDtoValues) is asked too, and a series counts as played only when it has at least
// one episode and none is left unplayed. The isPlayed filter is NOT used for series:
// with includeItemTypes=Series it keeps a series when ANY episode is played (BaseItemRepository.TranslateQuery).
// A series' own LastPlayedDate is not its episodes', so its last play is read from its episodes (sortBy=DatePlayed).
import type { HttpCall } from '../http.js'
import type { CallOptions, TitlePlay } from '../media-server/types.js'

export type { TitlePlay } from '../media-server/types.js'

/** What these calls need of the Jellyfin client: its authenticated call (and its PATH_MAP for paths). */
export interface JellyfinCalls { call: <T>(c: HttpCall, o?: CallOptions) => Promise<T>, ourPath: (serverPath: string) => string }

interface RawUserData { Played?: boolean, LastPlayedDate?: string | null, IsFavorite?: boolean }
interface RawPlayItem {
  Id?: string
  Name?: string | null
  Type?: string
  Path?: string | null
  ProductionYear?: number | null
  ProviderIds?: Record<string, string | null> | null
  RecursiveItemCount?: number | null
  UserData?: RawUserData | null
}
interface RawPage { Items?: RawPlayItem[] | null, TotalRecordCount?: number }

const PAGE = 1000
/** Pages read at most per user (1,000 titles each): a library beyond that is read only in part, and said so. */
const MAX_PAGES = 100

function providerId (ids: RawPlayItem['ProviderIds'], key: string): number | undefined {
  const raw = ids?.[key] ?? ids?.[key.toLowerCase()]
  const n = Number(raw)
  return raw && Number.isInteger(n) && n > 0 ? n : undefined
}

function toTitlePlay (client: JellyfinCalls, r: RawPlayItem): TitlePlay | undefined {
  if (!r.Id || (r.Type !== 'Movie' && r.Type !== 'Series')) return undefined
  const tmdbId = providerId(r.ProviderIds, 'Tmdb')
  const tvdbId = providerId(r.ProviderIds, 'Tvdb')
  return {
    itemId: r.Id,
    kind: r.Type,
    name: r.Name ?? r.Id,
    ...(r.ProductionYear ? { year: r.ProductionYear } : {}),
    ...(r.Path ? { path: client.ourPath(r.Path) } : {}),
    ...(tmdbId ? { tmdbId } : {}),
    ...(tvdbId ? { tvdbId } : {}),
    played: r.UserData?.Played === true && (r.Type === 'Movie' || (r.RecursiveItemCount ?? 0) > 0),
    ...(r.UserData?.LastPlayedDate ? { lastPlayed: r.UserData.LastPlayedDate } : {}),
    favorite: r.UserData?.IsFavorite === true
  }
}

const query = (userId: string, extra: Record<string, unknown>) => ({
  userId,
  recursive: true,
  fields: ['ProviderIds', 'Path', 'RecursiveItemCount'],
  enableImages: false,
  enableUserData: true,
  ...extra
})

/** Every movie and series with one user's play data. `complete` is false when the library was cut at MAX_PAGES. */
export async function titlesSeenBy (client: JellyfinCalls, userId: string, o?: CallOptions): Promise<{ titles: TitlePlay[], complete: boolean }> {
  const titles: TitlePlay[] = []
  for (let pageNo = 0; pageNo < MAX_PAGES; pageNo++) {
    const raw = await client.call<RawPage | null>({
      path: '/Items',
      query: query(userId, { includeItemTypes: ['Movie', 'Series'], sortBy: ['SortName'], startIndex: pageNo * PAGE, limit: PAGE, enableTotalRecordCount: true })
    }, o)
    const items = raw?.Items ?? []
    for (const r of items) { const t = toTitlePlay(client, r); if (t) titles.push(t) }
    if (items.length < PAGE || (pageNo + 1) * PAGE >= (raw?.TotalRecordCount ?? 0)) return { titles, complete: true }
  }
  return { titles, complete: false }
}

/** One title with one user's play data, or undefined when the media server no longer has it. */
export async function titleSeenBy (client: JellyfinCalls, userId: string, itemId: string, o?: CallOptions): Promise<TitlePlay | undefined> {
  const raw = await client.call<RawPage | null>({ path: '/Items', query: query(userId, { ids: [itemId], enableTotalRecordCount: false }) }, o)
  const found = (raw?.Items ?? []).find(r => r.Id === itemId)
  return found ? toTitlePlay(client, found) : undefined
}

/** When one user last played an episode of a series (undefined when never, or the date is not known). */
export async function lastEpisodePlay (client: JellyfinCalls, userId: string, seriesId: string, o?: CallOptions): Promise<string | undefined> {
  const raw = await client.call<RawPage | null>({
    path: '/Items',
    query: query(userId, { parentId: seriesId, includeItemTypes: ['Episode'], isPlayed: true, sortBy: ['DatePlayed'], sortOrder: ['Descending'], limit: 1, enableTotalRecordCount: false })
  }, o)
  return raw?.Items?.[0]?.UserData?.LastPlayedDate ?? undefined
}
