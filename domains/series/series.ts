// The series tools' one shared home: id resolution against Sonarr, and every schema more than one series tool
// uses (series, season and episode views, the releases search target), with the functions that trim into them.
import { Type, type Static } from '@sinclair/typebox'
import { ToolError } from '../../core/errors.js'
import type { SonarrClient } from '../../clients/servarr/client.js'
import type { Episode, QualityProfile, Season, Series } from '../../clients/servarr/types.js'
import type { IdFlavour } from '../servarr/ids.js'
import { known, qualityName } from '../servarr/items.js'
import { episodeCode } from '../servarr/text.js'
import { nextCall, refusal } from '../../lib/answers/next-calls.js'

export const SERIES_IDS = { noun: 'series', managerId: 'seriesId', catalogueId: 'tvdbId' } as const

export function seriesFlavour (client: SonarrClient): IdFlavour<Series> {
  return {
    ...SERIES_IDS,
    statusTool: 'series_status',
    searchTool: 'series_search',
    byManagerId: id => client.getSeries(id),
    byCatalogueId: id => client.seriesByTvdbId(id)
  }
}

export const SeriesItemSchema = Type.Object({
  kind: Type.Literal('series', { description: 'Item type: a series in the library' }),
  seriesId: Type.Integer({ description: 'Id in the series manager' }),
  tvdbId: Type.Optional(Type.Integer({ description: 'TVDB id' })),
  title: Type.String({ description: 'Title' }),
  year: Type.Optional(Type.Integer({ description: 'First air year' })),
  status: Type.String({ description: 'continuing, ended or upcoming' }),
  monitored: Type.Boolean({ description: 'Whether the manager looks for new episodes' }),
  qualityProfile: Type.String({ description: 'Quality profile name' }),
  seriesType: Type.String({ description: 'standard, daily or anime' }),
  path: Type.Optional(Type.String({ description: 'Series folder (our path; not in view library)' })),
  seasonCount: Type.Integer({ description: 'Number of seasons' }),
  episodeFileCount: Type.Optional(Type.Integer({ description: 'Episodes with a file' })),
  episodeCount: Type.Optional(Type.Integer({ description: 'Monitored aired episodes plus those with a file' })),
  totalEpisodeCount: Type.Optional(Type.Integer({ description: 'All episodes known' })),
  sizeOnDisk: Type.Optional(Type.Number({ description: 'Bytes on disk' }))
}, { additionalProperties: false, description: 'A series in the library' })

export const SeasonItemSchema = Type.Object({
  kind: Type.Literal('season', { description: 'Item type: a season of the series' }),
  seasonNumber: Type.Integer({ description: 'Season number (0 = specials)' }),
  monitored: Type.Boolean({ description: 'Whether the season is monitored' }),
  episodeFileCount: Type.Optional(Type.Integer({ description: 'Episodes with a file' })),
  episodeCount: Type.Optional(Type.Integer({ description: 'Monitored aired episodes plus those with a file' })),
  totalEpisodeCount: Type.Optional(Type.Integer({ description: 'All episodes in the season' })),
  sizeOnDisk: Type.Optional(Type.Number({ description: 'Bytes on disk' }))
}, { additionalProperties: false, description: 'A season' })

export const EpisodeItemSchema = Type.Object({
  kind: Type.Literal('episode', { description: 'Item type: an episode' }),
  episodeId: Type.Integer({ description: 'Episode id in the series manager' }),
  seriesId: Type.Integer({ description: 'Series id' }),
  seriesTitle: Type.Optional(Type.String({ description: 'Series title (calendar and missing views)' })),
  code: Type.String({ description: 'Season and episode, e.g. S01E02' }),
  seasonNumber: Type.Integer({ description: 'Season number' }),
  episodeNumber: Type.Integer({ description: 'Episode number' }),
  title: Type.String({ description: 'Episode title' }),
  airDateUtc: Type.Optional(Type.String({ description: 'Air date and time (ISO 8601, UTC)' })),
  hasFile: Type.Boolean({ description: 'Whether a file is in the library' }),
  monitored: Type.Boolean({ description: 'Whether the episode is monitored' }),
  filePath: Type.Optional(Type.String({ description: 'Episode file (our path), when it has one and files were requested' })),
  fileSize: Type.Optional(Type.Number({ description: 'File size in bytes' })),
  fileQuality: Type.Optional(Type.String({ description: 'File quality name' }))
}, { additionalProperties: false, description: 'An episode' })

