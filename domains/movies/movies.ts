// The movie tools' one shared home: id resolution against Radarr, and every schema more than one movie tool uses
// (the movie view, the releases search target), with the functions that trim into them.
import { Type, type Static } from '@sinclair/typebox'
import type { RadarrClient } from '../../clients/servarr/client.js'
import type { Movie, QualityProfile } from '../../clients/servarr/types.js'
import type { IdFlavour } from '../servarr/ids.js'
import { known, qualityName } from '../servarr/items.js'
import { quoted } from '../servarr/text.js'

export const MOVIE_IDS = { noun: 'movie', managerId: 'movieId', catalogueId: 'tmdbId' } as const

export function movieFlavour (client: RadarrClient): IdFlavour<Movie> {
  return {
    ...MOVIE_IDS,
    statusTool: 'movie_status',
    searchTool: 'movie_search',
    byManagerId: id => client.getMovie(id),
    byCatalogueId: id => client.movieByTmdbId(id)
  }
}

export const MovieItemSchema = Type.Object({
  kind: Type.Literal('movie', { description: 'Item type: a movie in the library' }),
  movieId: Type.Integer({ description: 'Id in the movie manager' }),
  tmdbId: Type.Optional(Type.Integer({ description: 'TMDB id' })),
  imdbId: Type.Optional(Type.String({ description: 'IMDb id' })),
  title: Type.String({ description: 'Title' }),
  year: Type.Optional(Type.Integer({ description: 'Release year' })),
  status: Type.String({ description: 'announced, inCinemas or released' }),
  monitored: Type.Boolean({ description: 'Whether the manager looks for it' }),
  qualityProfile: Type.String({ description: 'Quality profile name' }),
  minimumAvailability: Type.Optional(Type.String({ description: 'When the manager starts looking: announced, inCinemas or released (not in view library)' })),
  path: Type.Optional(Type.String({ description: 'Movie folder (our path; not in view library)' })),
  hasFile: Type.Boolean({ description: 'Whether a file is in the library' }),
  sizeOnDisk: Type.Optional(Type.Number({ description: 'Bytes on disk' })),
  filePath: Type.Optional(Type.String({ description: 'The movie file (our path; not in view library)' })),
  fileQuality: Type.Optional(Type.String({ description: 'File quality name' })),
  inCinemas: Type.Optional(Type.String({ description: 'Cinema release date (ISO 8601; not in view library)' })),
  digitalRelease: Type.Optional(Type.String({ description: 'Digital release date (ISO 8601; not in view library)' }))
}, { additionalProperties: false, description: 'A movie in the library' })

/**
 * One movie as a row. A library row (`listed`) leaves out the folder, file path and dates: a page of 100 stays
 * small, and view "movie" shows them for the one asked about.
 */
export function toMovieItem (m: Movie, profiles: QualityProfile[], listed = false): Static<typeof MovieItemSchema> {
  const quality = qualityName(m.movieFile?.quality)
  return {
    kind: 'movie',
    movieId: m.id,
    ...known({ tmdbId: m.tmdbId }),
    ...(m.imdbId ? { imdbId: m.imdbId } : {}),
    title: m.title ?? '',
    ...known({ year: m.year }),
    status: m.status ?? 'unknown',
    monitored: m.monitored === true,
    qualityProfile: profiles.find(p => p.id === m.qualityProfileId)?.name ?? `#${m.qualityProfileId}`,
    hasFile: m.hasFile === true,
    ...known({ sizeOnDisk: m.sizeOnDisk ?? m.statistics?.sizeOnDisk }),
    ...(quality ? { fileQuality: quality } : {}),
    ...(listed
      ? {}
      : {
          minimumAvailability: m.minimumAvailability ?? 'released',
          path: m.path ?? '',
          ...(m.movieFile?.path ? { filePath: m.movieFile.path } : {}),
          ...(m.inCinemas ? { inCinemas: m.inCinemas } : {}),
          ...(m.digitalRelease ? { digitalRelease: m.digitalRelease } : {})
        })
  }
}

export function movieLabel (m: Movie): string {
  return `${quoted(m.title)}${m.year ? ` (${m.year})` : ''}`
}

/** What a releases search was for, in the releases and grab tools' answers. */
export const MovieTargetSchema = Type.Object({
  movieId: Type.Integer({ description: 'Movie id in the manager' }),
  title: Type.String({ description: 'Movie title' }),
  year: Type.Integer({ description: 'Release year' })
}, { additionalProperties: false, description: 'The movie searched for' })
