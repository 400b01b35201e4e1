// Seeds the Sonarr and Radarr simulators at a large household's size, through their state (the same records
// their API adds): series with 3–6 seasons of 8–12 episodes, most aired ones with a file; movies, 80 % with a file.
import { qualities } from '../simulators/servarr/qualities.js'
import { folderName } from '../simulators/servarr/seed.js'
import { fromCatalogue } from '../simulators/servarr/radarr-state.js'
import type { SonarrSimulator } from '../simulators/servarr/sonarr.js'
import type { RadarrSimulator } from '../simulators/servarr/radarr.js'

const WORDS = ['Silent', 'Hidden', 'Broken', 'Golden', 'Northern', 'Crimson', 'Hollow', 'Distant', 'Paper', 'Iron', 'Quiet', 'Wild',
  'Harbor', 'Orchard', 'Signal', 'Kingdom', 'Line', 'Station', 'Garden', 'River', 'Empire', 'Archive', 'Orbit', 'Frontier']
const DAY = 86_400_000

function title (i: number, kind: string) {
  return `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} ${kind} ${i}`
}

const GENRES = ['Drama', 'Thriller', 'Comedy', 'Science Fiction', 'Adventure', 'Crime', 'Mystery', 'Romance', 'Family', 'History']
const KEYWORDS = ['based on novel or book', 'small town', 'friendship', 'revenge', 'road trip', 'heist', 'coming of age', 'dystopia',
  'investigation', 'family relationships', 'island', 'betrayal', 'survival', 'journalist', 'time travel', 'politics']
const hash = (i: number, salt: number) => ((i + 1) * 2_654_435_761 + salt * 40_503) >>> 0
/** A TMDb-style image path: 27 base-62 characters. */
const imagePath = (i: number, salt: number) => {
  let n = hash(i, salt)
  let out = ''
  for (let k = 0; k < 27; k++) { out += 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[n % 62]; n = (n * 1_103_515_245 + 12_345) >>> 0 }
  return `https://image.tmdb.org/t/p/original/${out}.jpg`
}

/**
 * The fields a real library movie carries beyond the simulator's sparse defaults, sized like TMDb-fed ones
 * (Radarr v6.0.3.10276 src/Radarr.Api.V3/Movies/MovieResource.cs, AlternativeTitleResource.cs,
 * src/NzbDrone.Core/Movies/Ratings.cs, src/NzbDrone.Core/MediaCover/MediaCover.cs): a full overview,
 * alternate titles from TMDb, poster and fanart, five ratings, genres, keywords, a collection.
 */
function movieDetails (i: number, id: number, name: string, year: number, released: string) {
  const altCount = 1 + (i % 6)
  return {
    overview: `${name}: a story told over one long night, when a ${GENRES[i % 10].toLowerCase()} about people who have lost touch ` +
      'with each other turns into something none of them expected. As the hours pass, old promises come back, a secret kept ' +
      'for years surfaces and every choice pulls them further from the lives they knew.',
    originalLanguage: { id: 1, name: 'English' },
    alternateTitles: Array.from({ length: altCount }, (_, k) => {
      const title = `${name} ${['(Original Cut)', 'Die lange Nacht', 'La longue nuit', 'La noche larga', 'Una lunga notte', 'Długa noc', 'Lange nacht'][k]}`
      return { sourceType: 'tmdb', movieMetadataId: id, title, cleanTitle: title.toLowerCase().replace(/[^a-z0-9]/g, ''), id: id * 10 + k }
    }),
    physicalRelease: released,
    secondaryYear: i % 4 === 0 ? year + 1 : undefined,
    images: [{ coverType: 'poster', remoteUrl: imagePath(i, 1) }, { coverType: 'fanart', remoteUrl: imagePath(i, 2) }],
    website: `https://www.example-studio.com/films/${i}`,
    youTubeTrailerId: imagePath(i, 3).slice(36, 47),
    certification: ['PG', 'PG-13', 'R', 'G'][i % 4],
    genres: [GENRES[i % 10], GENRES[(i + 3) % 10], GENRES[(i + 7) % 10]],
    keywords: Array.from({ length: 4 + (i % 8) }, (_, k) => KEYWORDS[(i + k * 5) % KEYWORDS.length]),
    ratings: {
      imdb: { votes: 1000 + (hash(i, 4) % 400_000), value: 5 + (hash(i, 5) % 40) / 10, type: 'user' },
      tmdb: { votes: 100 + (hash(i, 6) % 20_000), value: 5 + (hash(i, 7) % 40) / 10, type: 'user' },
      metacritic: { votes: 0, value: 40 + (hash(i, 8) % 50), type: 'user' },
      rottenTomatoes: { votes: 0, value: 30 + (hash(i, 9) % 70), type: 'user' },
      trakt: { votes: 50 + (hash(i, 10) % 9000), value: 5 + (hash(i, 11) % 40) / 10, type: 'user' }
    },
    collection: i % 6 === 0 ? { title: `${name} Collection`, tmdbId: 3_000_000 + i } : undefined,
    popularity: (hash(i, 12) % 10_000) / 100,
    lastSearchTime: released
  }
}

