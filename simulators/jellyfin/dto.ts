// Turns the simulator's records into the contract's PascalCase DTOs. Like the real server, optional
// fields (Path, Overview, Genres, ProviderIds, ChildCount…) appear only when `fields` asks for them,
// and GET /Items/{id} returns them all.
import { policyOf } from './parental.js'
import { SERVER_ID, type JellyfinState, type SimActivity, type SimItem, type SimLibrary, type SimSession, type SimUser } from './state.js'

const FOLDER_KINDS = new Set(['CollectionFolder', 'Series', 'Season', 'MusicAlbum'])

export function itemDto (state: JellyfinState, item: SimItem, fields: Set<string> | 'all'): Record<string, unknown> {
  const want = (f: string) => fields === 'all' || fields.has(f)
  const dto: Record<string, unknown> = {
    Name: item.name,
    ServerId: SERVER_ID,
    Id: item.id,
    Type: item.kind,
    IsFolder: FOLDER_KINDS.has(item.kind),
    LocationType: 'FileSystem',
    MediaType: item.kind === 'Movie' || item.kind === 'Episode' ? 'Video' : 'Unknown'
  }
  if (item.year !== undefined) dto.ProductionYear = item.year
  if (item.premiereDate) dto.PremiereDate = item.premiereDate
  if (item.runTimeTicks) dto.RunTimeTicks = item.runTimeTicks
  if (item.communityRating !== undefined) dto.CommunityRating = item.communityRating
  if (item.status) dto.Status = item.status
  if (item.indexNumber !== undefined) dto.IndexNumber = item.indexNumber
  if (item.parentIndexNumber !== undefined) dto.ParentIndexNumber = item.parentIndexNumber
  if (item.seriesId) { dto.SeriesId = item.seriesId; dto.SeriesName = item.seriesName }
  if (item.seasonId) { dto.SeasonId = item.seasonId; dto.SeasonName = `Season ${item.parentIndexNumber}` }
  if (item.albumArtist) { dto.AlbumArtist = item.albumArtist; dto.Artists = [item.albumArtist] }
  if (item.collectionType) dto.CollectionType = item.collectionType
  if (want('Path') && item.path) dto.Path = item.path
  if (want('Overview') && item.overview) dto.Overview = item.overview
  if (want('Genres')) dto.Genres = item.genres ?? []
  if (want('ProviderIds')) dto.ProviderIds = item.providerIds ?? {}
  if (want('ParentId') && item.parentId) dto.ParentId = item.parentId
  if (item.officialRating) dto.OfficialRating = item.officialRating
  if (want('Tags')) dto.Tags = item.tags ?? []
  if (want('DateCreated')) dto.DateCreated = item.dateCreated
  if (want('SortName')) dto.SortName = item.sortName
  if (dto.IsFolder && (want('ChildCount') || want('RecursiveItemCount'))) {
    let children = 0
    let recursive = 0
    for (const other of state.items.values()) {
      if (other.parentId === item.id) children++
      // Folder.GetRecursiveChildCount (v10.11.11 MediaBrowser.Controller/Entities/Folder.cs) counts the items below
      // that are not folders (IsFolder = false): a series' episodes, not its seasons.
      if (!FOLDER_KINDS.has(other.kind) && other.libraryId === item.libraryId && other.id !== item.id && isBelow(state, other, item.id)) recursive++
    }
    if (want('ChildCount')) dto.ChildCount = children
    // Set in FillUserDataDtoValues, which a collection folder skips (SupportsUserDataFromChildren is false for it).
    if (want('RecursiveItemCount') && item.kind !== 'CollectionFolder') dto.RecursiveItemCount = recursive
  }
  return dto
}

export function isBelow (state: JellyfinState, item: SimItem, ancestorId: string): boolean {
  let parentId = item.parentId
  for (let depth = 0; parentId && depth < 8; depth++) {
    if (parentId === ancestorId) return true
    parentId = state.items.get(parentId)?.parentId
  }
  return false
}

export function libraryDto (lib: SimLibrary): Record<string, unknown> {
  return {
    Name: lib.name,
    Locations: lib.locations,
    CollectionType: lib.collectionType,
    LibraryOptions: { Enabled: true, EnableRealtimeMonitor: true, PathInfos: lib.locations.map(Path => ({ Path })) },
    ItemId: lib.itemId,
    RefreshStatus: lib.refreshStatus,
    ...(lib.refreshProgress !== undefined ? { RefreshProgress: lib.refreshProgress } : {})
  }
}

export function userDto (user: SimUser): Record<string, unknown> {
  const policy = policyOf(user)
  return {
    Name: user.name,
    ServerId: SERVER_ID,
    Id: user.id,
    HasPassword: true,
    HasConfiguredPassword: true,
    EnableAutoLogin: false,
    LastActivityDate: user.lastActivity,
    LastLoginDate: user.lastActivity,
    Policy: {
      IsAdministrator: user.isAdmin,
      IsDisabled: user.isDisabled,
      IsHidden: !user.isAdmin,
      // UserManager.GetUserDto (v10.11.11): the policy as stored; MaxParentalRating is a rating score.
      ...(policy.maxParentalRating !== undefined ? { MaxParentalRating: policy.maxParentalRating } : {}),
      ...(policy.maxParentalSubRating !== undefined ? { MaxParentalSubRating: policy.maxParentalSubRating } : {}),
      BlockedTags: policy.blockedTags,
      BlockUnratedItems: policy.blockUnratedItems,
      EnableAllFolders: policy.enableAllFolders,
      EnabledFolders: policy.enabledFolders,
      AuthenticationProviderId: 'Jellyfin.Server.Implementations.Users.DefaultAuthenticationProvider',
      PasswordResetProviderId: 'Jellyfin.Server.Implementations.Users.DefaultPasswordResetProvider'
    }
  }
}

export function sessionDto (state: JellyfinState, s: SimSession): Record<string, unknown> {
  const playing = s.nowPlayingId ? state.items.get(s.nowPlayingId) : undefined
  return {
    PlayState: {
      CanSeek: true,
      IsPaused: s.isPaused,
      IsMuted: false,
      RepeatMode: 'RepeatNone',
      PlaybackOrder: 'Default',
      ...(playing ? { PositionTicks: s.positionTicks ?? 0, PlayMethod: s.playMethod ?? 'DirectPlay' } : {})
    },
    AdditionalUsers: [],
    PlayableMediaTypes: ['Video', 'Audio'],
    Id: s.id,
    UserId: s.userId,
    UserName: s.userName,
    Client: s.client,
    LastActivityDate: s.lastActivity,
    LastPlaybackCheckIn: s.lastActivity,
    DeviceName: s.deviceName,
    DeviceId: s.deviceId,
    ApplicationVersion: '10.11.11',
    IsActive: true,
    SupportsMediaControl: true,
    SupportsRemoteControl: true,
    HasCustomDeviceName: false,
    ServerId: SERVER_ID,
    SupportedCommands: [],
    ...(playing ? { NowPlayingItem: itemDto(state, playing, new Set()) } : {})
  }
}

export function activityDto (a: SimActivity): Record<string, unknown> {
  return {
    Id: a.id,
    Name: a.name,
    Type: a.type,
    Date: a.date,
    UserId: a.userId,
    Severity: a.severity,
    ...(a.shortOverview ? { ShortOverview: a.shortOverview } : {}),
    ...(a.overview ? { Overview: a.overview } : {}),
    ...(a.itemId ? { ItemId: a.itemId } : {})
  }
}