/** One series as a row; a library row (`listed`) leaves out the folder, which view "series" shows. */
export function toSeriesItem (s: Series, profiles: QualityProfile[], listed = false): Static<typeof SeriesItemSchema> {
  return {
    kind: 'series',
    seriesId: s.id,
    ...known({ tvdbId: s.tvdbId }),
    title: s.title ?? '',
    ...known({ year: s.year }),
    status: s.status ?? 'unknown',
    monitored: s.monitored === true,
    qualityProfile: profiles.find(p => p.id === s.qualityProfileId)?.name ?? `#${s.qualityProfileId}`,
    seriesType: s.seriesType ?? 'standard',
    ...(listed ? {} : { path: s.path ?? '' }),
    seasonCount: s.statistics?.seasonCount ?? (s.seasons ?? []).length,
    ...episodeStats(s.statistics)
  }
}

type EpisodeStats = { episodeFileCount?: number, episodeCount?: number, totalEpisodeCount?: number, sizeOnDisk?: number }

// The manager leaves statistics out of some answers (e.g. a series just added): an unsent count is
// left out rather than shown as 0, which would read as "no episodes" or "nothing on disk".
function episodeStats (st: EpisodeStats | undefined): EpisodeStats {
  return known({ episodeFileCount: st?.episodeFileCount, episodeCount: st?.episodeCount, totalEpisodeCount: st?.totalEpisodeCount, sizeOnDisk: st?.sizeOnDisk })
}

export function toSeasonItem (s: Season): Static<typeof SeasonItemSchema> {
  return {
    kind: 'season',
    seasonNumber: s.seasonNumber,
    monitored: s.monitored,
    ...episodeStats(s.statistics)
  }
}

export function toEpisodeItem (e: Episode): Static<typeof EpisodeItemSchema> {
  return {
    kind: 'episode',
    episodeId: e.id,
    seriesId: e.seriesId,
    ...(e.series?.title ? { seriesTitle: e.series.title } : {}),
    code: episodeCode(e.seasonNumber, [e.episodeNumber]),
    seasonNumber: e.seasonNumber,
    episodeNumber: e.episodeNumber,
    title: e.title ?? '',
    ...(e.airDateUtc ? { airDateUtc: e.airDateUtc } : {}),
    hasFile: e.hasFile === true,
    monitored: e.monitored === true,
    ...(e.episodeFile?.path ? { filePath: e.episodeFile.path, fileSize: e.episodeFile.size ?? 0, ...(qualityName(e.episodeFile.quality) ? { fileQuality: qualityName(e.episodeFile.quality) } : {}) } : {})
  }
}

/** The episodes a season/episode pair names, or a recovery hint when it does not exist. */
export async function findEpisodes (client: SonarrClient, series: Series, seasonNumber: number, episodeNumber?: number, instance?: string): Promise<Episode[]> {
  const eps = await client.episodes({ seriesId: series.id, seasonNumber })
  const chosen = episodeNumber === undefined ? eps : eps.filter(e => e.episodeNumber === episodeNumber)
  if (chosen.length === 0) {
    const seasons = (series.seasons ?? []).map(s => s.seasonNumber).join(', ')
    if (episodeNumber === undefined) throw new ToolError(`"${series.title}" has no season ${seasonNumber}. Seasons: ${seasons || 'none'}.`)
    throw refusal(`"${series.title}" has no ${episodeCode(seasonNumber, [episodeNumber])}.`,
      [nextCall('series_status', { view: 'season', id: series.id, idType: 'seriesId', seasonNumber, instance }, `list season ${seasonNumber}'s episodes`)])
  }
  return chosen
}

/** What a releases search was for, in the releases and grab tools' answers. */
export const SeriesTargetSchema = Type.Object({
  seriesId: Type.Integer({ description: 'Series id in the manager' }),
  title: Type.String({ description: 'Series title' }),
  seasonNumber: Type.Integer({ description: 'Season searched' }),
  episodeNumber: Type.Optional(Type.Integer({ description: 'Episode searched (absent for a whole season)' })),
  episodeId: Type.Optional(Type.Integer({ description: 'Episode id in the manager' })),
  code: Type.String({ description: 'S01E02, or S01 for a season' })
}, { additionalProperties: false, description: 'What was searched for' })
