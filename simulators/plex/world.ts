// The Plex simulator's view of the shared media world: the same items, libraries, users and sessions the Jellyfin
// simulator seeds from the shared seed library (simulators/jellyfin/state.ts), so the demo household is one world
// whichever media server it runs. Plex names things differently: items have integer ratingKeys, libraries are
// sections with integer keys, users are server accounts (owner first), and what each account watched is the play
// history (one row per finished play), not a per-item flag.
import type { JellyfinState, SimItem } from '../jellyfin/state.js'
import type { Container } from './render.js'

const TYPES: Record<string, string> = { Movie: 'movie', Series: 'show', Season: 'season', Episode: 'episode', MusicAlbum: 'album' }
const SECTION_TYPES: Record<string, string> = { movies: 'movie', tvshows: 'show', music: 'artist', homevideos: 'photo' }
const DAY_MS = 86_400_000

export interface HistoryRow { historyKey: number, itemId: string, accountId: number, viewedAt: number }

export function createPlexWorld (state: JellyfinState) {
  const keys = new Map<string, number>()
  const ids = new Map<number, string>()
  let next = 100
  /** The ratingKey of an item (or section key of a library), given on first sight and kept. */
  function keyOf (id: string): number {
    let k = keys.get(id)
    if (k === undefined) { k = next++; keys.set(id, k); ids.set(k, id) }
    return k
  }
  const itemOf = (key: string | number): SimItem | undefined => {
    const id = ids.get(Number(key))
    return id ? state.items.get(id) : undefined
  }
  const sectionKey = (libraryId: string) => state.libraries.findIndex(l => l.itemId === libraryId) + 1
  const sectionOf = (key: string | number) => state.libraries[Number(key) - 1]

  /** Accounts: the owner (admin) is 1, the other enabled users follow; Plex has no disabled account. */
  const accounts = () => state.users.filter(u => !u.isDisabled).map((u, i) => ({ id: i + 1, name: u.name, userId: u.id }))
  const history: HistoryRow[] = []
  /** Labels per item (plexapi/mixins.py LabelMixin: the Label tags of an item). */
  const labels = new Map<string, string[]>()
  let nextHistory = 1

  const children = (item: SimItem) => [...state.items.values()].filter(i => i.parentId === item.id)
  const leaves = (item: SimItem) => [...state.items.values()].filter(i => i.kind === 'Episode' && (i.seriesId === item.id || i.seasonId === item.id))
  const epoch = (iso?: string) => iso ? Math.floor(Date.parse(iso) / 1000) : undefined

  /** One item as a Metadata entry; Guid only when includeGuids=1 (spec : 7906). */
  function metadata (item: SimItem, o: { guids?: boolean, accountId?: number } = {}): Container {
    const type = TYPES[item.kind] ?? 'clip'
    const lib = state.libraries.find(l => l.itemId === item.libraryId)
    const ids = item.providerIds ?? {}
    const played = o.accountId === undefined ? [] : history.filter(h => h.accountId === o.accountId && h.itemId === item.id)
    const series = item.seriesId ? state.items.get(item.seriesId) : undefined
    const season = item.seasonId ? state.items.get(item.seasonId) : undefined
    return {
      ratingKey: String(keyOf(item.id)),
      key: `/library/metadata/${keyOf(item.id)}${item.kind === 'Series' || item.kind === 'Season' ? '/children' : ''}`,
      type,
      title: item.name,
      titleSort: item.sortName,
      year: item.year,
      originallyAvailableAt: item.premiereDate?.slice(0, 10),
      summary: item.overview,
      contentRating: item.officialRating,
      duration: item.runTimeTicks ? Math.round(item.runTimeTicks / 10_000) : undefined,
      audienceRating: item.communityRating,
      librarySectionID: lib ? sectionKey(lib.itemId) : undefined,
      librarySectionTitle: lib?.name,
      addedAt: epoch(item.dateCreated),
      index: item.indexNumber,
      ...(item.kind === 'Season' && series ? { parentRatingKey: String(keyOf(series.id)), parentTitle: series.name, leafCount: leaves(item).length } : {}),
      ...(item.kind === 'Episode' && series && season ? { grandparentRatingKey: String(keyOf(series.id)), grandparentTitle: series.name, parentRatingKey: String(keyOf(season.id)), parentTitle: season.name, parentIndex: item.parentIndexNumber } : {}),
      ...(item.kind === 'Series' ? { childCount: children(item).length, leafCount: leaves(item).length, Location: item.path ? [{ path: item.path }] : [] } : {}),
      ...(item.kind === 'MusicAlbum' ? { parentTitle: item.albumArtist } : {}),
      ...(played.length ? { viewCount: played.length, lastViewedAt: Math.max(...played.map(h => h.viewedAt)) } : {}),
      Genre: item.genres?.map(tag => ({ tag })),
      ...(labels.get(item.id)?.length ? { Label: labels.get(item.id)!.map(tag => ({ tag })) } : {}),
      ...(o.guids ? { Guid: Object.entries(ids).map(([k, v]) => ({ id: `${k.toLowerCase()}://${v}` })) } : {}),
      ...((item.kind === 'Movie' || item.kind === 'Episode') && item.path ? { Media: [{ id: keyOf(item.id), Part: [{ id: keyOf(item.id), file: item.path }] }] } : {})
    }
  }

  function section (i: number): Container {
    const l = state.libraries[i]
    return {
      key: String(i + 1),
      type: SECTION_TYPES[l.collectionType] ?? 'movie',
      title: l.name,
      refreshing: l.refreshStatus === 'Active',
      Location: l.locations.map((path, n) => ({ id: (i + 1) * 100 + n, path }))
    }
  }

  return {
    state,
    keyOf,
    itemOf,
    sectionOf,
    sectionKey,
    accounts,
    history,
    labels,
    metadata,
    section,
    leaves,
    /** Records a finished play of an item by an account (the account's id, or a user name). */
    play (account: number | string, itemId: string, viewedAt: Date = new Date()) {
      const acc = typeof account === 'number' ? account : accounts().find(a => a.name === account)?.id
      if (acc === undefined) throw new Error(`no Plex account ${account}`)
      history.push({ historyKey: nextHistory++, itemId, accountId: acc, viewedAt: Math.floor(viewedAt.getTime() / 1000) })
    },
    daysAgo: (days: number, now = Date.now()) => new Date(now - days * DAY_MS)
  }
}

export type PlexWorld = ReturnType<typeof createPlexWorld>
