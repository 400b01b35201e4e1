// Which of the managers' titles a person other than the owner may see: what their own media-server user may see.
// A title the media server has is judged by the server itself: it is seen when the server lists it for that user
// (GET /Items with userId applies the user's policy: rating, blocked tags, unrated items, libraries; jellyfin/
// jellyfin v10.11.11 ItemsController.GetItems → InternalItemsQuery.SetUser). A title not there yet (wanted,
// downloading) is judged as a request is (request-limits.ts): its catalogue certification against the user's rating
// limit and, for movies, its keywords against the user's blocked tags. Matched by tmdb id (movies) or tvdb id
// (series), else by folder. The owner, the internal key and a sign-in with no person get no judge (they see all).
import type { Principal } from '../../core/principal.js'
import type { MediaServerClient } from '../../clients/media-server/contract.js'
import type { CallOptions, MediaItem, RatingScore, UserLimits } from '../../clients/media-server/types.js'
import { mediaViewOf, type MediaView } from './media-view.js'
import { newTitleAllowed } from './request-limits.js'

/** A manager's title as the judge reads it (Sonarr's series, Radarr's movie: their API fields). */
export interface ManagerTitle {
  tmdbId?: number
  tvdbId?: number
  path?: string | null
  certification?: unknown
  keywords?: unknown
}

export interface SeenTitles {
  /** The person judged for (their NOTIFY_PEOPLE name). */
  who: string
  /** Whether the person may see this manager title. */
  sees: (kind: 'movie' | 'tv', title: ManagerTitle) => boolean
  /** Whether the person's media-server user may open this media-server item (asked as that user, once per id). */
  seesItem: (itemId: string) => Promise<boolean>
  /** Call options that read the media server as the person's user. */
  readAs: CallOptions
}

type Server = Pick<MediaServerClient, 'service' | 'users' | 'userLimits' | 'parentalRatings' | 'items' | 'item'>

const PAGE = 500
/** Pages of the server's whole title list read at most (a larger library is judged on what was read). */
const MAX_PAGES = 100

const folderOf = (path: string | null | undefined): string | undefined => path ? path.replace(/\/+$/, '') : undefined
const within = (path: string | undefined, folder: string | undefined) => path !== undefined && folder !== undefined && (path === folder || path.startsWith(folder + '/'))

/** Keys a title is known by: its catalogue id for its kind, and its path. */
class TitleKeys {
  readonly ids = new Set<string>()
  readonly paths: string[] = []
  add (kind: 'movie' | 'tv', id: number | string | undefined, path: string | undefined) {
    if (id !== undefined && id !== '' && Number(id) > 0) this.ids.add(`${kind}:${Number(id)}`)
    if (path) this.paths.push(path)
  }

  has (kind: 'movie' | 'tv', t: ManagerTitle): boolean {
    const id = kind === 'movie' ? t.tmdbId : t.tvdbId
    if (id !== undefined && this.ids.has(`${kind}:${id}`)) return true
    const folder = folderOf(t.path)
    return this.paths.some(p => within(p, folder))
  }
}

/** Every movie and series the server lists: to everyone (no user), or to one user (their limits applied). */
async function everyTitle (server: Server, o: CallOptions): Promise<MediaItem[]> {
  const out: MediaItem[] = []
  for (let n = 0; n < MAX_PAGES; n++) {
    const page = await server.items({ types: ['Movie', 'Series'], startIndex: n * PAGE, limit: PAGE }, o)
    out.push(...page.items)
    if (page.items.length < PAGE || out.length >= page.total) break
  }
  return out
}

/** How long a person's view of the library is reused: a change in Jellyfin shows within this, as the managers' lists do. */
export const SEEN_TTL_MS = 30_000
/** The clock SEEN_TTL_MS is measured by (a test sets its own). */
export const seenClock = { now: (): number => Date.now() }
/** Views kept per media server at most (one per person's user and limits). */
const MAX_VIEWS = 50

interface Library { seen: TitleKeys, onServer: TitleKeys, ratings: readonly RatingScore[] }
interface Held { at: number, library: Promise<Library> }
const held = new WeakMap<object, Map<string, Held>>()

