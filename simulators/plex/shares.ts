// The server's shares: each shared or managed user reads this server with their own access token, and the server
// shows them what their share allows. python-plexapi reads a user's token from plex.tv's shared_servers and reads
// the server with it (pkkid/python-plexapi @ 4.16.1 plexapi/server.py : 245-277 switchUser, plexapi/myplex.py :
// 1232-1237 get_token); the restrictions are the filter dicts inviteFriend / updateFriend send (myplex.py :
// 316-353, 586-650: keys contentRating, contentRating!, label, label!, per movies, television and music), which
// plex.tv keeps as `key=v1%2Cv2|…` strings (myplex.py : 736-743 _filterDictToStr) and shows back as the
// SharedServer's filterMovies / filterTelevision / filterMusic. What they mean is Plex's support article
// "Restricting the Shares" (support.plex.tv/articles/204232573): with ratings chosen (e.g. G, PG) only titles rated
// one of them are shared, "aside from content you may share via Label"; excluded ratings and labels hide a title.
// A show's restriction covers its seasons and episodes; a share may also open only some libraries (Section
// shared="1"). Plex's own matching is closed source: values compare here ignoring case.
import type { SimItem } from '../jellyfin/state.js'
import type { PlexWorld } from './world.js'

export type ShareFilter = Partial<Record<'contentRating' | 'contentRating!' | 'label' | 'label!', string[]>>

export interface SimShare {
  accountId: number
  /** The user's own token for this server (what plex.tv's shared_servers gives the owner as accessToken). */
  accessToken: string
  filterMovies: ShareFilter
  filterTelevision: ShareFilter
  filterMusic: ShareFilter
  /** Library ids the share opens; absent: every library (allLibraries="1"). */
  libraries?: string[]
}

/** A filter dict as plex.tv keeps and shows it (_filterDictToStr: values joined by a literal %2C, keys by |). */
export function filterString (f: ShareFilter): string {
  return Object.entries(f).filter(([, v]) => v?.length).map(([k, v]) => `${k}=${v!.join('%2C')}`).join('|')
}

const has = (list: string[] | undefined, values: string[]) => !!list?.some(x => values.some(v => v.toLowerCase() === x.toLowerCase()))

/** Whether a title with this rating and these labels passes one filter (the support article's rules). */
export function passes (f: ShareFilter, rating: string | undefined, labels: string[]): boolean {
  const ratings = rating ? [rating] : []
  if (has(f['contentRating!'], ratings) || has(f['label!'], labels)) return false
  if (!f.contentRating?.length && !f.label?.length) return true
  return has(f.contentRating, ratings) || has(f.label, labels)
}

export function createShares (world: PlexWorld) {
  const shares = new Map<number, SimShare>()
  /** The title an item's restriction is judged on: a show for its seasons and episodes. */
  const titleOf = (item: SimItem) => (item.seriesId ? world.state.items.get(item.seriesId) ?? item : item.kind === 'Season' && item.parentId ? world.state.items.get(item.parentId) ?? item : item)

  return {
    all: () => [...shares.values()],
    byToken: (token: string) => [...shares.values()].find(s => s.accessToken === token),
    /** Shares the server with a user (by name) under these restrictions; returns the share. */
    share (name: string, restrictions: Partial<Omit<SimShare, 'accountId' | 'accessToken'>> = {}): SimShare {
      const account = world.accounts().find(a => a.name === name)
      if (!account) throw new Error(`no Plex account ${name}`)
      const share: SimShare = { accountId: account.id, accessToken: `plex-user-token-${account.id}-${name.length}x`, filterMovies: {}, filterTelevision: {}, filterMusic: {}, ...restrictions }
      shares.set(account.id, share)
      return share
    },
    /** Whether the share's user sees an item: its library is shared and its title passes the filter of its kind. */
    sees (share: SimShare | undefined, item: SimItem): boolean {
      if (!share) return true
      if (share.libraries && !share.libraries.includes(item.libraryId)) return false
      const title = titleOf(item)
      const labels = world.labels.get(title.id) ?? []
      if (title.kind === 'Movie') return passes(share.filterMovies, title.officialRating, labels)
      if (title.kind === 'Series') return passes(share.filterTelevision, title.officialRating, labels)
      if (title.kind === 'MusicAlbum') return passes(share.filterMusic, undefined, labels)
      return true
    }
  }
}

export type PlexShares = ReturnType<typeof createShares>
