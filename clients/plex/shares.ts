// What plex.tv says of this server's shares: each shared or managed user's own access token for this server and
// the restrictions the owner set for them. Reading the server with that token is reading it as that user, and the
// server then applies the user's restrictions itself: python-plexapi's PlexServer.switchUser does exactly this
// (pkkid/python-plexapi @ 4.16.1 plexapi/server.py : 245-277, the user's token from MyPlexUser.get_token,
// plexapi/myplex.py : 1232-1237, which reads GET https://plex.tv/api/servers/{machineIdentifier}/shared_servers with
// the owner's token, myplex.py : 96, and takes the accessToken of the SharedServer whose userID is the user's).
// A managed (Plex Home) user has such a share too: createHomeUser posts to the same shared_servers
// (myplex.py : 356-403). The share's filterMovies / filterTelevision / filterMusic attributes hold the restrictions
// as `key=v1%2Cv2|key=…` with keys contentRating, contentRating!, label, label! (myplex.py : 736-743
// _filterDictToStr, the same strings inviteFriend and updateFriend send, : 316-353, 586-650); Plex's support article
// "Restricting the Shares" (support.plex.tv/articles/204232573) says what they mean (lib/people/share-filters.ts).
// plex.tv is an outside service: every read goes through the URL guard (the fetcher the backends plugin gives).
import { BackendError } from '../../core/errors.js'
import { untilAborted } from '../../core/keyed-cache.js'
import type { ContentFilter, UserLimits } from '../media-server/types.js'

export const PLEX_TV = 'https://plex.tv'
/** How long one read of the shares is used (the owner's changes apply within it). */
export const SHARES_TTL_MS = 60_000
/** A shared_servers answer is a few KiB per user; far more is not one. */
export const MAX_SHARES_BYTES = 1024 * 1024

/** Fetches a plex.tv path (on PLEX_TV) through the URL guard with these headers; resolves the body, throws on any failure. */
export type PlexTvFetch = (path: string, o: { headers: Record<string, string>, signal?: AbortSignal }) => Promise<string>

export interface PlexShare {
  userId: string
  userName: string
  /** The user's token for this server: a secret, never shown or logged. */
  accessToken: string
  limits: UserLimits
}

const ATTRIBUTE = /([A-Za-z_][\w.-]*)\s*=\s*"([^"]*)"/g
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decodeXml = (v: string) => v.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
  e[0] === '#' ? String.fromCodePoint(Number(e[1] === 'x' || e[1] === 'X' ? `0${e.slice(1)}` : e.slice(1))) : ENTITIES[e.toLowerCase()] ?? m)

/** The attributes of every <SharedServer …> element of a shared_servers answer (XML; nothing else is read). */
export function sharedServerElements (xml: string): Array<Record<string, string>> {
  if (!/<MediaContainer[\s>]/.test(xml)) throw new Error('not a MediaContainer')
  const out: Array<Record<string, string>> = []
  for (const m of xml.matchAll(/<SharedServer\s([^>]*)>/g)) {
    const attrs: Record<string, string> = {}
    for (const a of m[1].matchAll(ATTRIBUTE)) attrs[a[1]] = decodeXml(a[2])
    out.push(attrs)
  }
  return out
}

const decodePart = (v: string) => { try { return decodeURIComponent(v) } catch { return v } }

/** One filter attribute (`contentRating=G%2CPG|label!=scary`) as lists; unknown keys are kept out. */
export function parseShareFilter (raw: string | undefined): ContentFilter | undefined {
  const filter: ContentFilter = { ratings: [], notRatings: [], labels: [], notLabels: [] }
  for (const part of (raw ?? '').split('|')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const values = part.slice(at + 1).split(/%2C|,/i).map(decodePart).map(v => v.trim()).filter(Boolean)
    const key = decodePart(part.slice(0, at)).trim()
    const list = key === 'contentRating' ? filter.ratings : key === 'contentRating!' ? filter.notRatings : key === 'label' ? filter.labels : key === 'label!' ? filter.notLabels : undefined
    list?.push(...values)
  }
  return filter.ratings.length + filter.notRatings.length + filter.labels.length + filter.notLabels.length ? filter : undefined
}

function toShare (a: Record<string, string>): PlexShare | undefined {
  if (!a.userID || !a.accessToken) return undefined
  const movie = parseShareFilter(a.filterMovies)
  const tv = parseShareFilter(a.filterTelevision)
  const music = parseShareFilter(a.filterMusic)
  return {
    userId: a.userID,
    userName: a.username ?? '',
    accessToken: a.accessToken,
    limits: { blockUnratedItems: [], blockedTags: [], ...(movie || tv || music ? { contentFilters: { ...(movie ? { movie } : {}), ...(tv ? { tv } : {}), ...(music ? { music } : {}) } } : {}) }
  }
}

/** The shares of one server, read from plex.tv with the owner's token and kept SHARES_TTL_MS. */
export function createPlexShares (o: { fetch?: PlexTvFetch, ownerToken: string, machineId: (signal?: AbortSignal) => Promise<string>, now?: () => number }) {
  const now = o.now ?? Date.now
  let cached: { at: number, shares: Promise<PlexShare[]> } | undefined

  async function read (): Promise<PlexShare[]> {
    if (!o.fetch) throw new BackendError('Plex', 'This server cannot reach plex.tv, so Plex users\' restrictions cannot be read.', undefined, 'unavailable')
    const machine = await o.machineId()
    let body: string
    try {
      body = await o.fetch(`/api/servers/${encodeURIComponent(machine)}/shared_servers`, {
        headers: { 'x-plex-token': o.ownerToken, 'x-plex-client-identifier': 'mediastack-mcp', 'x-plex-product': 'mediastack-mcp' }
      })
    } catch (err) {
      const why = err instanceof Error && /HTTP 40[13]/.test(err.message) ? 'plex.tv refused the owner\'s token (MEDIA_SERVER_TOKEN)' : 'plex.tv could not be reached'
      throw new BackendError('Plex', `${why}, so Plex users' restrictions cannot be read.`, undefined, 'unavailable')
    }
    try {
      return sharedServerElements(body).flatMap(a => toShare(a) ?? [])
    } catch {
      throw new BackendError('Plex', 'plex.tv answered something that is not a list of this server\'s shares, so Plex users\' restrictions cannot be read.', undefined, 'bad_response')
    }
  }

  return {
    /** This server's share with one user (by Plex account id), or undefined when plex.tv lists none. */
    async of (userId: string, signal?: AbortSignal): Promise<PlexShare | undefined> {
      if (!cached || now() - cached.at > SHARES_TTL_MS) {
        // Read without the caller's signal: callers share this read, and one giving up must not fail the others
        // (the plex.tv fetcher has its own 10 s deadline).
        const shares = read()
        cached = { at: now(), shares }
        shares.catch(() => { if (cached?.shares === shares) cached = undefined })
      }
      return (await untilAborted(cached.shares, signal)).find(s => s.userId === userId)
    }
  }
}