/** The file's media info and release details (src/Radarr.Api.V3/MovieFiles/MovieFileResource.cs, MediaInfoResource.cs). */
function movieFileDetails (i: number, name: string, year: number) {
  const scene = `${name.replace(/ /g, '.')}.${year}.1080p.BluRay.x264-GRP`
  return {
    sceneName: scene,
    edition: '',
    languages: [{ id: 1, name: 'English' }],
    customFormats: [],
    customFormatScore: 0,
    indexerFlags: 0,
    originalFilePath: `${scene}/${scene}.mkv`,
    mediaInfo: {
      id: 0,
      audioBitrate: 640_000,
      audioChannels: 5.1,
      audioCodec: i % 3 ? 'AC3' : 'DTS',
      audioLanguages: 'eng/fre',
      audioStreamCount: 2,
      videoBitDepth: 8,
      videoBitrate: 8_000_000 + (i % 7) * 250_000,
      videoCodec: 'x264',
      videoFps: 23.976,
      videoDynamicRange: '',
      videoDynamicRangeType: '',
      resolution: '1920x1080',
      runTime: `1:${String(30 + (i % 29)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      scanType: 'Progressive',
      subtitles: 'eng/fre/ger/spa'
    }
  }
}

export function seedLargeManagers (sonarr: SonarrSimulator, radarr: RadarrSimulator, size: { series: number, movies: number }) {
  const now = Date.now()
  const tv = sonarr.state.library
  const media = sonarr.state.media
  const episodeQuality = qualities('sonarr').find(q => q.name === 'WEBDL-1080p')!
  for (let i = 0; i < size.series; i++) {
    const tvdbId = 900_000 + i
    const year = 1990 + (i % 35)
    const seasons = 3 + (i % 4)
    const name = title(i, 'Show')
    tv.catalogue.set(tvdbId, {
      tvdbId,
      title: name,
      year,
      overview: `${name} follows people whose lives cross in unexpected ways over ${seasons} seasons.`,
      network: 'HBO',
      status: i % 3 ? 'ended' : 'continuing',
      seriesType: 'standard',
      seasonCount: seasons,
      episodesPerSeason: 8 + (i % 5),
      firstAired: new Date(now - (seasons * 365 + 30) * DAY).toISOString()
    })
    const s = tv.createSeries({
      tvdbId,
      title: name,
      year,
      status: i % 3 ? 'ended' : 'continuing',
      overview: `${name} follows people whose lives cross.`,
      network: 'HBO',
      seriesType: 'standard',
      path: `${media}/tv/${folderName(name, year)}`,
      rootFolderPath: `${media}/tv`,
      qualityProfileId: 1 + (i % 8),
      monitored: i % 7 !== 0,
      seasonFolder: true,
      tags: []
    })
    for (const ep of tv.bySeries.get(s.id) ?? []) {
      ep.monitored = s.monitored
      s.seasonsMonitored[ep.seasonNumber] = s.monitored
      if (Date.parse(ep.airDateUtc) < now && (ep.id % 10) !== 0) tv.addFile(s, [ep], episodeQuality, 1_500_000_000, 'GRP')
    }
  }
  const films = radarr.state.library
  const movieQuality = qualities('radarr').find(q => q.name === 'Bluray-1080p')!
  for (let i = 0; i < size.movies; i++) {
    const name = title(i, 'Film')
    const year = 1970 + (i % 55)
    const released = new Date(Date.UTC(year, i % 12, 1 + (i % 28))).toISOString().replace(/\.\d{3}Z$/, 'Z')
    const m = films.createMovie({
      ...fromCatalogue({ tmdbId: 2_000_000 + i, imdbId: `tt${9_000_000 + i}`, title: name, year, overview: `${name}: a story told over one long night.`, studio: 'A24', runtime: 90 + (i % 60), inCinemas: released, digitalRelease: released }),
      path: `${radarr.state.media}/movies/${folderName(name, year)}`,
      rootFolderPath: `${radarr.state.media}/movies`,
      qualityProfileId: 1 + (i % 8),
      monitored: i % 9 !== 0,
      minimumAvailability: 'released',
      tags: []
    })
    m.details = movieDetails(i, m.id, name, year, released)
    if (i % 5 !== 0) films.addFile(m, movieQuality, 8_000_000_000, 'GRP').details = movieFileDetails(i, name, year)
  }
  return { seriesTitle: title(size.series - 1, 'Show') }
}
