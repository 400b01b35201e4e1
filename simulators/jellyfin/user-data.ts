// Per-user play data as Jellyfin 10.11 keeps it (one UserData row per user and item: Played, PlayCount,
// LastPlayedDate, IsFavorite, PlaybackPositionTicks) and the UserData object a BaseItemDto carries for that
// user. Sources (jellyfin/jellyfin v10.11.11):
// - MediaBrowser.Model/Dto/UserItemDataDto.cs: the fields and their names;
// - MediaBrowser.Controller/Entities/BaseItem.cs MarkPlayed: PlayCount at least 1 (+1 with a datePlayed),
//   LastPlayedDate = datePlayed ?? the old one ?? now, Played = true, position reset; MarkUnplayed clears them;
// - MediaBrowser.Controller/Entities/Folder.cs MarkPlayed: a folder (series, season) marks every non-folder
//   item below it; FillUserDataDtoValues: a folder's UnplayedItemCount counts the non-folder items below it
//   its user has not played, and Played is UnplayedItemCount == 0, so a folder with none is Played (its own
//   LastPlayedDate is its own row's; see userDataDto);
// - Jellyfin.Api/Controllers/PlaystateController.cs MarkPlayedItem / MarkUnplayedItem (POST/DELETE
//   /UserPlayedItems/{itemId}) and UserLibraryController.cs MarkFavoriteItem / UnmarkFavoriteItem (POST/DELETE
//   /UserFavoriteItems/{itemId}): the user is the `userId` query or the caller's own (RequestHelpers.GetUserId),
//   an unknown user or item is 404, and the answer is the item's UserItemDataDto.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { EMPTY_USER_ID, exceptionReply, guid } from './binders.js'
import type { JellyfinState, SimItem } from './state.js'

export interface SimUserData { played: boolean, playCount: number, lastPlayedDate?: string, isFavorite: boolean, positionTicks: number }

const FOLDERS = new Set(['CollectionFolder', 'Series', 'Season', 'MusicAlbum'])

export function createUserDataStore () {
  const rows = new Map<string, SimUserData>()
  const key = (userId: string, itemId: string) => `${userId}:${itemId}`
  const empty = (): SimUserData => ({ played: false, playCount: 0, isFavorite: false, positionTicks: 0 })
  return {
    get: (userId: string, itemId: string): SimUserData => rows.get(key(userId, itemId)) ?? empty(),
    set (userId: string, itemId: string, patch: Partial<SimUserData>) {
      rows.set(key(userId, itemId), { ...(rows.get(key(userId, itemId)) ?? empty()), ...patch })
    },
    /** Drops every row of an item (the item was removed from the library). */
    forget (itemId: string) { for (const k of rows.keys()) if (k.endsWith(`:${itemId}`)) rows.delete(k) }
  }
}

export type UserDataStore = ReturnType<typeof createUserDataStore>

/**
 * The non-folder items below a folder (or the item itself when it is not a folder): what Folder.GetRecursiveChildCount
 * and the UnplayedItemCount query count (IsFolder = false, IsVirtualItem = false; the simulator has no virtual items).
 */
export function playables (state: JellyfinState, item: SimItem): SimItem[] {
  if (!FOLDERS.has(item.kind)) return [item]
  const out: SimItem[] = []
  for (const other of state.items.values()) {
    if (FOLDERS.has(other.kind)) continue
    if (other.seriesId === item.id || other.seasonId === item.id || other.parentId === item.id) out.push(other)
  }
  return out
}

/** Whether a user has played an item, as the isPlayed filter and the DTO see it (folders: nothing left unplayed). */
export function playedBy (state: JellyfinState, store: UserDataStore, userId: string, item: SimItem): boolean {
  if (!FOLDERS.has(item.kind)) return store.get(userId, item.id).played
  return playables(state, item).every(i => store.get(userId, i.id).played)
}

/**
 * The isPlayed filter. For includeItemTypes=Series alone, the real query keeps a series when ANY of its episodes
 * is played (BaseItemRepository.TranslateQuery v10.11.11: `.Any(f => f.SeriesPresentationUniqueKey == …) ==
 * filter.IsPlayed`), not when all are: what a series' own UserData.Played says differs from what that filter keeps.
 */
export function matchesPlayedFilter (state: JellyfinState, store: UserDataStore, userId: string, item: SimItem, seriesOnly: boolean, wanted: boolean): boolean {
  if (seriesOnly && item.kind === 'Series') return playables(state, item).some(i => store.get(userId, i.id).played) === wanted
  return store.get(userId, item.id).played === wanted
}

