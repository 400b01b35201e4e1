// cleanup_server's watched category: the movies and series every media-server user has watched, last played
// more than N days ago, that nobody keeps. A title qualifies only when all of this is proved:
// - every enabled media-server user has played it (a series: no episode left unplayed, as the server says);
// - the last play by anyone is older than the limit (a series: its last played episode);
// - no user has made it a favourite, and its manager entry does not carry the keep tag;
// - exactly one manager entry is the media server's item (same TMDb/TVDb id and, when the server gives a
//   path, the item lies in the entry's folder), it holds files, and nothing for it is in the download queue.
// Anything unproved leaves the title alone and is counted in a note. Deleting happens through the manager
// (files and entry, with an import-list exclusion) so it is not downloaded again.
import type { TitlePlay } from '../../clients/media-server/types.js'

export interface WatchedEntry { id: number, title: string, year?: number, path?: string, providerId?: number, tags: number[], bytes: number }

/** One series or movie manager instance, as the watched category reads it. */
export interface WatchedManager {
  kind: 'movie' | 'series'
  /** "Radarr", or "Radarr (uhd)" for an extra instance. */
  label: string
  instance: string
  entries: () => Promise<WatchedEntry[]>
  /** The ids of this instance's tags whose label is the keep tag. */
  keepTagIds: () => Promise<number[]>
  /** Entry ids with a download in the queue. */
  queued: () => Promise<Set<number>>
}

export interface WatchedPlays {
  /** The enabled users (a disabled account does not hold a title back). */
  users: () => Promise<Array<{ id: string, name: string }>>
  titles: (userId: string) => Promise<{ titles: TitlePlay[], complete: boolean }>
  lastEpisodePlay: (userId: string, seriesItemId: string) => Promise<string | undefined>
}

export interface WatchedCandidate {
  /** Stable key of the manager entry: "<label>:<kind>:<id>". */
  key: string
  kind: 'movie' | 'series'
  label: string
  instance: string
  id: number
  title: string
  /** The manager's year (a series' first air year), to tell two titles of one name apart. */
  year?: number
  path?: string
  bytes: number
  itemId: string
  lastPlayed: string
  users: string[]
}

export const watchedKey = (label: string, kind: string, id: number) => `${label}:${kind}:${id}`

const within = (file: string, folder: string) => file === folder || file.startsWith(folder.endsWith('/') ? folder : `${folder}/`)

/** Every entry of every manager read, by key: the folder check refuses a folder holding another title's. */
export interface HeldFolder { key: string, title: string, path?: string }

