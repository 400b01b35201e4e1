// Sonarr simulator state (series, episodes, episode files, the lookup catalogue) and the resources the
// API returns for them, shaped to the contract's SeriesResource / EpisodeResource / EpisodeFileResource.
import { fileQualityFields, qualities, type SimProfile, type SimQuality } from './qualities.js'
import { cleanTitle, folderName, iso, seedSeries, slug, type CatalogueSeries } from './seed.js'

export interface SimSeries {
  id: number
  tvdbId: number
  title: string
  year: number
  status: 'continuing' | 'ended'
  overview: string
  network: string
  seriesType: 'standard' | 'daily' | 'anime'
  path: string
  rootFolderPath: string
  qualityProfileId: number
  monitored: boolean
  seasonFolder: boolean
  tags: number[]
  added: string
  seasonsMonitored: Record<number, boolean>
}

export interface SimEpisode { id: number, seriesId: number, seasonNumber: number, episodeNumber: number, title: string, airDateUtc: string, monitored: boolean, episodeFileId: number, lastSearchTime?: string }
export interface SimEpisodeFile { id: number, seriesId: number, seasonNumber: number, path: string, relativePath: string, size: number, quality: SimQuality, dateAdded: string, releaseGroup: string }

const DAY = 86_400_000
const EPISODE_TITLES = ['Pilot', 'Arrival', 'The Crossing', 'Low Tide', 'Signals', 'Old Friends', 'The Vault', 'Night Shift', 'Breakwater',
  'Undertow', 'Fault Lines', 'Homecoming', 'Static', 'The Long Road', 'Embers', 'Open Water']

export function createSonarrState (now: number, media: string, profiles: SimProfile[]) {
  const seed = seedSeries(now)
  const catalogue = new Map(seed.catalogue.map(c => [c.tvdbId, c]))
  const series = new Map<number, SimSeries>()
  const episodes = new Map<number, SimEpisode>()
  const bySeries = new Map<number, SimEpisode[]>()
  const files = new Map<number, SimEpisodeFile>()
  const ids = { series: 1, episode: 1, file: 1 }

  /** Episodes as the metadata source lists them: yearly seasons, weekly episodes; a running show's last season straddles now. */
  function addEpisodes (s: SimSeries, c: CatalogueSeries | undefined) {
    const seasons = c?.seasonCount ?? 1
    const perSeason = c?.episodesPerSeason ?? 8
    const first = Date.parse(c?.firstAired ?? iso(now - 30 * DAY))
    const list: SimEpisode[] = []
    for (let season = 1; season <= seasons; season++) {
      const start = c?.status === 'continuing' && season === seasons && seasons > 0
        ? now - Math.floor(perSeason / 2) * 7 * DAY + DAY
        : first + (season - 1) * 365 * DAY
      for (let n = 1; n <= perSeason; n++) {
        const ep: SimEpisode = {
          id: ids.episode++,
          seriesId: s.id,
          seasonNumber: season,
          episodeNumber: n,
          title: season === 1 && n === 1 ? 'Pilot' : EPISODE_TITLES[(season * 7 + n) % EPISODE_TITLES.length],
          airDateUtc: iso(start + (n - 1) * 7 * DAY),
          monitored: false,
          episodeFileId: 0
        }
        episodes.set(ep.id, ep)
        list.push(ep)
      }
    }
    bySeries.set(s.id, list)
    return list
  }

  function createSeries (input: Omit<SimSeries, 'id' | 'added' | 'seasonsMonitored'> & { seasonsMonitored?: Record<number, boolean> }): SimSeries {
    const s: SimSeries = { ...input, id: ids.series++, added: iso(now), seasonsMonitored: input.seasonsMonitored ?? {} }
    series.set(s.id, s)
    addEpisodes(s, catalogue.get(s.tvdbId))
    return s
  }

  function addFile (s: SimSeries, eps: SimEpisode[], quality: SimQuality, size: number, releaseGroup: string, ext = '.mkv'): SimEpisodeFile {
    const first = eps[0]
    const relativePath = `${s.seasonFolder ? `Season ${pad(first.seasonNumber)}/` : ''}${episodeFileName(s, eps, quality)}${ext}`
    const file: SimEpisodeFile = { id: ids.file++, seriesId: s.id, seasonNumber: first.seasonNumber, path: `${s.path}/${relativePath}`, relativePath, size, quality, dateAdded: iso(now), releaseGroup }
    files.set(file.id, file)
    for (const ep of eps) ep.episodeFileId = file.id
    return file
  }

  // Seed the library: most aired episodes have files at the best quality the profile allows.
  let r = 7
  const rand = () => { r = (r * 16807) % 2147483647; return r / 2147483647 }
  for (const l of seed.library) {
    const c = catalogue.get(l.tvdbId)!
    const folder = `${media}/${l.rootFolder}`
    const s = createSeries({
      tvdbId: c.tvdbId,
      title: c.title,
      year: c.year,
      status: c.status,
      overview: c.overview,
      network: c.network,
      seriesType: c.seriesType,
      path: `${folder}/${folderName(c.title, c.year)}`,
      rootFolderPath: folder,
      qualityProfileId: l.qualityProfileId,
      monitored: l.monitored,
      seasonFolder: true,
      tags: l.tags
    })
    const profile = profiles.find(p => p.id === l.qualityProfileId)!
    const quality = qualities('sonarr').find(q => q.id === profile.cutoff)!
    for (const ep of bySeries.get(s.id)!) {
      ep.monitored = l.monitored
      s.seasonsMonitored[ep.seasonNumber] = l.monitored
      if (Date.parse(ep.airDateUtc) < now && rand() < l.fileRatio) addFile(s, [ep], quality, Math.round((0.8 + rand() * 1.8) * 1e9), 'SIMGRP')
    }
  }

  return { catalogue, series, episodes, bySeries, files, createSeries, addFile, removeSeries }

  function removeSeries (id: number) {
    for (const ep of bySeries.get(id) ?? []) episodes.delete(ep.id)
    for (const f of [...files.values()]) if (f.seriesId === id) files.delete(f.id)
    bySeries.delete(id)
    series.delete(id)
  }
}

