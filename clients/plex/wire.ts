// The Plex client's edge: the few MediaContainer fields we read (JSON form, asked with Accept: application/json,
// LukeHagar/plex-api-spec @ ae9507e description.md : 3-12) and how they become the neutral media-server shapes.
// Field names as python-plexapi parses them (pkkid/python-plexapi @ 4.16.1 plexapi/video.py Movie/Show/Season/
// Episode._loadData, plexapi/library.py LibrarySection._loadData, plexapi/base.py PlexSession._loadData).
// Everything is optional: servers add and drop fields.
import { strip, type ActivityEntry, type ItemKind, type Library, type MediaItem, type Session, type User } from '../media-server/types.js'

export const SERVICE = 'Plex'
/** Plex ids (ratingKey, section key) are positive integers. */
export const PLEX_ID = /^[1-9][0-9]{0,11}$/

export interface RawTag { tag?: string, id?: string | number }
export interface RawMetadata {
  ratingKey?: string
  type?: string
  title?: string
  year?: number
  originallyAvailableAt?: string
  summary?: string
  librarySectionID?: number | string
  parentRatingKey?: string
  grandparentRatingKey?: string
  grandparentTitle?: string
  parentTitle?: string
  index?: number
  parentIndex?: number
  childCount?: number
  leafCount?: number
  viewedLeafCount?: number
  duration?: number
  audienceRating?: number
  viewCount?: number
  lastViewedAt?: number
  viewOffset?: number
  addedAt?: number
  Genre?: RawTag[]
  Guid?: Array<{ id?: string }>
  Label?: RawTag[]
  Location?: Array<{ path?: string }>
  Media?: Array<{ Part?: Array<{ file?: string }> }>
  // /status/sessions children (plexapi/base.py PlexSession._loadData)
  User?: { id?: string | number, title?: string }
  Player?: { title?: string, product?: string, state?: string }
  Session?: { id?: string }
  TranscodeSession?: { videoDecision?: string }
  // /status/sessions/history/all fields (plexapi/base.py; spec : 3706-3750)
  historyKey?: string
  viewedAt?: number
  accountID?: number
}
export interface RawSection { key?: string, type?: string, title?: string, refreshing?: boolean | number | string, Location?: Array<{ path?: string }> }
export interface RawAccount { id?: number, name?: string }
export interface RawContainer {
  size?: number
  totalSize?: number
  offset?: number
  version?: string
  friendlyName?: string
  machineIdentifier?: string
  platform?: string
  myPlexUsername?: string
  Metadata?: RawMetadata[]
  Directory?: RawSection[]
  Account?: RawAccount[]
}
export interface RawAnswer { MediaContainer?: RawContainer }

/** Plex item types and our kinds (plexapi/utils.py SEARCHTYPES gives the numbers the `type` filter takes). */
const KINDS: Record<string, { kind: ItemKind, number: number }> = {
  movie: { kind: 'Movie', number: 1 },
  show: { kind: 'Series', number: 2 },
  season: { kind: 'Season', number: 3 },
  episode: { kind: 'Episode', number: 4 },
  artist: { kind: 'MusicArtist', number: 8 },
  album: { kind: 'MusicAlbum', number: 9 },
  track: { kind: 'Audio', number: 10 },
  clip: { kind: 'Video', number: 12 },
  playlist: { kind: 'Playlist', number: 15 },
  collection: { kind: 'BoxSet', number: 18 }
}

/** The `type` number for one of our kinds, or undefined when Plex has no such type (books). */
export function plexTypeNumber (kind: ItemKind): number | undefined {
  return Object.values(KINDS).find(k => k.kind === kind)?.number
}

/** Section types (plexapi/library.py: MovieSection, ShowSection, MusicSection, PhotoSection) and our collection types. */
const SECTION_TYPES: Record<string, string> = { movie: 'movies', show: 'tvshows', artist: 'music', photo: 'homevideos' }

/**
 * What a new section of one of our collection types is created with: plexapi/library.py Library.add docstring (229-330)
 * for movies and shows; music as python-plexapi's tools/plex-bootstraptest.py (597-598) creates it, the docstring has none.
 */
export const NEW_SECTION: Record<string, { type: string, agent: string, scanner: string }> = {
  movies: { type: 'movie', agent: 'tv.plex.agents.movie', scanner: 'Plex Movie' },
  tvshows: { type: 'show', agent: 'tv.plex.agents.series', scanner: 'Plex TV Series' },
  music: { type: 'artist', agent: 'tv.plex.agents.music', scanner: 'Plex Music' }
}

const guid = (r: RawMetadata, scheme: string) => r.Guid?.map(g => g.id ?? '').find(id => id.startsWith(`${scheme}://`))?.slice(scheme.length + 3)
const iso = (epochSeconds: number | undefined) => epochSeconds ? new Date(epochSeconds * 1000).toISOString() : undefined

