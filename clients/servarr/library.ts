// The manager's whole library (GET /series, GET /movie), for the views that need every title: the library
// view, picking a title by text, cross-backend snapshots. The answer is projected to the fields those views
// read as it streams in (a real Radarr sends ~3 KB per movie: images, alternate titles, ratings, credits…),
// kept in the instance's cache in sort-title order, and frozen, since every caller shares it.
// Anything about one title that needs more (seasons, the file's media info) asks for that title by id.
import { createKeyedCache, type KeyedCache, type Loaded } from '../../core/keyed-cache.js'
import type { TimerClock } from '../../core/timer-clock.js'
import { parseJsonArray, type ParsedArray } from '../json-array.js'
import type { HttpBackend } from '../http.js'
import type { Movie, MovieFile, Series } from './types.js'

/** How long a library list is served before the manager is asked again (changes made elsewhere show within it). */
export const LIBRARY_TTL_MS = 30_000
/** Bound on what one instance's cache holds (projected bytes; 6,000 movies project to about 3 MB). */
export const LIBRARY_CACHE_BYTES = 32 * 1024 * 1024

export function createLibraryCache (instance: string, clock?: TimerClock): KeyedCache {
  return createKeyedCache({ instance, ttlMs: LIBRARY_TTL_MS, maxEntries: 8, maxBytes: LIBRARY_CACHE_BYTES, clock })
}

type Raw = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
const num = (v: unknown) => (typeof v === 'number' ? v : undefined)
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined)
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v as Raw : undefined)

/** Keeps the named fields that are present (undefined ones are left out, as if the manager had not sent them). */
function pick (raw: Raw, fields: Record<string, (v: unknown) => unknown>): Raw {
  const out: Raw = {}
  for (const [k, read] of Object.entries(fields)) {
    const v = read(raw[k])
    if (v !== undefined) out[k] = v
  }
  // Built by keyed stores, an object of more than ~16 members (a movie's 21) is left in dictionary mode, about
  // twice the heap of a fast one; the copy has fast properties, and rows with the same members share one shape.
  return { ...out }
}

const numbers = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : undefined)
const statsOf = (keys: string[]) => (v: unknown) => {
  const o = obj(v)
  return o ? pick(o, Object.fromEntries(keys.map(k => [k, num]))) : undefined
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 100) : undefined)

/**
 * What a series and a movie resource share and the library views read (a field no tool reads is not kept:
 * movieFileId, a series' imdbId). `certification` (and a movie's TMDB `keywords`) judge what a person may see
 * before the media server has the title (lib/people/seen-titles.ts; Sonarr v4.0.19.2979
 * SeriesResource.Certification, Radarr v6.0.3.10276 MovieResource.Certification/Keywords).
 */
const TITLE_FIELDS = { id: num, title: str, sortTitle: str, status: str, year: num, path: str, rootFolderPath: str, qualityProfileId: num, monitored: bool, tags: numbers, certification: str }

const SERIES_FIELDS = {
  ...TITLE_FIELDS,
  seriesType: str,
  tvdbId: num,
  statistics: statsOf(['seasonCount', 'episodeFileCount', 'episodeCount', 'totalEpisodeCount', 'sizeOnDisk'])
}

/** The members of a series resource projectSeries reads: the list parser skips the others unparsed. */
export const SERIES_LIST_FIELDS: ReadonlySet<string> = new Set([...Object.keys(SERIES_FIELDS), 'seasons'])

/** A series as the library views read it (no seasons, images or alternate titles). */
export function projectSeries (raw: unknown, toOurs: (p: string) => string): Series {
  const r = obj(raw) ?? {}
  const s = pick(r, SERIES_FIELDS) as Series
  // SeriesStatisticsResource always carries seasonCount; fall back to the seasons list if a server left it out.
  if (Array.isArray(r.seasons) && s.statistics?.seasonCount === undefined) s.statistics = { ...s.statistics, seasonCount: r.seasons.length }
  return ours(s, toOurs)
}