/**
 * The two whole lists a person's judge needs (the server's titles as their user, and all of them) and the rating
 * table, read once and shared by their calls for SEEN_TTL_MS. Keyed by the user and the limits the server reported
 * on this call (mediaViewOf reads them every call), so a changed policy is read again at once; a failed read is
 * not kept. Read without the caller's signal: one caller giving up must not fail the others sharing the read (the
 * client's own timeouts bound it).
 */
function libraryOf (server: Server, view: { asUser: string, limits?: UserLimits }): Promise<Library> {
  const now = seenClock.now()
  let views = held.get(server)
  if (!views) held.set(server, views = new Map())
  const key = `${view.asUser}\n${JSON.stringify(view.limits ?? null)}`
  const kept = views.get(key)
  if (kept && now - kept.at < SEEN_TTL_MS) return kept.library
  const keysOf = (list: MediaItem[]) => {
    const keys = new TitleKeys()
    for (const i of list) keys.add(i.type === 'Movie' ? 'movie' : 'tv', i.type === 'Movie' ? i.providerIds.tmdb : i.providerIds.tvdb, i.path)
    return keys
  }
  const library = Promise.all([
    everyTitle(server, { asUser: view.asUser }),
    everyTitle(server, {}),
    view.limits && server.parentalRatings ? server.parentalRatings({}) : []
  ]).then(([mine, all, ratings]) => ({ seen: keysOf(mine), onServer: keysOf(all), ratings }))
  views.delete(key)
  views.set(key, { at: now, library })
  if (views.size > MAX_VIEWS) views.delete(views.keys().next().value!)
  library.catch(() => { if (views.get(key)?.library === library) views.delete(key) })
  return library
}

/** The judge for a person other than the owner; undefined for everyone who sees everything. Throws mediaViewOf's refusals. */
export async function seenTitlesOf (principal: Principal, notifyPeople: string, server: Server, signal?: AbortSignal): Promise<SeenTitles | undefined> {
  const view = await mediaViewOf(principal, notifyPeople, server, { signal })
  if (view.asUser === undefined) return undefined
  const asUser = view.asUser
  const { seen, onServer, ratings } = await libraryOf(server, { asUser, ...(view.limits ? { limits: view.limits } : {}) })
  const items = new Map<string, Promise<boolean>>()
  return {
    who: principal.person!.name,
    sees: (kind, t) => onServer.has(kind, t)
      ? seen.has(kind, t)
      : !view.limits || newTitleAllowed(view.limits, ratings, { kind, certification: t.certification, keywords: t.keywords }),
    seesItem: async id => {
      let known = items.get(id)
      if (!known) items.set(id, known = server.item(id, { signal, asUser }).then(i => i !== undefined))
      return await known
    },
    readAs: { signal, asUser }
  }
}

/** The rows the person may see: the others are simply left out, neither named nor counted (docs/security.md). */
export async function keepSeen<T> (rows: readonly T[], sees: (row: T) => boolean | Promise<boolean>): Promise<T[]> {
  const keep = await Promise.all(rows.map(sees))
  return rows.filter((_, i) => keep[i])
}

/**
 * Whether the caller may see a media-server item, for answers that name items (sessions' now playing, the activity
 * log): the owner sees all; a person other than the owner sees what GET /Items/{id} as their own user answers
 * (BaseItem.IsVisibleStandalone: the item, its parents and its library). undefined: the caller sees everything.
 */
export async function itemJudgeOf (principal: Principal, notifyPeople: string, server: Pick<MediaServerClient, 'service' | 'users' | 'item' | 'userLimits'>, signal?: AbortSignal): Promise<((itemId: string) => Promise<boolean>) | undefined> {
  return itemJudgeFor(await mediaViewOf(principal, notifyPeople, server, { signal }), server, signal)
}

/** itemJudgeOf for a view already read (a caller that also reads as the view's user). */
export function itemJudgeFor (view: MediaView, server: Pick<MediaServerClient, 'item'>, signal?: AbortSignal): ((itemId: string) => Promise<boolean>) | undefined {
  if (view.asUser === undefined) return undefined
  const asUser = view.asUser
  const known = new Map<string, Promise<boolean>>()
  return async id => {
    let seen = known.get(id)
    if (!seen) known.set(id, seen = server.item(id, { signal, asUser }).then(i => i !== undefined))
    return await seen
  }
}
