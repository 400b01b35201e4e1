// Who has watched what on Plex, for cleanup_server's watched category. A Plex item's viewCount/lastViewedAt are
// the calling token's own (plexapi/video.py : 60, 74), and reading another user's needs that user's token from
// plex.tv (plexapi/server.py : 245-277 switchUser). The server's play history answers for every account with the
// owner's token alone: GET /status/sessions/history/all?accountID=… (spec : 3706-3750, `accountID` : 3727-3728;
// plexapi/server.py : 654-679), one row per finished play with ratingKey, grandparentRatingKey and viewedAt.
// So a movie is played by an account when the history has a row for it; a show when every episode it has on
// disk (leafCount) has one; the last play is the newest viewedAt. Favourites have no Plex equivalent: a title
// with the keep label (CLEANUP_KEEP_TAG, plexapi/mixins.py LabelMixin) counts as every user's favourite.
import type { CallOptions, TitlePlay } from '../media-server/types.js'
import type { HttpCall } from '../http.js'
import { epochToIso, serverPath, type RawContainer, type RawMetadata } from './wire.js'

/** What the play readers need of the client: its calls and path translation. */
export type PlexCore = { api: (c: HttpCall, o?: CallOptions) => Promise<RawContainer>, paged: (path: string, query: HttpCall['query'], start: number, size: number, o?: CallOptions) => Promise<{ items: RawMetadata[], total: number }>, one: (id: string, o?: CallOptions) => Promise<RawMetadata | undefined>, ours: (p: string) => string, keepLabel: string }

const PAGE = 100 // plexapi's X_PLEX_CONTAINER_SIZE (plexapi/__init__.py : 21)
const MAX_PAGES = 500
const FRESH_MS = 10_000

interface Seen { at: number, rows: RawMetadata[], complete: boolean }

export function createPlexPlays (core: PlexCore) {
  const cache = new Map<string, { when: number, seen: Promise<Seen> }>()

  /** One account's whole play history (kept 10 s: one cleanup preview asks for it once per title). */
  function history (accountId: string, o?: CallOptions): Promise<Seen> {
    const hit = cache.get(accountId)
    if (hit && Date.now() - hit.when < FRESH_MS) return hit.seen
    const seen = (async () => {
      const rows: RawMetadata[] = []
      for (let n = 0; n < MAX_PAGES; n++) {
        const p = await core.paged('/status/sessions/history/all', { sort: 'viewedAt:desc', accountID: accountId }, n * PAGE, PAGE, o)
        rows.push(...p.items)
        if (p.items.length < PAGE || rows.length >= p.total) return { at: Date.now(), rows, complete: true }
      }
      return { at: Date.now(), rows, complete: false }
    })()
    cache.set(accountId, { when: Date.now(), seen })
    seen.catch(() => cache.delete(accountId))
    return seen
  }

  const guid = (r: RawMetadata, scheme: string) => {
    const id = r.Guid?.map(g => g.id ?? '').find(g => g.startsWith(`${scheme}://`))?.slice(scheme.length + 3)
    const n = Number(id)
    return id && Number.isInteger(n) && n > 0 ? n : undefined
  }

  function play (r: RawMetadata, rows: RawMetadata[]): TitlePlay | undefined {
    if (!r.ratingKey || (r.type !== 'movie' && r.type !== 'show')) return undefined
    const mine = rows.filter(h => (r.type === 'movie' ? h.ratingKey === r.ratingKey : h.grandparentRatingKey === r.ratingKey))
    const last = Math.max(0, ...mine.map(h => h.viewedAt ?? 0))
    const episodesSeen = new Set(mine.map(h => h.ratingKey)).size
    const path = serverPath(r)
    const tmdbId = guid(r, 'tmdb')
    const tvdbId = guid(r, 'tvdb')
    const keep = core.keepLabel.trim().toLowerCase()
    return {
      itemId: r.ratingKey,
      kind: r.type === 'movie' ? 'Movie' : 'Series',
      name: r.title ?? r.ratingKey,
      ...(r.year ? { year: r.year } : {}),
      ...(path ? { path: core.ours(path) } : {}),
      ...(tmdbId ? { tmdbId } : {}),
      ...(tvdbId ? { tvdbId } : {}),
      played: r.type === 'movie' ? mine.length > 0 : (r.leafCount ?? 0) > 0 && episodesSeen >= (r.leafCount ?? 0),
      ...(last ? { lastPlayed: epochToIso(last) } : {}),
      favorite: (r.Label ?? []).some(l => (l.tag ?? '').trim().toLowerCase() === keep)
    }
  }

  /** Every movie and show (GET /library/all?type=1|2, paged) with one account's plays. */
  async function titlesSeenBy (userId: string, o?: CallOptions): Promise<{ titles: TitlePlay[], complete: boolean }> {
    const seen = await history(userId, o)
    const titles: TitlePlay[] = []
    let complete = seen.complete
    for (const type of [1, 2]) {
      let n = 0
      for (; n < MAX_PAGES; n++) {
        const p = await core.paged('/library/all', { type, includeGuids: 1, sort: 'titleSort' }, n * PAGE, PAGE, o)
        for (const r of p.items) { const t = play(r, seen.rows); if (t) titles.push(t) }
        if (p.items.length < PAGE || (n + 1) * PAGE >= p.total) break
      }
      if (n === MAX_PAGES) complete = false
    }
    return { titles, complete }
  }

  async function titleSeenBy (userId: string, itemId: string, o?: CallOptions): Promise<TitlePlay | undefined> {
    const r = await core.one(itemId, o)
    return r ? play(r, (await history(userId, o)).rows) : undefined
  }

  async function lastEpisodePlay (userId: string, seriesId: string, o?: CallOptions): Promise<string | undefined> {
    const last = Math.max(0, ...(await history(userId, o)).rows.filter(h => h.grandparentRatingKey === seriesId).map(h => h.viewedAt ?? 0))
    return last ? epochToIso(last) : undefined
  }

  return { titlesSeenBy, titleSeenBy, lastEpisodePlay }
}
