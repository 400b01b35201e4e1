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
    if (i % 5 !== 0) films.addFile(m, movieQuality, 8_000_000_000, 'GRP')
  }
  return { seriesTitle: title(size.series - 1, 'Show') }
}
