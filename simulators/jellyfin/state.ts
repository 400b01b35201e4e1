// The Jellyfin simulator's state: items (collection folders, movies, series, seasons, episodes, albums),
// libraries, users, sessions and the activity log, seeded from the shared seed library. Items are kept
// as internal records and turned into contract-shaped BaseItemDto objects by dto.ts.
import { createHash } from 'node:crypto'
import type { SeedLibrary, SeedMovie, SeedSeries } from '../fixtures/library.js'

export type Kind = 'CollectionFolder' | 'Movie' | 'Series' | 'Season' | 'Episode' | 'MusicAlbum'

export interface SimItem {
  id: string
  kind: Kind
  name: string
  sortName: string
  /**
   * The name as searchTerm matches it, computed when the item is saved, as the real server stores CleanName
   * (v10.11.8 Jellyfin.Server.Implementations/Item/BaseItemRepository.cs: `entity.CleanName = GetCleanValue(dto.Name)`).
   */
  cleanName: string
  /** The collection folder this item lives in (itself for a collection folder). */
  libraryId: string
  parentId?: string
  seriesId?: string
  seasonId?: string
  seriesName?: string
  indexNumber?: number
  parentIndexNumber?: number
  year?: number
  premiereDate?: string
  path?: string
  overview?: string
  genres?: string[]
  providerIds?: Record<string, string>
  runTimeTicks?: number
  communityRating?: number
  status?: string
  albumArtist?: string
  collectionType?: string
  /** OfficialRating (e.g. "PG-13", "TV-MA"); seasons and episodes inherit their series' (parental.ts). */
  officialRating?: string
  /** Tags a user's BlockedTags can hide the item by (its parents' and library's count too). */
  tags?: string[]
  dateCreated: string
  /** Metadata refreshes requested for this item (tests assert on it). */
  refreshCount: number
}

export interface SimLibrary { name: string, collectionType: string, locations: string[], itemId: string, refreshStatus: 'Idle' | 'Active', refreshProgress?: number }
/** A user's limits (UserPolicy), applied by parental.ts. */
export type UnratedKind = 'Movie' | 'Trailer' | 'Series' | 'Music' | 'Book' | 'LiveTvChannel' | 'LiveTvProgram' | 'ChannelContent' | 'Other'

export interface SimPolicy {
  /** A rating score (us.json: G 0, PG 10, PG-13 13, TV-14 14, R 17, NC-17 17.1…); absent: no limit. */
  maxParentalRating?: number
  maxParentalSubRating?: number
  blockedTags: string[]
  blockUnratedItems: UnratedKind[]
  enableAllFolders: boolean
  /** Library (collection folder) ids the user may open when enableAllFolders is false. */
  enabledFolders: string[]
}

export interface SimUser { id: string, name: string, isAdmin: boolean, isDisabled: boolean, lastActivity: string, policy?: SimPolicy }
export interface SimSession { id: string, userId: string, userName: string, client: string, deviceName: string, deviceId: string, lastActivity: string, nowPlayingId?: string, positionTicks?: number, isPaused: boolean, playMethod?: 'DirectPlay' | 'Transcode' | 'DirectStream' }
export interface SimActivity { id: number, name: string, type: string, date: string, severity: 'Information' | 'Warning' | 'Error' | 'Debug' | 'Critical', shortOverview?: string, overview?: string, itemId?: string, userId: string }

export const SERVER_ID = idFor('server', 'mediastack-sim')
export const SERVER_VERSION = '10.11.11'
const TICKS_PER_MINUTE = 600_000_000
const EMPTY_GUID = '00000000000000000000000000000000'

/** How a name or a search term is compared (case, accents and punctuation left out). */
export function cleanName (s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').trim()
}

/** Stable 32-hex id (Jellyfin's "N" GUID format) for a thing of some kind. */
export function idFor (kind: string, key: string): string {
  return createHash('md5').update(`${kind}:${key}`).digest('hex')
}