/**
 * A folder's played state is its items' (Folder.FillUserDataDtoValues, MediaBrowser.Controller/Entities/Folder.cs
 * v10.11.11): UnplayedItemCount counts its unplayed items; with RecursiveItemCount asked for (fields) and above 0,
 * PlayedPercentage is the played share and Played is PlayedPercentage >= 100, otherwise Played is
 * UnplayedItemCount == 0. So a series with no episode on disk is Played for every user.
 */
export function userDataDto (state: JellyfinState, store: UserDataStore, userId: string, item: SimItem, fields: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const row = store.get(userId, item.id)
  const dto: Record<string, unknown> = {
    PlaybackPositionTicks: row.positionTicks,
    PlayCount: row.playCount,
    IsFavorite: row.isFavorite,
    Played: row.played,
    Key: item.id,
    ItemId: item.id
  }
  if (row.lastPlayedDate) dto.LastPlayedDate = row.lastPlayedDate
  if (FOLDERS.has(item.kind) && item.kind !== 'CollectionFolder') {
    const items = playables(state, item)
    const unplayed = items.filter(i => !store.get(userId, i.id).played).length
    dto.UnplayedItemCount = unplayed
    if (fields.has('RecursiveItemCount') && items.length > 0) {
      dto.PlayedPercentage = 100 - (unplayed / items.length) * 100
      dto.Played = (dto.PlayedPercentage as number) >= 100
    } else {
      dto.Played = unplayed === 0
    }
  }
  return dto
}

/** Marks an item played (a folder: every item below it) for a user, as BaseItem/Folder.MarkPlayed do. */
export function markPlayed (state: JellyfinState, store: UserDataStore, userId: string, item: SimItem, datePlayed?: string, now = new Date()) {
  for (const i of playables(state, item)) {
    const row = store.get(userId, i.id)
    const playCount = Math.max(row.playCount + (datePlayed ? 1 : 0), 1)
    store.set(userId, i.id, { played: true, playCount, positionTicks: 0, lastPlayedDate: datePlayed ?? row.lastPlayedDate ?? now.toISOString() })
  }
}

export function registerUserDataRoutes (app: FastifyInstance, state: JellyfinState, store: UserDataStore, callerOf: (req: FastifyRequest) => { userId?: string, isAdmin: boolean }) {
  /** RequestHelpers.GetUserId, then the user and the item: a status to answer with when one is refused. */
  function target (req: FastifyRequest): { userId: string, item: SimItem } | { refused: 403 | 404 } {
    const caller = callerOf(req)
    const asked = guid((req.query as Record<string, unknown>).userId)
    if (asked && asked !== EMPTY_USER_ID && asked !== caller.userId && !caller.isAdmin) return { refused: 403 }
    const userId = asked && asked !== EMPTY_USER_ID ? asked : caller.userId
    const item = state.items.get(guid((req.params as { itemId: string }).itemId) ?? '')
    if (!userId || !state.users.some(u => u.id === userId) || !item) return { refused: 404 }
    return { userId, item }
  }
  const datePlayed = (req: FastifyRequest) => {
    const raw = (req.query as Record<string, unknown>).datePlayed
    const t = typeof raw === 'string' ? Date.parse(raw) : NaN
    return Number.isNaN(t) ? undefined : new Date(t).toISOString()
  }

  app.post('/UserPlayedItems/:itemId', async (req, reply) => {
    const t = target(req)
    if ('refused' in t) return t.refused === 403 ? exceptionReply(reply, 403) : reply.code(404).send()
    markPlayed(state, store, t.userId, t.item, datePlayed(req))
    return userDataDto(state, store, t.userId, t.item)
  })
  app.delete('/UserPlayedItems/:itemId', async (req, reply) => {
    const t = target(req)
    if ('refused' in t) return t.refused === 403 ? exceptionReply(reply, 403) : reply.code(404).send()
    // BaseItem.MarkUnplayed: PlayCount 0, position 0, LastPlayedDate cleared, Played false.
    for (const i of playables(state, t.item)) store.set(t.userId, i.id, { played: false, playCount: 0, positionTicks: 0, lastPlayedDate: undefined })
    return userDataDto(state, store, t.userId, t.item)
  })
  for (const [method, isFavorite] of [['post', true], ['delete', false]] as const) {
    app[method]('/UserFavoriteItems/:itemId', async (req, reply) => {
      const t = target(req)
      if ('refused' in t) return t.refused === 403 ? exceptionReply(reply, 403) : reply.code(404).send()
      store.set(t.userId, t.item.id, { isFavorite })
      return userDataDto(state, store, t.userId, t.item)
    })
  }
}
