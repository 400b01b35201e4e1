// The reads the readiness checks make, through the same tools the chat uses (so the bot, which reaches the
// tool server only over MCP, and the web chat, which calls the registry, check alike). Each call's answer is
// reused within one round, so several people waiting for the same show cost one set of reads.
import type { ToolRunResult } from '../chat/types.js'

export type Call = (name: string, args: Record<string, unknown>) => Promise<ToolRunResult>

/** A read failed (manager or media server unreachable, say): nothing is decided, the next round tries again. */
export class CheckFailed extends Error {}

export interface ImportRow { eventType: string, date: string, episodeId?: number, movieId?: number }
export interface SeasonRow { seasonNumber: number, episodeFileCount: number, episodeCount: number }
export interface SeriesRow { seriesId: number, tvdbId: number, title: string, episodeFileCount: number, episodeCount: number }
export interface EpisodeRow { episodeId: number, seasonNumber: number, episodeNumber: number, title: string, hasFile: boolean }
export interface MovieRow { movieId: number, tmdbId: number, title: string, year: number, hasFile: boolean }

/**
 * The manager's own import event, recorded when a download lands in the library: DownloadFolderImported in
 * Sonarr's EpisodeHistoryEventType (src/NzbDrone.Core/History/EpisodeHistory.cs) and Radarr's
 * MovieHistoryEventType (src/NzbDrone.Core/History/History.cs), sent camelCase by the v3 API
 * (simulators/contracts/sonarr-v3.openapi.json, radarr-v3.openapi.json). Our history view asks newest first.
 */
export const IMPORTED = 'downloadFolderImported'

/** One round's memo of tool answers. */
export function memoCall (call: Call): Call {
  const seen = new Map<string, Promise<ToolRunResult>>()
  return (name, args) => {
    const key = `${name} ${JSON.stringify(args)}`
    let answer = seen.get(key)
    if (!answer) { answer = call(name, args); seen.set(key, answer) }
    return answer
  }
}

async function structured (call: Call, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await call(name, args)
  if (r.isError || !r.structured) throw new CheckFailed(`${name}: ${r.text.slice(0, 300)}`)
  return r.structured
}

/** A list the tool promised; anything else is a failed read, never a crash of the round. */
function rows<T> (value: unknown, what: string): T[] {
  if (!Array.isArray(value)) throw new CheckFailed(`${what}: unexpected answer (no list)`)
  return value as T[]
}

/** Import events of one series or movie from `since` on (history is newest first; the last 100 are enough between rounds). */
/** The manager instance a request or follow names (absent: the tool finds the one that holds the id). */
const on = (instance: string | undefined) => instance ? { instance } : {}

export async function importsSince (call: Call, kind: 'series' | 'movie', id: number, since: number, instance?: string): Promise<ImportRow[]> {
  const tool = kind === 'series' ? 'series_status' : 'movie_status'
  const s = await structured(call, tool, { view: 'history', id, idType: kind === 'series' ? 'seriesId' : 'movieId', limit: 100, ...on(instance) })
  // A history date may carry whole seconds only (the simulators' do), while `since` has milliseconds: compared at
  // the second, an import in the same second as the request or follow still counts.
  const from = Math.floor(since / 1000) * 1000
  return rows<ImportRow>(s.items, tool).filter(h => h.eventType === IMPORTED && Date.parse(h.date) >= from)
}

export async function movieRow (call: Call, movieId: number, instance?: string): Promise<MovieRow | undefined> {
  const s = await structured(call, 'movie_status', { view: 'movie', id: movieId, idType: 'movieId', ...on(instance) })
  return rows<MovieRow>(s.items, 'movie_status')[0]
}

export async function seriesRows (call: Call, seriesId: number, instance?: string): Promise<{ series: SeriesRow, seasons: SeasonRow[] }> {
  const s = await structured(call, 'series_status', { view: 'series', id: seriesId, idType: 'seriesId', limit: 100, ...on(instance) })
  if (typeof s.series !== 'object' || s.series === null) throw new CheckFailed('series_status: unexpected answer (no series)')
  return { series: s.series as SeriesRow, seasons: rows<SeasonRow>(s.items, 'series_status') }
}

export async function seasonRows (call: Call, seriesId: number, seasonNumber: number, instance?: string): Promise<EpisodeRow[]> {
  const s = await structured(call, 'series_status', { view: 'season', id: seriesId, idType: 'seriesId', seasonNumber, limit: 100, ...on(instance) })
  return rows<EpisodeRow>(s.items, 'series_status')
}

interface MediaItemRow { id: string, providerIds?: Record<string, string | undefined> }

/**
 * The media server's item for a title (matched by its catalogue id, never by name alone); undefined while it
 * is not listed yet; null when no media server is configured (then the manager's import is what counts).
 */
export async function mediaItemId (call: Call, type: 'Movie' | 'Series', title: string, provider: 'tmdb' | 'tvdb', id: number): Promise<string | null | undefined> {
  const r = await call('search_media', { query: title.slice(0, 200) || String(id), types: [type], limit: 50 })
  if (r.isError) {
    if (/not configured/i.test(r.text)) return null
    throw new CheckFailed(`search_media: ${r.text.slice(0, 300)}`)
  }
  return (r.structured?.items as MediaItemRow[] | undefined)?.find(i => i.providerIds?.[provider] === String(id))?.id
}

/** Episode numbers the media server lists for one season (empty while the season is not there yet). */
export async function mediaEpisodes (call: Call, mediaSeriesId: string, seasonNumber: number): Promise<Set<number>> {
  const r = await call('show_details', { seriesId: mediaSeriesId, season: seasonNumber, limit: 200 })
  if (r.isError) {
    if (/has no season/i.test(r.text)) return new Set()
    throw new CheckFailed(`show_details: ${r.text.slice(0, 300)}`)
  }
  const episodes = (r.structured?.episodes as { items?: Array<{ episodeNumber?: number }> } | undefined)?.items ?? []
  return new Set(episodes.flatMap(e => e.episodeNumber === undefined ? [] : [e.episodeNumber]))
}

/** Episodes the media server lists for the whole series. */
export async function mediaEpisodeCount (call: Call, mediaSeriesId: string): Promise<number> {
  const s = await structured(call, 'show_details', { seriesId: mediaSeriesId })
  return rows<{ episodeCount?: number }>(s.seasons, 'show_details').reduce((n, x) => n + (x.episodeCount ?? 0), 0)
}
