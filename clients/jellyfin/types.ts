// The Jellyfin client's edge: the few fields we read from the server's PascalCase DTOs (contract
// jellyfin-10.11.11) and the trimmed camelCase shapes the rest of the code uses. Everything a server
// sends is optional here: newer servers add and drop fields, and we never validate real responses strictly.
import { strip, type ActivityEntry, type Library, type MediaItem, type ServerInfo, type Session, type User } from '../media-server/types.js'

export * from '../media-server/types.js'

export interface RawItem {
  Id?: string
  Name?: string | null
  Type?: string
  ProductionYear?: number | null
  PremiereDate?: string | null
  Path?: string | null
  Overview?: string | null
  Genres?: string[] | null
  ProviderIds?: Record<string, string | null> | null
  SeriesId?: string | null
  SeriesName?: string | null
  SeasonId?: string | null
  ParentIndexNumber?: number | null
  IndexNumber?: number | null
  ChildCount?: number | null
  RecursiveItemCount?: number | null
  RunTimeTicks?: number | null
  CommunityRating?: number | null
  Status?: string | null
  AlbumArtist?: string | null
  ParentId?: string | null
}

export interface RawQueryResult<T> { Items?: T[], TotalRecordCount?: number, StartIndex?: number }

export interface RawVirtualFolder {
  Name?: string | null
  Locations?: string[] | null
  CollectionType?: string | null
  ItemId?: string | null
  RefreshStatus?: string | null
  RefreshProgress?: number | null
}

export interface RawSession {
  Id?: string | null
  UserName?: string | null
  Client?: string | null
  DeviceName?: string | null
  LastActivityDate?: string
  IsActive?: boolean
  NowPlayingItem?: RawItem | null
  PlayState?: { PositionTicks?: number | null, IsPaused?: boolean, PlayMethod?: string | null } | null
}

export interface RawUser {
  Id?: string
  Name?: string | null
  LastActivityDate?: string | null
  LastLoginDate?: string | null
  Policy?: {
    IsAdministrator?: boolean
    IsDisabled?: boolean
    MaxParentalRating?: number | null
    MaxParentalSubRating?: number | null
    BlockUnratedItems?: string[] | null
    BlockedTags?: string[] | null
  } | null
}

export interface RawParentalRating { Name?: string | null, Value?: number | null, RatingScore?: { score?: number, subScore?: number | null } | null }

export interface RawActivity {
  Id?: number
  Name?: string
  Type?: string
  Date?: string
  Severity?: string
  ShortOverview?: string | null
  Overview?: string | null
  ItemId?: string | null
  UserId?: string
}

export interface RawSystemInfo {
  ServerName?: string | null
  Version?: string | null
  Id?: string | null
  ProductName?: string | null
  OperatingSystem?: string | null
  StartupWizardCompleted?: boolean | null
  HasPendingRestart?: boolean
}

const TICKS_PER_SECOND = 10_000_000
const opt = <T>(v: T | null | undefined): T | undefined => v ?? undefined

export function toItem (r: RawItem): MediaItem {
  const ids = r.ProviderIds ?? {}
  const pick = (k: string) => opt(ids[k] ?? ids[k.toLowerCase()] ?? ids[k.toUpperCase()])
  return {
    id: r.Id ?? '',
    name: r.Name ?? '',
    type: r.Type ?? 'Unknown',
    year: opt(r.ProductionYear),
    premiereDate: opt(r.PremiereDate),
    path: opt(r.Path),
    overview: opt(r.Overview),
    genres: opt(r.Genres),
    providerIds: strip({ tvdb: pick('Tvdb'), tmdb: pick('Tmdb'), imdb: pick('Imdb') }),
    seriesId: opt(r.SeriesId),
    seriesName: opt(r.SeriesName),
    seasonId: opt(r.SeasonId),
    seasonNumber: opt(r.ParentIndexNumber),
    indexNumber: opt(r.IndexNumber),
    childCount: opt(r.ChildCount),
    recursiveItemCount: opt(r.RecursiveItemCount),
    runtimeMinutes: r.RunTimeTicks ? Math.round(r.RunTimeTicks / TICKS_PER_SECOND / 60) : undefined,
    communityRating: opt(r.CommunityRating),
    status: opt(r.Status),
    albumArtist: opt(r.AlbumArtist),
    parentId: opt(r.ParentId)
  }
}

export function toLibrary (r: RawVirtualFolder): Library {
  return {
    name: r.Name ?? '',
    itemId: r.ItemId ?? '',
    collectionType: r.CollectionType ?? 'mixed',
    locations: r.Locations ?? [],
    refreshStatus: opt(r.RefreshStatus),
    refreshProgress: opt(r.RefreshProgress)
  }
}

export function toSession (r: RawSession): Session {
  const item = r.NowPlayingItem
  return {
    id: r.Id ?? '',
    userName: opt(r.UserName),
    client: opt(r.Client),
    deviceName: opt(r.DeviceName),
    lastActivity: r.LastActivityDate,
    nowPlaying: item
      ? {
          id: item.Id ?? '',
          name: item.Name ?? '',
          type: item.Type ?? 'Unknown',
          seriesName: opt(item.SeriesName),
          positionSeconds: r.PlayState?.PositionTicks != null ? Math.round(r.PlayState.PositionTicks / TICKS_PER_SECOND) : undefined,
          runtimeSeconds: item.RunTimeTicks ? Math.round(item.RunTimeTicks / TICKS_PER_SECOND) : undefined,
          isPaused: r.PlayState?.IsPaused ?? false,
          playMethod: opt(r.PlayState?.PlayMethod)
        }
      : undefined
  }
}

export function toUser (r: RawUser): User {
  return {
    id: r.Id ?? '',
    name: r.Name ?? '',
    isAdmin: r.Policy?.IsAdministrator ?? false,
    isDisabled: r.Policy?.IsDisabled ?? false,
    lastActivity: opt(r.LastActivityDate),
    limits: strip({
      maxParentalRating: r.Policy?.MaxParentalRating ?? undefined,
      maxParentalSubRating: r.Policy?.MaxParentalSubRating ?? undefined,
      blockUnratedItems: r.Policy?.BlockUnratedItems ?? [],
      blockedTags: r.Policy?.BlockedTags ?? []
    })
  }
}

export function toActivity (r: RawActivity): ActivityEntry {
  return {
    id: r.Id ?? 0,
    name: r.Name ?? '',
    type: r.Type ?? '',
    date: r.Date ?? '',
    severity: r.Severity ?? 'Information',
    overview: opt(r.ShortOverview ?? r.Overview),
    itemId: opt(r.ItemId),
    userId: r.UserId && !/^0+$/.test(r.UserId.replace(/-/g, '')) ? r.UserId : undefined
  }
}

export function toServerInfo (r: RawSystemInfo): ServerInfo {
  return {
    serverName: r.ServerName ?? '',
    version: r.Version ?? 'unknown',
    id: r.Id ?? '',
    productName: opt(r.ProductName),
    operatingSystem: opt(r.OperatingSystem),
    startupWizardCompleted: opt(r.StartupWizardCompleted),
    hasPendingRestart: r.HasPendingRestart
  }
}
