// The media server's neutral shapes: what every media-server client (Jellyfin, Plex) returns and every tool reads.
// Item kinds use one vocabulary (Movie, Series, Season, Episode, MusicAlbum, …) whatever the server calls them.

/** Item kinds the tools accept as filters (Jellyfin's BaseItemKind names; the Plex client maps its types onto them). */
export const ITEM_KINDS = ['Movie', 'Series', 'Season', 'Episode', 'MusicAlbum', 'MusicArtist', 'Audio', 'MusicVideo', 'Video', 'BoxSet', 'Book', 'Playlist'] as const
export type ItemKind = typeof ITEM_KINDS[number]

export const COLLECTION_TYPES = ['movies', 'tvshows', 'music', 'musicvideos', 'homevideos', 'boxsets', 'books', 'mixed'] as const
export type CollectionType = typeof COLLECTION_TYPES[number]

export interface MediaItem {
  id: string
  name: string
  type: string
  year?: number
  premiereDate?: string
  path?: string
  overview?: string
  genres?: string[]
  providerIds: { tvdb?: string, tmdb?: string, imdb?: string }
  seriesId?: string
  seriesName?: string
  seasonId?: string
  seasonNumber?: number
  indexNumber?: number
  childCount?: number
  recursiveItemCount?: number
  runtimeMinutes?: number
  communityRating?: number
  status?: string
  albumArtist?: string
  parentId?: string
}

export interface Page<T> { items: T[], total: number, startIndex: number }

export interface Library {
  name: string
  itemId: string
  collectionType: string
  /** Folder paths as this server sees them (the client applies PATH_MAP). */
  locations: string[]
  refreshStatus?: string
  refreshProgress?: number
}

export interface Session {
  id: string
  userName?: string
  client?: string
  deviceName?: string
  lastActivity?: string
  nowPlaying?: { id: string, name: string, type: string, seriesName?: string, positionSeconds?: number, runtimeSeconds?: number, isPaused: boolean, playMethod?: string }
}

export interface User { id: string, name: string, isAdmin: boolean, isDisabled: boolean, lastActivity?: string, limits?: UserLimits }

/** A user's own limits as the server keeps them (Jellyfin's UserPolicy); absent where the server does not say. */
export interface UserLimits {
  /** The highest rating score the user may see (the server's own scale: /Localization/ParentalRatings). */
  maxParentalRating?: number
  maxParentalSubRating?: number
  /** Kinds whose unrated titles are hidden (Movie, Series, Music, …). */
  blockUnratedItems: string[]
  blockedTags: string[]
  /** Plex: the restrictions of the user's share, per kind (plex.tv filterMovies, filterTelevision, filterMusic). */
  contentFilters?: { movie?: ContentFilter, tv?: ContentFilter, music?: ContentFilter }
}

/** One Plex share restriction: content ratings and labels allowed (only these) or excluded (clients/plex/shares.ts). */
export interface ContentFilter { ratings: string[], notRatings: string[], labels: string[], notLabels: string[] }

/** One rating the server knows and its score (undefined: unrated). */
export interface RatingScore { name: string, score?: number, subScore?: number }

export interface ActivityEntry {
  id: number
  name: string
  type: string
  date: string
  severity: string
  overview?: string
  itemId?: string
  userId?: string
}

export interface ServerInfo { serverName: string, version: string, id: string, productName?: string, operatingSystem?: string, startupWizardCompleted?: boolean, hasPendingRestart?: boolean }

/** Drops undefined keys so results stay small and match `additionalProperties: false` output schemas. */
export function strip<T extends object> (o: T): T {
  for (const k of Object.keys(o) as Array<keyof T>) if (o[k] === undefined) delete o[k]
  return o
}

/** What counts as one item in each kind of library (series, not episodes; albums, not tracks). */
const TOP_LEVEL_KINDS: Record<string, ItemKind[]> = {
  movies: ['Movie'],
  tvshows: ['Series'],
  music: ['MusicAlbum'],
  musicvideos: ['MusicVideo'],
  homevideos: ['Video'],
  boxsets: ['BoxSet'],
  books: ['Book']
}

/** The item kinds to count for a library of this collection type (mixed libraries count every main kind). */
export function topLevelKinds (collectionType: string): ItemKind[] {
  return TOP_LEVEL_KINDS[collectionType] ?? ['Movie', 'Series', 'MusicAlbum', 'Video']
}

/** One page of items across the server (search_media, get_library_state). */
export interface ItemQuery {
  searchTerm?: string
  types?: readonly ItemKind[]
  /** A library's id (Library.itemId) to search under. */
  parentId?: string
  ids?: readonly string[]
  startIndex?: number
  limit?: number
  /** Default true: search the whole tree, not only direct children. */
  recursive?: boolean
  sortBy?: Array<'SortName' | 'DateCreated' | 'PremiereDate' | 'ProductionYear' | 'CommunityRating'>
  sortOrder?: 'Ascending' | 'Descending'
}

export interface CallOptions {
  signal?: AbortSignal
  /**
   * Read as this media-server user (a Jellyfin user id, a Plex account id): the server applies that user's own
   * limits (parental rating, blocked tags, libraries; Plex: the share's restrictions, read with the user's own
   * token) to libraries, items, item, seasons and episodes. lib/people/media-view.ts sets it.
   */
  asUser?: string
}

/** One user's play data for one movie or series (cleanup_server's watched category). */
export interface TitlePlay {
  itemId: string
  kind: 'Movie' | 'Series'
  name: string
  year?: number
  /** The item's path as this server sees it (a movie's file, a series' folder). */
  path?: string
  tmdbId?: number
  tvdbId?: number
  /** Played to the end: a movie as its user data says; a series only with an episode on disk and none unplayed. */
  played: boolean
  lastPlayed?: string
  /** Kept by this user: a Jellyfin favourite; on Plex the "keep" label or a watchlist (see docs/plex.md). */
  favorite: boolean
}

/** A media-server task that cleans its own caches (cleanup_server's caches category). */
export interface ScheduledTask {
  id: string
  key: string
  name: string
  state: 'Idle' | 'Cancelling' | 'Running'
  category?: string
  lastStatus?: string
  lastEnded?: string
}