export function createJellyfinState (seed: SeedLibrary, opts: { now?: () => Date } = {}) {
  const now = opts.now ?? (() => new Date())
  const items = new Map<string, SimItem>()
  const libraries: SimLibrary[] = []
  const activity: SimActivity[] = []
  const messages: Array<{ sessionId: string, text: string, header?: string }> = []
  let nextActivityId = 1
  let scans = 0

  const iso = (d: Date) => d.toISOString()
  const sortName = (name: string) => name.toLowerCase().replace(/^(the|a|an) /, '')

  function add (item: Omit<SimItem, 'sortName' | 'cleanName' | 'refreshCount' | 'dateCreated'> & { dateCreated?: string }) {
    const full: SimItem = { sortName: sortName(item.name), cleanName: cleanName(item.name), refreshCount: 0, dateCreated: item.dateCreated ?? iso(now()), ...item }
    items.set(full.id, full)
    return full
  }

  function addLibrary (name: string, collectionType: string, locations: string[]) {
    const itemId = idFor('library', name)
    libraries.push({ name, collectionType, locations, itemId, refreshStatus: 'Idle' })
    add({ id: itemId, kind: 'CollectionFolder', name, libraryId: itemId, collectionType, path: locations[0] })
    return itemId
  }

  function libraryFor (path: string): string | undefined {
    let best: SimLibrary | undefined
    for (const lib of libraries) {
      for (const loc of lib.locations) {
        if ((path === loc || path.startsWith(loc + '/')) && (!best || loc.length > Math.max(...best.locations.map(l => l.length)))) best = lib
      }
    }
    return best?.itemId
  }

  function addMovie (m: SeedMovie) {
    if (!m.file) return
    const libraryId = libraryFor(m.file)
    if (!libraryId) return
    add({
      id: idFor('movie', m.key),
      kind: 'Movie',
      name: m.title,
      libraryId,
      parentId: libraryId,
      year: m.year,
      premiereDate: `${m.year}-06-01T00:00:00.0000000Z`,
      path: m.file,
      overview: m.overview,
      genres: m.genres,
      providerIds: { Tmdb: String(m.tmdbId), Imdb: m.imdbId },
      runTimeTicks: m.runtimeMinutes * TICKS_PER_MINUTE,
      communityRating: Math.round((5 + (m.tmdbId % 45) / 10) * 10) / 10
    })
  }

  /** Adds a series with its on-disk seasons and episodes; merges into an existing series. */
  function addSeries (s: SeedSeries) {
    const onDisk = s.seasons.map(season => ({ ...season, episodes: season.episodes.filter(e => e.file) })).filter(season => season.episodes.length > 0)
    if (onDisk.length === 0) return
    const libraryId = libraryFor(s.path)
    if (!libraryId) return
    const seriesId = idFor('series', s.key)
    if (!items.has(seriesId)) {
      add({
        id: seriesId,
        kind: 'Series',
        name: s.title,
        libraryId,
        parentId: libraryId,
        year: s.year,
        premiereDate: `${s.seasons[0]?.episodes[0]?.airDate ?? `${s.year}-01-01`}T00:00:00.0000000Z`,
        path: s.path,
        overview: s.overview,
        genres: s.genres,
        providerIds: { Tvdb: String(s.tvdbId), Tmdb: String(s.tmdbId), Imdb: s.imdbId },
        status: s.status === 'continuing' ? 'Continuing' : 'Ended',
        communityRating: Math.round((6 + (s.tvdbId % 35) / 10) * 10) / 10
      })
    }
    for (const season of onDisk) {
      const seasonId = idFor('season', `${s.key}/${season.seasonNumber}`)
      if (!items.has(seasonId)) {
        add({ id: seasonId, kind: 'Season', name: `Season ${season.seasonNumber}`, libraryId, parentId: seriesId, seriesId, seriesName: s.title, indexNumber: season.seasonNumber, path: `${s.path}/Season ${String(season.seasonNumber).padStart(2, '0')}` })
      }
      for (const ep of season.episodes) {
        add({
          id: idFor('episode', `${s.key}/${season.seasonNumber}/${ep.episodeNumber}`),
          kind: 'Episode',
          name: ep.title,
          libraryId,
          parentId: seasonId,
          seriesId,
          seasonId,
          seriesName: s.title,
          indexNumber: ep.episodeNumber,
          parentIndexNumber: season.seasonNumber,
          premiereDate: `${ep.airDate}T00:00:00.0000000Z`,
          year: Number(ep.airDate.slice(0, 4)),
          path: ep.file ?? undefined,
          overview: `Episode ${ep.episodeNumber} of season ${season.seasonNumber}.`,
          runTimeTicks: ep.runtimeMinutes * TICKS_PER_MINUTE
        })
      }
    }
  }

  function log (entry: Omit<SimActivity, 'id' | 'date' | 'userId'> & { date?: string, userId?: string }) {
    activity.unshift({ id: nextActivityId++, date: entry.date ?? iso(now()), userId: entry.userId ?? EMPTY_GUID, ...entry })
  }

  // --- seed
  const root = commonRoot(seed)
  addLibrary('Movies', 'movies', [`${root}/movies`])
  addLibrary('Shows', 'tvshows', [`${root}/tv`])
  addLibrary('Anime', 'tvshows', [`${root}/anime`])
  addLibrary('Music', 'music', [`${root}/music`])
  for (const m of seed.movies) if (m.inLibrary) addMovie(m)
  for (const s of seed.series) if (s.inLibrary) addSeries(s)
  for (const a of seed.albums) {
    const libraryId = libraryFor(a.path)
    if (libraryId) add({ id: idFor('album', a.key), kind: 'MusicAlbum', name: a.title, libraryId, parentId: libraryId, year: a.year, path: a.path, albumArtist: a.artist, genres: ['Rock'] })
  }

  const users: SimUser[] = [
    { id: idFor('user', 'admin'), name: 'admin', isAdmin: true, isDisabled: false, lastActivity: iso(now()) },
    { id: idFor('user', 'family'), name: 'family', isAdmin: false, isDisabled: false, lastActivity: iso(new Date(now().getTime() - 3_600_000)) },
    { id: idFor('user', 'guest'), name: 'guest', isAdmin: false, isDisabled: true, lastActivity: iso(new Date(now().getTime() - 30 * 86_400_000)) }
  ]
  const firstEpisode = [...items.values()].find(i => i.kind === 'Episode')
  const sessions: SimSession[] = [
    { id: idFor('session', 'living-room'), userId: users[1].id, userName: 'family', client: 'Jellyfin Android TV', deviceName: 'Living Room TV', deviceId: 'tv-1', lastActivity: iso(now()), nowPlayingId: firstEpisode?.id, positionTicks: 12 * TICKS_PER_MINUTE, isPaused: false, playMethod: 'DirectPlay' },
    { id: idFor('session', 'laptop'), userId: users[0].id, userName: 'admin', client: 'Jellyfin Web', deviceName: 'Firefox', deviceId: 'web-1', lastActivity: iso(now()), isPaused: false }
  ]

  // A few days of history, oldest first so the newest ends up on top.
  const start = now().getTime() - 3 * 86_400_000
  const seedEvents: Array<[string, string, SimActivity['severity'], string?]> = [
    ['admin is online from Firefox', 'SessionStarted', 'Information'],
    ['Scan Media Library completed', 'TaskCompleted', 'Information'],
    ['Failed login attempt from 10.0.0.23', 'AuthenticationFailed', 'Error', 'User name: root'],
    ['family is playing a video on Living Room TV', 'VideoPlayback', 'Information'],
    ['Refresh People failed', 'TaskFailed', 'Error', 'The remote metadata provider timed out'],
    ['Plugin TMDb was updated', 'PluginUpdated', 'Information'],
    ['family has disconnected from Living Room TV', 'SessionEnded', 'Information'],
    ['Low disk space on /config', 'ServerWarning', 'Warning']
  ]
  for (let i = 0; i < 40; i++) {
    const [name, type, severity, shortOverview] = seedEvents[i % seedEvents.length]
    log({ name, type, severity, shortOverview, date: iso(new Date(start + i * 1_800_000)), userId: type.startsWith('Session') ? users[0].id : undefined })
  }

  return {
    items,
    libraries,
    users,
    sessions,
    activity,
    messages,
    addLibrary,
    addMovie,
    addSeries,
    log,
    /** Items to appear on the next library scan (e.g. after the series manager imports a file). */
    staged: [] as Array<{ movie: SeedMovie } | { series: SeedSeries }>,
    get scans () { return scans },
    countScan () { scans++ },
    /** Removes an item and everything below it. */
    remove (id: string) {
      const doomed = new Set([id])
      let grew = true
      while (grew) {
        grew = false
        for (const item of items.values()) {
          if (!doomed.has(item.id) && item.parentId && doomed.has(item.parentId)) { doomed.add(item.id); grew = true }
        }
      }
      for (const d of doomed) items.delete(d)
      return doomed.size
    }
  }
}

export type JellyfinState = ReturnType<typeof createJellyfinState>

function commonRoot (seed: SeedLibrary): string {
  const sample = seed.movies[0]?.root ?? seed.series[0]?.root ?? '/data/movies'
  return sample.replace(/\/[^/]+$/, '') || '/data'
}