/** A metadata item's file (movie, episode) or folder (show), as the server gives it. */
export function serverPath (r: RawMetadata): string | undefined {
  return r.Media?.[0]?.Part?.[0]?.file ?? r.Location?.[0]?.path
}

export function toItem (r: RawMetadata, ours: (p: string) => string): MediaItem {
  const kind = KINDS[r.type ?? '']?.kind ?? 'Video'
  const path = serverPath(r)
  const parentIsSeries = kind === 'Season'
  return strip({
    id: r.ratingKey ?? '',
    name: r.title ?? '',
    type: kind,
    year: r.year,
    premiereDate: r.originallyAvailableAt ? `${r.originallyAvailableAt}T00:00:00.000Z` : undefined,
    path: path ? ours(path) : undefined,
    overview: r.summary || undefined,
    genres: r.Genre?.map(g => g.tag ?? '').filter(Boolean),
    providerIds: strip({ tvdb: guid(r, 'tvdb'), tmdb: guid(r, 'tmdb'), imdb: guid(r, 'imdb') }),
    seriesId: parentIsSeries ? r.parentRatingKey : r.grandparentRatingKey,
    seriesName: parentIsSeries ? r.parentTitle : r.grandparentTitle,
    seasonId: kind === 'Episode' ? r.parentRatingKey : undefined,
    seasonNumber: kind === 'Episode' ? r.parentIndex : undefined,
    indexNumber: r.index,
    // A show's childCount is its seasons, a season's leafCount its episodes (plexapi/video.py Show, Season).
    childCount: kind === 'Season' ? r.leafCount : r.childCount,
    recursiveItemCount: r.leafCount,
    runtimeMinutes: r.duration ? Math.round(r.duration / 60_000) : undefined,
    communityRating: r.audienceRating,
    albumArtist: kind === 'MusicAlbum' ? r.parentTitle : undefined,
    parentId: r.librarySectionID !== undefined ? String(r.librarySectionID) : undefined
  })
}

export function toLibrary (r: RawSection, ours: (p: string) => string): Library {
  const refreshing = r.refreshing === true || r.refreshing === 1 || r.refreshing === '1'
  return {
    name: r.title ?? '',
    itemId: r.key ?? '',
    collectionType: SECTION_TYPES[r.type ?? ''] ?? 'mixed',
    locations: (r.Location ?? []).flatMap(l => (l.path ? [ours(l.path)] : [])),
    refreshStatus: refreshing ? 'Active' : 'Idle'
  }
}

export function toSession (r: RawMetadata): Session {
  const kind = KINDS[r.type ?? '']?.kind ?? 'Video'
  // No TranscodeSession: played as stored; with one, videoDecision says whether the video itself is re-encoded.
  const playMethod = !r.TranscodeSession ? 'DirectPlay' : r.TranscodeSession.videoDecision === 'transcode' ? 'Transcode' : 'DirectStream'
  return strip({
    id: r.Session?.id ?? '',
    userName: r.User?.title,
    client: r.Player?.product,
    deviceName: r.Player?.title,
    nowPlaying: strip({
      id: r.ratingKey ?? '',
      name: r.title ?? '',
      type: kind,
      seriesName: r.grandparentTitle,
      positionSeconds: r.viewOffset !== undefined ? Math.round(r.viewOffset / 1000) : undefined,
      runtimeSeconds: r.duration ? Math.round(r.duration / 1000) : undefined,
      isPaused: r.Player?.state === 'paused',
      playMethod
    })
  })
}

/** Server accounts (GET /accounts); the system account (id 0, no name) is not a person. */
export function toUsers (accounts: RawAccount[], ownerName?: string): User[] {
  return accounts.filter(a => (a.id ?? 0) > 0 && a.name).map(a => ({ id: String(a.id), name: a.name!, isAdmin: a.name === ownerName, isDisabled: false }))
}

/** One play-history row as an activity entry ("<account> watched <title>"). */
export function toActivity (r: RawMetadata, names: Map<string, string>): ActivityEntry {
  const who = names.get(String(r.accountID)) ?? `account ${r.accountID ?? '?'}`
  const what = r.grandparentTitle ? `${r.grandparentTitle} – ${r.title ?? ''}` : r.title ?? ''
  return strip({
    id: Number(r.historyKey?.split('/').pop() ?? 0) || 0,
    name: `${who} watched ${what}`,
    type: 'VideoPlayback',
    date: iso(r.viewedAt) ?? '',
    severity: 'Information',
    itemId: r.ratingKey,
    userId: r.accountID !== undefined ? String(r.accountID) : undefined
  })
}

export { iso as epochToIso }