export type SonarrState = ReturnType<typeof createSonarrState>

export function pad (n: number) {
  return String(n).padStart(2, '0')
}

/** Sonarr's default standard episode format: "{Series Title} - S01E02 - {Episode Title} [{Quality Full}]". */
export function episodeFileName (s: { title: string }, eps: SimEpisode[], quality: SimQuality) {
  const code = `S${pad(eps[0].seasonNumber)}${eps.map(e => `E${pad(e.episodeNumber)}`).join('-')}`
  return `${s.title.replace(/[<>:"/\\|?*]/g, '')} - ${code} - ${eps.map(e => e.title).join(' + ')} [${quality.name}]`
}

export function seriesResource (st: SonarrState, s: SimSeries, now: number): Record<string, unknown> {
  const eps = st.bySeries.get(s.id) ?? []
  const seasonNumbers = [...new Set(eps.map(e => e.seasonNumber))].sort((a, b) => a - b)
  const statsFor = (list: SimEpisode[]) => {
    const withFile = list.filter(e => e.episodeFileId > 0)
    const fileIds = new Set(withFile.map(e => e.episodeFileId))
    const size = [...fileIds].reduce((sum, id) => sum + (st.files.get(id)?.size ?? 0), 0)
    const counted = list.filter(e => e.episodeFileId > 0 || (e.monitored && Date.parse(e.airDateUtc) < now))
    const future = list.filter(e => Date.parse(e.airDateUtc) >= now).map(e => e.airDateUtc).sort()
    const past = list.filter(e => Date.parse(e.airDateUtc) < now).map(e => e.airDateUtc).sort()
    return {
      ...(future[0] ? { nextAiring: future[0] } : {}),
      ...(past.length ? { previousAiring: past[past.length - 1] } : {}),
      episodeFileCount: fileIds.size,
      episodeCount: counted.length,
      totalEpisodeCount: list.length,
      sizeOnDisk: size,
      releaseGroups: withFile.length ? ['SIMGRP'] : [],
      percentOfEpisodes: counted.length ? Math.round(1000 * withFile.length / counted.length) / 10 : 0
    }
  }
  const all = statsFor(eps)
  const { nextAiring, previousAiring, ...seriesStats } = all
  return {
    id: s.id,
    title: s.title,
    alternateTitles: [],
    sortTitle: s.title.toLowerCase().replace(/^the\s+/, ''),
    status: s.status,
    ended: s.status === 'ended',
    overview: s.overview,
    ...(nextAiring ? { nextAiring } : {}),
    ...(previousAiring ? { previousAiring } : {}),
    network: s.network,
    airTime: '21:00',
    images: [],
    originalLanguage: { id: 1, name: 'English' },
    seasons: seasonNumbers.map(n => ({ seasonNumber: n, monitored: s.seasonsMonitored[n] ?? false, statistics: statsFor(eps.filter(e => e.seasonNumber === n)) })),
    year: s.year,
    path: s.path,
    qualityProfileId: s.qualityProfileId,
    seasonFolder: s.seasonFolder,
    monitored: s.monitored,
    monitorNewItems: 'all',
    useSceneNumbering: false,
    runtime: 45,
    tvdbId: s.tvdbId,
    tvRageId: 0,
    tvMazeId: 0,
    tmdbId: 0,
    firstAired: eps[0]?.airDateUtc ?? s.added,
    seriesType: s.seriesType,
    cleanTitle: cleanTitle(s.title),
    imdbId: `tt${String(s.tvdbId).padStart(7, '0')}`,
    titleSlug: slug(s.title),
    rootFolderPath: s.rootFolderPath,
    certification: 'TV-14',
    genres: ['Drama'],
    tags: s.tags,
    added: s.added,
    ratings: { votes: 1200, value: 7.9 },
    statistics: { seasonCount: seasonNumbers.length, ...seriesStats },
    languageProfileId: 1
  }
}