export async function findWatched (plays: WatchedPlays, managers: WatchedManager[], o: { days: number, now?: Date }): Promise<{ candidates: WatchedCandidate[], notes: string[], held: HeldFolder[] }> {
  const now = o.now ?? new Date()
  const notes: string[] = []
  const users = await plays.users()
  if (users.length === 0) return { candidates: [], notes: ['watched: the media server has no enabled user, so nothing can be proved watched by everyone'], held: [] }

  // Per title (media-server item id): each user's play, kept only while every user so far has played it.
  const perUser = await Promise.all(users.map(async u => ({ user: u, ...await plays.titles(u.id) })))
  if (perUser.some(p => !p.complete)) notes.push('watched: the media server\'s library was read in part only (over 100,000 titles); titles beyond it were not judged')
  const byItem = new Map<string, { title: TitlePlay, plays: TitlePlay[] }>()
  for (const t of perUser[0].titles) byItem.set(t.itemId, { title: t, plays: [t] })
  for (const p of perUser.slice(1)) {
    const seen = new Map(p.titles.map(t => [t.itemId, t]))
    for (const [id, entry] of byItem) {
      const mine = seen.get(id)
      if (mine) entry.plays.push(mine)
      else byItem.delete(id)
    }
  }

  const held = await Promise.all(managers.map(async m => ({ m, entries: await m.entries(), keep: new Set(await m.keepTagIds()), queued: await m.queued() })))
  // A series' dates cost a request per user: asked only for series some series manager holds.
  const managedSeries = new Set(held.filter(h => h.m.kind === 'series').flatMap(h => h.entries.map(e => e.providerId)))
  const cutoff = now.getTime() - o.days * 86_400_000
  const watched: Array<{ title: TitlePlay, lastPlayed: string }> = []
  let favourites = 0
  let undated = 0
  let unfinished = perUser[0].titles.length - byItem.size
  let recent = 0
  for (const { title, plays: all } of byItem.values()) {
    if (!all.every(p => p.played)) { unfinished++; continue }
    if (all.some(p => p.favorite)) { favourites++; continue }
    if (title.kind === 'Series' && !managedSeries.has(title.tvdbId)) { watched.push({ title, lastPlayed: '' }); continue }
    let dates: Array<string | undefined> = all.map(p => p.lastPlayed)
    if (title.kind === 'Series') dates = await Promise.all(users.map(u => plays.lastEpisodePlay(u.id, title.itemId)))
    if (dates.some(d => d === undefined || Number.isNaN(Date.parse(d)))) { undated++; continue }
    const lastPlayed = (dates as string[]).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b))
    if (Date.parse(lastPlayed) > cutoff) { recent++; continue }
    watched.push({ title, lastPlayed: new Date(Date.parse(lastPlayed)).toISOString() })
  }
  // What was checked, so "nothing qualifies" is an answer and not a silence.
  notes.unshift(`watched: checked ${perUser[0].titles.length} title(s) for ${users.length} enabled user(s) (${users.map(u => u.name).join(', ')}): ` +
    `${unfinished} not finished by every user, ${recent} last played within ${o.days} day(s)`)
  if (favourites) notes.push(`watched: ${favourites} watched title(s) kept because a user made them a favourite`)
  if (undated) notes.push(`watched: ${undated} watched title(s) left alone because a user's last play has no date`)

  const candidates: WatchedCandidate[] = []
  let unmanaged = 0
  let kept = 0
  let busy = 0
  for (const { title, lastPlayed } of watched) {
    const kind = title.kind === 'Movie' ? 'movie' : 'series'
    const wanted = kind === 'movie' ? title.tmdbId : title.tvdbId
    const matches = held.filter(h => h.m.kind === kind).flatMap(h => h.entries
      .filter(e => wanted !== undefined && e.providerId === wanted && (!title.path || !e.path || within(title.path, e.path)))
      .map(e => ({ h, e })))
    if (matches.length !== 1) {
      if (matches.length > 1) notes.push(`watched: "${title.name}" left alone: ${matches.map(x => x.h.m.label).join(' and ')} both hold it`)
      else unmanaged++
      continue
    }
    const [{ h, e }] = matches
    if (e.tags.some(t => h.keep.has(t))) { kept++; continue }
    if (h.queued.has(e.id)) { busy++; continue }
    if (e.bytes <= 0) { unmanaged++; continue }
    candidates.push({
      key: watchedKey(h.m.label, kind, e.id),
      kind,
      label: h.m.label,
      instance: h.m.instance,
      id: e.id,
      title: e.title,
      ...(e.year ? { year: e.year } : {}),
      ...(e.path ? { path: e.path } : {}),
      bytes: e.bytes,
      itemId: title.itemId,
      lastPlayed,
      users: users.map(u => u.name)
    })
  }
  if (kept) notes.push(`watched: ${kept} title(s) kept by their keep tag`)
  if (busy) notes.push(`watched: ${busy} title(s) left alone while a download for them is queued`)
  if (unmanaged) notes.push(`watched: ${unmanaged} title(s) no series or movie manager holds files for were left alone (delete them with manage_files)`)
  const folders = held.flatMap(h => h.entries.map(e => ({ key: watchedKey(h.m.label, h.m.kind, e.id), title: e.title, ...(e.path ? { path: e.path } : {}) })))
  return { candidates, notes, held: folders }
}
