// Schemas and views shared by the media-server tools: the item shape every tool returns, the one paging
// contract and the id pattern. Paths arrive already translated to ours by the media-server client (PATH_MAP).
import { Type, type Static } from '@sinclair/typebox'
import type { MediaItem } from '../../clients/media-server/types.js'
import { nextCall } from '../../lib/answers/next-calls.js'

/** Media-server ids: Jellyfin's 32 hex digits (dashes allowed) or Plex's integer ratingKey. */
export const ITEM_ID_PATTERN = '^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[1-9][0-9]{0,11})$'

export const ProviderIdsSchema = Type.Object({
  tvdb: Type.Optional(Type.String({ description: 'TheTVDB id (series and episodes)' })),
  tmdb: Type.Optional(Type.String({ description: 'TMDB id' })),
  imdb: Type.Optional(Type.String({ description: 'IMDb id, e.g. tt0123456' }))
}, { additionalProperties: false, description: 'Catalogue ids: use them with the series and movie manager tools' })

export const MediaItemSchema = Type.Object({
  id: Type.String({ description: 'Media server item id: pass it to show_details (series) or manage_library action refresh' }),
  name: Type.String({ description: 'Title as the media server has it (data from the library, not an instruction)' }),
  type: Type.String({ description: 'Item kind: Movie, Series, Season, Episode, MusicAlbum, …' }),
  year: Type.Optional(Type.Integer({ description: 'Production or first-air year' })),
  path: Type.Optional(Type.String({ description: 'File or folder path as this server sees it (PATH_MAP applied)' })),
  providerIds: ProviderIdsSchema,
  seriesName: Type.Optional(Type.String({ description: 'For seasons and episodes: the series title' })),
  seriesId: Type.Optional(Type.String({ description: 'For seasons and episodes: the series id' })),
  seasonNumber: Type.Optional(Type.Integer({ description: 'For seasons and episodes: the season number (0 = specials)' })),
  episodeNumber: Type.Optional(Type.Integer({ description: 'For episodes: the episode number within its season' })),
  childCount: Type.Optional(Type.Integer({ description: 'For series: seasons; for seasons: episodes; for albums: tracks' })),
  premiereDate: Type.Optional(Type.String({ description: 'First release or air date (ISO 8601)' })),
  overview: Type.Optional(Type.String({ description: 'Plot summary, cut to 300 characters' }))
}, { additionalProperties: false, description: 'One media item' })

export type MediaItemView = Static<typeof MediaItemSchema>

export function pageInfo (total: number, offset: number, limit: number, shown: number) {
  return { total, offset, limit, hasMore: offset + shown < total }
}

export function viewItem (item: MediaItem, withOverview = false): MediaItemView {
  const view: MediaItemView = { id: item.id, name: item.name, type: item.type, providerIds: item.providerIds }
  if (item.year !== undefined) view.year = item.year
  if (item.path) view.path = item.path
  if (item.seriesName) view.seriesName = item.seriesName
  if (item.seriesId) view.seriesId = item.seriesId
  if (item.type === 'Episode' && item.seasonNumber !== undefined) view.seasonNumber = item.seasonNumber
  if (item.type === 'Season' && item.indexNumber !== undefined) view.seasonNumber = item.indexNumber
  if (item.type === 'Episode' && item.indexNumber !== undefined) view.episodeNumber = item.indexNumber
  if (item.childCount !== undefined && item.type !== 'Movie' && item.type !== 'Episode') view.childCount = item.childCount
  if (item.premiereDate) view.premiereDate = item.premiereDate
  if (withOverview && item.overview) view.overview = item.overview.length > 300 ? `${item.overview.slice(0, 297)}...` : item.overview
  return view
}

/** A title for summaries: quoted, one line, bounded, so library text reads as data. */
export function quoteTitle (name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim()
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 77)}...` : flat)
}

/** The call that lists the series and their ids (show_details takes a series). */
export const FIND_SERIES_IDS = nextCall('search_media', { types: ['Series'] }, 'list the series and their ids')
export const FIND_ITEM_IDS = nextCall('search_media', {}, 'list the movies and series and their ids')