const MOVIE_FIELDS = {
  ...TITLE_FIELDS,
  minimumAvailability: str,
  hasFile: bool,
  imdbId: str, // movie_status shows it; no series view reads a series' IMDb id
  tmdbId: num,
  keywords: strings,
  sizeOnDisk: num,
  inCinemas: str,
  digitalRelease: str,
  statistics: statsOf(['movieFileCount', 'sizeOnDisk'])
}

/** The members of a movie resource projectMovie reads: the list parser skips the others unparsed. */
export const MOVIE_LIST_FIELDS: ReadonlySet<string> = new Set([...Object.keys(MOVIE_FIELDS), 'movieFile'])

/** A movie as the library views read it: the file keeps its path, size and quality name only. */
export function projectMovie (raw: unknown, toOurs: (p: string) => string): Movie {
  const r = obj(raw) ?? {}
  const m = pick(r, MOVIE_FIELDS) as Movie
  const file = obj(r.movieFile)
  if (file) {
    const quality = obj(obj(file.quality)?.quality)
    const f = pick(file, { id: num, movieId: num, path: str, size: num }) as unknown as MovieFile
    if (typeof f.path === 'string') f.path = toOurs(f.path)
    if (quality) f.quality = { quality: pick(quality, { id: num, name: str, resolution: num }) }
    m.movieFile = f
  }
  return ours(m, toOurs)
}

function ours<T extends { path?: string | null, rootFolderPath?: string | null }> (x: T, toOurs: (p: string) => string): T {
  if (typeof x.path === 'string') x.path = toOurs(x.path)
  if (typeof x.rootFolderPath === 'string') x.rootFolderPath = toOurs(x.rootFolderPath)
  return x
}

export interface LibraryListOptions {
  signal?: AbortSignal
  query?: Record<string, string | number | boolean>
  /** The members `project` reads (SERIES_LIST_FIELDS, MOVIE_LIST_FIELDS): the others are never parsed. */
  fields?: ReadonlySet<string>
}

const collator = new Intl.Collator()
const sortKey = (x: { sortTitle?: string | null, title?: string | null }) => x.sortTitle ?? x.title ?? ''

/**
 * The whole list at `path` (under /api/v3) through the cache: projected while it streams, in sort-title
 * order, frozen. The fetch is shared by concurrent callers, so it never carries one caller's signal.
 */
export function cachedLibrary<T extends { sortTitle?: string | null, title?: string | null }> (
  http: HttpBackend, cache: KeyedCache, key: string, path: string, project: (raw: unknown) => T, o: LibraryListOptions = {}
): Promise<readonly T[]> {
  return cache.get(key, libraryLoader(http, path, project, o), o.signal)
}

/** A background renewal's deadline: nobody waits on it, and a large library on a busy manager takes longer than a read's 10 s. */
export const BACKGROUND_LIST_DEADLINE_MS = 120_000

/**
 * Fetches the whole list at `path`, projected while it streams, sorted and frozen (what the cache keeps).
 * background: a renewal nobody waits for (keepWarm), retried like a read within BACKGROUND_LIST_DEADLINE_MS;
 * its signal (the cache's close) stops it, so closing the app never waits for a list still on its way.
 */
export function libraryLoader<T extends { sortTitle?: string | null, title?: string | null }> (
  http: HttpBackend, path: string, project: (raw: unknown) => T, o: Pick<LibraryListOptions, 'query' | 'fields'> = {}, background = false
): (signal?: AbortSignal) => Promise<Loaded<readonly T[]>> {
  return async (signal?: AbortSignal) => {
    let bytes = 0
    const res = await http.call<ParsedArray<T>>({
      path: `/api/v3${path}`,
      query: o.query,
      signal,
      ...(background && { kind: 'command' as const, deadlineMs: BACKGROUND_LIST_DEADLINE_MS }),
      parse: body => parseJsonArray(body, raw => {
        const item = project(raw)
        bytes += JSON.stringify(item).length
        return Object.freeze(item)
      }, { fields: o.fields })
    })
    const items = res.data.items.sort((a, b) => collator.compare(sortKey(a), sortKey(b)))
    return { value: Object.freeze(items), bytes }
  }
}
