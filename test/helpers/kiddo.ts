// A household with a restricted child: NOTIFY_PEOPLE maps "kid" to the Jellyfin user "Kiddo", whose policy allows
// PG at most, hides the "horror" tag and unrated movies and opens the Movies and Shows libraries only; "teen" has no
// media-server user; "parent" is the owner. restrictKiddo rates the simulated library and adds the user.
import type { Principal } from '../../core/principal.js'
import type { JellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { idFor } from '../../simulators/jellyfin/state.js'

export const KID_PEOPLE = 'kid=telegram:111,media:Kiddo teen=telegram:222 parent=telegram:333,owner'
export const KID_URLS = 'kid=json://127.0.0.1:9 teen=json://127.0.0.1:9 parent=json://127.0.0.1:9'

export function personPrincipal (name: string, owner = false): Principal {
  return { id: `oauth:${name}`, kind: 'oauth', clientId: 'test-client', scopes: ['mcp'], person: { name, owner, readOnly: false } }
}

/** A restricted user "Kiddo" (PG at most, no "horror" tag, no unrated movies, Movies and Shows only) and rated titles. */
export function restrictKiddo (jf: JellyfinSimulator) {
  const items = [...jf.state.items.values()]
  const movies = items.filter(i => i.kind === 'Movie')
  const series = items.filter(i => i.kind === 'Series')
  const [rated, tagged, unrated, fine] = movies
  rated!.officialRating = 'R'
  tagged!.officialRating = 'PG'
  tagged!.tags = ['Horror']
  fine!.officialRating = 'PG'
  for (const m of movies.slice(4)) m.officialRating = 'G'
  const shows = series.filter(s => s.libraryId === idFor('library', 'Shows'))
  const anime = series.find(s => s.libraryId === idFor('library', 'Anime'))!
  const [mature, family] = shows
  mature!.officialRating = 'TV-MA'
  for (const s of series) if (s !== mature) s.officialRating = 'TV-PG'
  jf.state.users.push({
    id: idFor('user', 'kiddo'),
    name: 'Kiddo',
    isAdmin: false,
    isDisabled: false,
    lastActivity: new Date().toISOString(),
    policy: { maxParentalRating: 10, blockedTags: ['horror'], blockUnratedItems: ['Movie'], enableAllFolders: false, enabledFolders: [idFor('library', 'Movies'), idFor('library', 'Shows')] }
  })
  return { rated: rated!, tagged: tagged!, unrated: unrated!, fine: fine!, mature: mature!, family: family!, anime }
}
