// "Imported and playable": the manager recorded an import of it since it was asked for (its history's
// downloadFolderImported event) and has the file, and the media server lists it. A season or a series is
// ready when every monitored aired episode has its file; a followed show's new episodes are the imports
// since it was followed, each told once.
import {
  importsSince, mediaEpisodeCount, mediaEpisodes, mediaItemId, movieRow, seasonRows, seriesRows,
  type Call, type EpisodeRow
} from './lookups.js'
import { quotedLine, pad, targetLabel, type Follow, type Names, type Target } from './types.js'
import { seerrRequestReady } from './seerr-request.js'

/** The notice text when the target is ready, undefined while it is not. Throws CheckFailed when a read failed. */
export async function requestReady (call: Call, target: Target, since: number, names?: Names): Promise<string | undefined> {
  if (target.kind === 'request') return await seerrRequestReady(call, target, since, (c, t, s) => requestReady(c, t, s, names), names)
  if (target.kind === 'movie') return await movieReady(call, target, since, names)
  const imports = await importsSince(call, 'series', target.seriesId, since, target.instance)
  if (imports.length === 0) return undefined
  const { series, seasons } = await seriesRows(call, target.seriesId, target.instance)
  const title = quotedLine(series.title || target.title)

  if (target.seasonNumber === undefined) {
    // The whole series: every monitored aired episode has its file, and the media server lists as many.
    if (series.episodeCount === 0 || series.episodeFileCount < series.episodeCount) return undefined
    const media = await mediaItemId(call, 'Series', series.title, 'tvdb', series.tvdbId)
    if (media === undefined) return undefined
    if (media !== null && await mediaEpisodeCount(call, media) < series.episodeFileCount) return undefined
    names?.(media)
    return `📺 ${title} is ready to watch (${series.episodeFileCount} episode${series.episodeFileCount === 1 ? '' : 's'}).`
  }

  const episodes = await seasonRows(call, target.seriesId, target.seasonNumber, target.instance)
  const importedIds = new Set(imports.map(i => i.episodeId))
  let wanted: EpisodeRow[]
  if (target.episodeNumber !== undefined) {
    wanted = episodes.filter(e => e.episodeNumber === target.episodeNumber && e.hasFile && importedIds.has(e.episodeId))
    if (wanted.length === 0) return undefined
  } else {
    const season = seasons.find(s => s.seasonNumber === target.seasonNumber)
    if (!season || season.episodeCount === 0 || season.episodeFileCount < season.episodeCount) return undefined
    if (!episodes.some(e => importedIds.has(e.episodeId))) return undefined
    wanted = episodes.filter(e => e.hasFile)
  }
  const media = await mediaItemId(call, 'Series', series.title, 'tvdb', series.tvdbId)
  if (media === undefined) return undefined
  if (media !== null) {
    const listed = await mediaEpisodes(call, media, target.seasonNumber)
    if (!wanted.every(e => listed.has(e.episodeNumber))) return undefined
  }
  names?.(media)
  if (target.episodeNumber !== undefined) return `📺 ${targetLabel({ ...target, title: series.title || target.title })}${episodeName(wanted[0])} is ready to watch.`
  return `📺 ${title} season ${target.seasonNumber} is ready to watch (${wanted.length} episode${wanted.length === 1 ? '' : 's'}).`
}

async function movieReady (call: Call, target: Extract<Target, { kind: 'movie' }>, since: number, names?: Names): Promise<string | undefined> {
  const imports = await importsSince(call, 'movie', target.movieId, since, target.instance)
  if (imports.length === 0) return undefined
  const movie = await movieRow(call, target.movieId, target.instance)
  if (!movie?.hasFile) return undefined
  const media = await mediaItemId(call, 'Movie', movie.title, 'tmdb', movie.tmdbId)
  if (media === undefined) return undefined
  names?.(media)
  return `🎬 ${quotedLine(movie.title || target.title)}${movie.year ? ` (${movie.year})` : ''} is ready to watch.`
}

export interface FollowRound {
  /** The notice, when new episodes are playable. */
  text?: string
  /** Episode ids to mark told: the ones in the notice, and imports that no longer have a file (nothing to tell). */
  told: number[]
  /** With text: the media server's item of the series (null: no media server is configured). */
  item?: string | null
}

/** New episodes of a followed show: imported since it was followed, not told before, listed by the media server. */
export async function followNews (call: Call, follow: Follow): Promise<FollowRound> {
  const told = new Set(follow.told)
  const fresh = new Set((await importsSince(call, 'series', follow.seriesId, Date.parse(follow.since), follow.instance))
    .flatMap(i => i.episodeId !== undefined && !told.has(i.episodeId) ? [i.episodeId] : []))
  if (fresh.size === 0) return { told: [] }
  const { series, seasons } = await seriesRows(call, follow.seriesId, follow.instance)
  // New episodes are usually in the latest season: look from the last one back until every id is placed.
  const found: EpisodeRow[] = []
  for (const season of [...seasons].sort((a, b) => b.seasonNumber - a.seasonNumber)) {
    if (found.length === fresh.size) break
    for (const e of await seasonRows(call, follow.seriesId, season.seasonNumber, follow.instance)) if (fresh.has(e.episodeId)) found.push(e)
  }
  const placed = new Set(found.map(e => e.episodeId))
  const gone = [...fresh].filter(id => !placed.has(id)).concat(found.filter(e => !e.hasFile).map(e => e.episodeId))
  const withFile = found.filter(e => e.hasFile)
  const media = withFile.length === 0 ? null : await mediaItemId(call, 'Series', series.title, 'tvdb', series.tvdbId)
  if (media === undefined) return { told: gone }
  const ready: EpisodeRow[] = []
  for (const seasonNumber of new Set(withFile.map(e => e.seasonNumber))) {
    const listed = media === null ? undefined : await mediaEpisodes(call, media, seasonNumber)
    ready.push(...withFile.filter(e => e.seasonNumber === seasonNumber && (!listed || listed.has(e.episodeNumber))))
  }
  if (ready.length === 0) return { told: gone }
  ready.sort((a, b) => a.seasonNumber - b.seasonNumber || a.episodeNumber - b.episodeNumber)
  const title = quotedLine(series.title || follow.title)
  const list = ready.slice(0, 10).map(e => `S${pad(e.seasonNumber)}E${pad(e.episodeNumber)}${episodeName(e)}`).join(', ')
  const more = ready.length > 10 ? ` and ${ready.length - 10} more` : ''
  const text = ready.length === 1
    ? `🆕 New episode of ${title}: ${list} is ready to watch.`
    : `🆕 ${ready.length} new episodes of ${title} are ready to watch: ${list}${more}.`
  return { text, told: [...ready.map(e => e.episodeId), ...gone], item: media }
}

function episodeName (e: EpisodeRow | undefined): string {
  return e?.title ? ` ${quotedLine(e.title)}` : ''
}
