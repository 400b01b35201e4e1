// GET /api/v3/wanted/cutoff on both managers: the titles whose file is below their quality profile's cutoff.
// Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Wanted/CutoffController.cs GetCutoffUnmetEpisodes: sort keys
// episodes.airDateUtc (default), episodes.lastSearchTime, series.sortTitle; monitored=true (default) keeps
// episodes whose episode and series are monitored, false those where either is not; the rows are
// EpisodesWhereCutoffUnmet (NzbDrone.Core/Tv/EpisodeCutoffService.cs, EpisodeRepository.cs
// EpisodesWhereCutoffUnmetBuilder): an episode with a file, season 1 or later (specials left out), whose file's
// quality is below its series' profile cutoff. Radarr v6.0.3.10276 src/Radarr.Api.V3/Wanted/CutoffController.cs
// GetCutoffUnmetMovies: sort keys movieMetadata.sortTitle (default) and release dates, year, lastSearchTime;
// Monitored == monitored; rows from MovieRepository.cs MoviesWhereCutoffUnmetBuilder (MovieFileId != 0, file
// quality below the profile's cutoff). Both: PagingResource (page 1, pageSize 10, descending when not asked).
import type { FastifyInstance } from 'fastify'
import { cutoffUnmet, type SimProfile } from './qualities.js'
import { paged } from './responses.js'
import { episodeResource, type SonarrState } from './sonarr-state.js'
import { movieResource, type RadarrState } from './radarr-state.js'

type Q = Record<string, string>

function order<T> (rows: T[], q: Q, keys: Record<string, (row: T) => string>, byDefault: string) {
  const sortKey = Object.keys(keys).find(k => k.toLowerCase() === q.sortKey?.toLowerCase()) ?? byDefault
  const dir = q.sortDirection?.toLowerCase() === 'ascending' ? 1 : -1
  const value = keys[sortKey]!
  const sorted = [...rows].sort((a, b) => value(a).localeCompare(value(b)) * dir)
  return { ...paged(sorted, q, sortKey), sortDirection: dir === 1 ? 'ascending' : 'descending' }
}

const wantMonitored = (q: Q) => q.monitored !== 'false'

export function registerSonarrCutoff (app: FastifyInstance, st: SonarrState, profiles: () => SimProfile[], now: () => number) {
  app.get<{ Querystring: Q }>('/api/v3/wanted/cutoff', async (req) => {
    const rows = [...st.episodes.values()].filter(e => {
      const file = e.episodeFileId ? st.files.get(e.episodeFileId) : undefined
      const s = st.series.get(e.seriesId)
      if (!file || !s || e.seasonNumber < 1) return false
      if ((e.monitored && s.monitored) !== wantMonitored(req.query)) return false
      return cutoffUnmet('sonarr', profiles().find(p => p.id === s.qualityProfileId), file.quality)
    })
    const page = order(rows, req.query, {
      'episodes.airDateUtc': e => e.airDateUtc,
      'episodes.lastSearchTime': () => '',
      'series.sortTitle': e => (st.series.get(e.seriesId)?.title ?? '').toLowerCase()
    }, 'episodes.airDateUtc')
    const o = { includeFile: req.query.includeEpisodeFile === 'true', includeSeries: req.query.includeSeries === 'true', now: now() }
    return { ...page, records: page.records.map(e => episodeResource(st, e, o)) }
  })
}

export function registerRadarrCutoff (app: FastifyInstance, st: RadarrState, profiles: () => SimProfile[], now: () => number) {
  app.get<{ Querystring: Q }>('/api/v3/wanted/cutoff', async (req) => {
    const rows = [...st.movies.values()].filter(m => {
      const file = m.movieFileId ? st.files.get(m.movieFileId) : undefined
      return file !== undefined && m.monitored === wantMonitored(req.query) &&
        cutoffUnmet('radarr', profiles().find(p => p.id === m.qualityProfileId), file.quality)
    })
    const page = order(rows, req.query, {
      'movieMetadata.sortTitle': m => m.title.toLowerCase(),
      'movieMetadata.year': m => String(m.year),
      'movieMetadata.inCinemas': m => m.inCinemas,
      'movieMetadata.digitalRelease': m => m.digitalRelease,
      'movieMetadata.physicalRelease': m => m.digitalRelease,
      'movies.lastSearchTime': () => ''
    }, 'movieMetadata.sortTitle')
    return { ...page, records: page.records.map(m => movieResource(st, m, now())) }
  })
}
