// The media-server contract (app.backends.mediaServer): what the tools, the dashboard and the watched cleanup ask
// of a media server, met by the Jellyfin client and the Plex client alike. MEDIA_SERVER_TYPE picks one
// (clients/media-server/factory.ts); no tool knows which one it talks to. Ids are the server's own strings.
import type { BackendClientBase } from '../types.js'
import type {
  ActivityEntry, CallOptions, CollectionType, ItemKind, ItemQuery, Library, MediaItem, Page, RatingScore, ScheduledTask, ServerInfo, Session,
  TitlePlay, User, UserLimits
} from './types.js'

export interface MediaServerClient extends BackendClientBase {
  /** The product name shown to people ("Jellyfin", "Plex"). */
  service: string
  configured: boolean
  /** The variable holding the credential, for messages that tell a person what to set. */
  keyVar: string
  systemInfo: (o?: CallOptions) => Promise<ServerInfo>
  libraries: (o?: CallOptions) => Promise<Library[]>
  countItems: (libraryId: string, types: readonly ItemKind[], o?: CallOptions) => Promise<number>
  items: (q: ItemQuery, o?: CallOptions) => Promise<Page<MediaItem>>
  item: (id: string, o?: CallOptions) => Promise<MediaItem | undefined>
  /** Seasons of a series, or undefined when the series id is unknown. */
  seasons: (seriesId: string, o?: CallOptions) => Promise<MediaItem[] | undefined>
  /** Episodes of one season, paged; undefined when the series id is unknown. */
  episodes: (seriesId: string, q: { seasonId?: string, season?: number, startIndex?: number, limit?: number }, o?: CallOptions) => Promise<Page<MediaItem> | undefined>
  sessions: (activeWithinSeconds?: number, o?: CallOptions) => Promise<Session[]>
  stopPlayback: (sessionId: string, o?: CallOptions) => Promise<void>
  sendMessage: (sessionId: string, text: string, header?: string, o?: CallOptions) => Promise<void>
  users: (o?: CallOptions) => Promise<User[]>
  /**
   * One user's limits where the server keeps them outside its user list (Plex: the user's share of this server on
   * plex.tv); undefined when the user has no share here. Throws when they cannot be read (then nobody reads as them).
   */
  userLimits?: (userId: string, o?: CallOptions) => Promise<UserLimits | undefined>
  /** The ratings the server knows with their scores, which User.limits.maxParentalRating is on (Jellyfin only). */
  parentalRatings?: (o?: CallOptions) => Promise<RatingScore[]>
  /** The server's event log, newest first (Plex: its play history). */
  activity: (q: { startIndex?: number, limit?: number, minDate?: string }, o?: CallOptions) => Promise<Page<ActivityEntry>>
  /** Starts a scan of every library; returns at once, the scan runs on the server. */
  refreshLibraries: (o?: CallOptions) => Promise<void>
  /** Scans one library (or one folder of it, our path), where the server can; Jellyfin has no such call here. */
  refreshLibrary?: (libraryId: string, q?: { path?: string }, o?: CallOptions) => Promise<void>
  /** Queues a metadata refresh of one item; false when the id is unknown. */
  refreshItem: (id: string, q?: { replaceAll?: boolean }, o?: CallOptions) => Promise<boolean>
  /** Adds a library over folders given as this server sees them. */
  createLibrary: (q: { name: string, collectionType: CollectionType, paths: string[], refresh?: boolean }, o?: CallOptions) => Promise<void>
  /** One of our paths as the media server sees it (PATH_MAP). */
  serverPath: (ourPath: string) => string
  /** A path the media server gave, as this server sees it. */
  ourPath: (serverPath: string) => string
  /** Every movie and series with one user's play data; `complete` is false when the library was read in part. */
  titlesSeenBy: (userId: string, o?: CallOptions) => Promise<{ titles: TitlePlay[], complete: boolean }>
  /** One title with one user's play data, or undefined when the server no longer has it. */
  titleSeenBy: (userId: string, itemId: string, o?: CallOptions) => Promise<TitlePlay | undefined>
  /** When one user last played an episode of a series (undefined when never or not known). */
  lastEpisodePlay: (userId: string, seriesId: string, o?: CallOptions) => Promise<string | undefined>
  /** The server's own cache-cleanup tasks, when it has such tasks behind its API (absent: it has none here). */
  cacheTasks?: {
    list: (o?: CallOptions) => Promise<ScheduledTask[]>
    start: (taskId: string, o?: CallOptions) => Promise<void>
  }
}

declare module '../types.js' {
  interface Backends { mediaServer: MediaServerClient }
}