/** A catalogue entry that is not in the library, as lookup returns it (no id, no path). */
export function lookupResource (c: CatalogueSeries): Record<string, unknown> {
  return {
    title: c.title,
    alternateTitles: [],
    sortTitle: c.title.toLowerCase().replace(/^the\s+/, ''),
    status: c.status,
    ended: c.status === 'ended',
    overview: c.overview,
    network: c.network,
    images: [],
    originalLanguage: { id: 1, name: 'English' },
    remotePoster: `https://artworks.example/posters/${c.tvdbId}.jpg`,
    seasons: Array.from({ length: c.seasonCount }, (_, i) => ({ seasonNumber: i + 1, monitored: false })),
    year: c.year,
    qualityProfileId: 0,
    seasonFolder: false,
    monitored: false,
    monitorNewItems: 'all',
    useSceneNumbering: false,
    runtime: 45,
    tvdbId: c.tvdbId,
    tvRageId: 0,
    tvMazeId: 0,
    // Sonarr v4 sends the TMDB id too (SeriesResource.tmdbId in simulators/contracts/sonarr-v3.openapi.json); the
    // catalogue derives one per show, which a request through Seerr names the show by.
    tmdbId: 900000 + c.tvdbId % 100000,
    ...(c.certification ? { certification: c.certification } : {}),
    firstAired: c.firstAired,
    seriesType: c.seriesType,
    cleanTitle: cleanTitle(c.title),
    titleSlug: slug(c.title),
    folder: folderName(c.title, c.year),
    genres: ['Drama'],
    tags: [],
    added: '0001-01-01T00:00:00Z',
    ratings: { votes: 300, value: 7.1 },
    statistics: { seasonCount: c.seasonCount, episodeFileCount: 0, episodeCount: 0, totalEpisodeCount: c.seasonCount * c.episodesPerSeason, sizeOnDisk: 0, percentOfEpisodes: 0 },
    languageProfileId: 0
  }
}

export function episodeFileResource (f: SimEpisodeFile): Record<string, unknown> {
  return {
    id: f.id,
    seriesId: f.seriesId,
    seasonNumber: f.seasonNumber,
    relativePath: f.relativePath,
    path: f.path,
    size: f.size,
    dateAdded: f.dateAdded,
    releaseGroup: f.releaseGroup,
    ...fileQualityFields('sonarr', f.quality),
    releaseType: 'singleEpisode',
    qualityCutoffNotMet: false
  }
}

export function episodeResource (st: SonarrState, e: SimEpisode, o: { includeFile?: boolean, includeSeries?: boolean, now: number }): Record<string, unknown> {
  const file = e.episodeFileId ? st.files.get(e.episodeFileId) : undefined
  const s = st.series.get(e.seriesId)
  return {
    id: e.id,
    seriesId: e.seriesId,
    tvdbId: 0,
    episodeFileId: e.episodeFileId,
    seasonNumber: e.seasonNumber,
    episodeNumber: e.episodeNumber,
    title: e.title,
    airDate: e.airDateUtc.slice(0, 10),
    airDateUtc: e.airDateUtc,
    runtime: 45,
    overview: `${e.title}.`,
    ...(o.includeFile && file ? { episodeFile: episodeFileResource(file) } : {}),
    hasFile: e.episodeFileId > 0,
    monitored: e.monitored,
    unverifiedSceneNumbering: false,
    ...(e.lastSearchTime ? { lastSearchTime: e.lastSearchTime } : {}),
    ...(o.includeSeries && s ? { series: seriesResource(st, s, o.now) } : {})
  }
}
