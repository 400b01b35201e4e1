// Radarr simulator state (movies, movie files, the lookup catalogue) and the resources the API returns
// for them, shaped to the contract's MovieResource / MovieFileResource.
import { fileQualityFields, qualities, type SimProfile, type SimQuality } from './qualities.js'
import { cleanTitle, folderName, iso, seedMovies, slug, type CatalogueMovie } from './seed.js'

/** A library movie: its catalogue entry plus what the library adds. */
export interface SimMovie extends CatalogueMovie {
  id: number
  path: string
  rootFolderPath: string
  qualityProfileId: number
  monitored: boolean
  lastSearchTime?: string
  minimumAvailability: 'announced' | 'inCinemas' | 'released'
  tags: number[]
  added: string
  movieFileId: number
  /**
   * More of MovieResource's fields, as a real library fills them (alternateTitles, images, ratings, genres,
   * keywords, collection, …; Radarr v6.0.3.10276 src/Radarr.Api.V3/Movies/MovieResource.cs). They override the
   * sparse defaults; `images` hold coverType and remoteUrl, and get a local `url` unless the caller asked
   * excludeLocalCovers (MovieController.AllMovie).
   */
  details?: Record<string, unknown> & { images?: Array<{ coverType: string, remoteUrl: string }> }
}

export interface SimMovieFile {
  id: number
  movieId: number
  path: string
  relativePath: string
  size: number
  quality: SimQuality
  dateAdded: string
  releaseGroup: string
  /** More of MovieFileResource's fields (mediaInfo, languages, sceneName, …; src/Radarr.Api.V3/MovieFiles/MovieFileResource.cs). */
  details?: Record<string, unknown>
}

export function createRadarrState (now: number, media: string, profiles: SimProfile[]) {
  const seed = seedMovies(now)
  const catalogue = new Map(seed.catalogue.map(c => [c.tmdbId, c]))
  const movies = new Map<number, SimMovie>()
  const files = new Map<number, SimMovieFile>()
  const ids = { movie: 1, file: 1 }

  function createMovie (input: Omit<SimMovie, 'id' | 'added' | 'movieFileId'>): SimMovie {
    const m: SimMovie = { ...input, id: ids.movie++, added: iso(now), movieFileId: 0 }
    movies.set(m.id, m)
    return m
  }

  function addFile (m: SimMovie, quality: SimQuality, size: number, releaseGroup: string, ext = '.mkv'): SimMovieFile {
    const relativePath = `${movieFileName(m, quality)}${ext}`
    const file: SimMovieFile = { id: ids.file++, movieId: m.id, path: `${m.path}/${relativePath}`, relativePath, size, quality, dateAdded: iso(now), releaseGroup }
    files.set(file.id, file)
    m.movieFileId = file.id
    return file
  }

  function removeMovie (id: number) {
    for (const f of [...files.values()]) if (f.movieId === id) files.delete(f.id)
    movies.delete(id)
  }

  let r = 11
  const rand = () => { r = (r * 16807) % 2147483647; return r / 2147483647 }
  for (const l of seed.library) {
    const c = catalogue.get(l.tmdbId)!
    const root = `${media}/movies`
    const m = createMovie({ ...fromCatalogue(c), path: `${root}/${folderName(c.title, c.year)}`, rootFolderPath: root, qualityProfileId: l.qualityProfileId, monitored: l.monitored, minimumAvailability: 'released', tags: l.tags })
    const profile = profiles.find(p => p.id === l.qualityProfileId)!
    if (l.hasFile) addFile(m, qualities('radarr').find(q => q.id === profile.cutoff)!, Math.round((4 + rand() * 12) * 1e9), 'SIMGRP')
  }

  return { catalogue, movies, files, createMovie, addFile, removeMovie }
}

export type RadarrState = ReturnType<typeof createRadarrState>

export function fromCatalogue (c: CatalogueMovie) {
  return { tmdbId: c.tmdbId, imdbId: c.imdbId, title: c.title, year: c.year, overview: c.overview, studio: c.studio, runtime: c.runtime, inCinemas: c.inCinemas, digitalRelease: c.digitalRelease }
}

/** Radarr's default movie format: "{Movie Title} ({Release Year}) [{Quality Full}]". */
export function movieFileName (m: { title: string, year: number }, quality: SimQuality) {
  return `${m.title.replace(/[<>:"/\\|?*]/g, '')} (${m.year}) [${quality.name}]`
}

export function movieFileResource (f: SimMovieFile): Record<string, unknown> {
  return {
    id: f.id,
    movieId: f.movieId,
    relativePath: f.relativePath,
    path: f.path,
    size: f.size,
    dateAdded: f.dateAdded,
    releaseGroup: f.releaseGroup,
    ...fileQualityFields('radarr', f.quality),
    qualityCutoffNotMet: false,
    ...f.details
  }
}

function status (c: { inCinemas: string, digitalRelease: string }, now: number) {
  return Date.parse(c.digitalRelease) < now ? 'released' : Date.parse(c.inCinemas) < now ? 'inCinemas' : 'announced'
}

/** A library movie (with id, path, file) or, without `m`, a catalogue entry as lookup returns it. */
export function movieResource (st: RadarrState, c: SimMovie | (CatalogueMovie & Partial<SimMovie>), now: number, o: { localCovers?: boolean } = {}): Record<string, unknown> {
  const inLibrary = typeof c.id === 'number' && c.id > 0
  const file = inLibrary && c.movieFileId ? st.files.get(c.movieFileId) : undefined
  const size = file?.size ?? 0
  const st8 = status(c, now)
  return {
    ...(inLibrary ? { id: c.id } : {}),
    title: c.title,
    originalTitle: c.title,
    originalLanguage: { id: 1, name: 'English' },
    alternateTitles: [],
    secondaryYearSourceId: 0,
    sortTitle: c.title.toLowerCase().replace(/^the\s+/, ''),
    sizeOnDisk: size,
    ...(c.lastSearchTime ? { lastSearchTime: c.lastSearchTime } : {}),
    status: st8,
    overview: c.overview,
    inCinemas: c.inCinemas,
    digitalRelease: c.digitalRelease,
    releaseDate: c.digitalRelease,
    images: [],
    website: '',
    ...(inLibrary ? {} : { remotePoster: `https://artworks.example/movies/${c.tmdbId}.jpg` }),
    year: c.year,
    youTubeTrailerId: '',
    studio: c.studio,
    ...(inLibrary ? { path: c.path } : {}),
    qualityProfileId: c.qualityProfileId ?? 0,
    hasFile: !!file,
    movieFileId: file?.id ?? 0,
    monitored: c.monitored ?? false,
    minimumAvailability: c.minimumAvailability ?? 'released',
    isAvailable: st8 === 'released',
    folderName: inLibrary ? c.path : folderName(c.title, c.year),
    runtime: c.runtime,
    cleanTitle: cleanTitle(c.title),
    imdbId: c.imdbId,
    tmdbId: c.tmdbId,
    titleSlug: `${c.tmdbId}-${slug(c.title)}`,
    ...(inLibrary ? { rootFolderPath: c.rootFolderPath } : {}),
    folder: folderName(c.title, c.year),
    certification: 'PG-13',
    genres: ['Drama'],
    keywords: [],
    tags: c.tags ?? [],
    added: c.added ?? '0001-01-01T00:00:00Z',
    ratings: { tmdb: { votes: 800, value: 7.2, type: 'user' } },
    ...(file ? { movieFile: movieFileResource(file) } : {}),
    popularity: 12.5,
    statistics: { movieFileCount: file ? 1 : 0, sizeOnDisk: size, releaseGroups: file ? [file.releaseGroup] : [] },
    ...c.details,
    ...(c.details?.images && { images: c.details.images.map(i => coverOf(i, inLibrary && o.localCovers !== false ? c.id : undefined)) })
  }
}

/** A library movie's cover gets its local MediaCover url (MediaCoverService.ConvertToLocalUrls). */
function coverOf (image: { coverType: string, remoteUrl: string }, movieId: number | undefined) {
  return movieId === undefined ? image : { ...image, url: `/MediaCover/${movieId}/${image.coverType}.jpg?lastWrite=638600000000000000` }
}
