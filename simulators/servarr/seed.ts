// A deterministic, realistic seed for the Sonarr and Radarr simulators: hundreds of series and movies
// (some in the library, more only in the catalogue the lookup searches), seasons and episodes with air
// dates around "now", files for most aired episodes. Kept behind seedSeries()/seedMovies() so a shared
// fixture library can replace the generator without touching the simulators.

export interface CatalogueSeries {
  tvdbId: number
  title: string
  year: number
  overview: string
  network: string
  status: 'continuing' | 'ended'
  seriesType: 'standard' | 'anime'
  seasonCount: number
  episodesPerSeason: number
  /** First air date of season 1 (ISO). */
  firstAired: string
  /** The show's certification (SeriesResource.certification, e.g. "TV-MA"); absent: unrated. */
  certification?: string
}

export interface LibrarySeriesSeed {
  tvdbId: number
  qualityProfileId: number
  rootFolder: 'tv' | 'anime'
  monitored: boolean
  tags: number[]
  /** Share of aired episodes that have a file (0..1). */
  fileRatio: number
}

export interface CatalogueMovie {
  tmdbId: number
  imdbId: string
  title: string
  year: number
  overview: string
  studio: string
  runtime: number
  inCinemas: string
  digitalRelease: string
}

export interface LibraryMovieSeed { tmdbId: number, qualityProfileId: number, monitored: boolean, hasFile: boolean, tags: number[] }

const ADJECTIVES = ['Silent', 'Hidden', 'Broken', 'Golden', 'Northern', 'Crimson', 'Hollow', 'Distant', 'Paper', 'Iron', 'Quiet', 'Wild',
  'Lost', 'Bright', 'Frozen', 'Velvet', 'Last', 'Electric', 'Salt', 'Glass', 'Burning', 'Midnight', 'Secret', 'Copper', 'Falling', 'Winter',
  'Scarlet', 'Endless', 'Restless', 'Little']
const NOUNS = ['Harbor', 'Orchard', 'Signal', 'Kingdom', 'Line', 'Station', 'Garden', 'River', 'Empire', 'Archive', 'Orbit', 'Frontier',
  'Lantern', 'Engine', 'Valley', 'Circuit', 'Tide', 'Witness', 'Summer', 'Theory', 'Machine', 'Crown', 'Harvest', 'Meridian', 'Courier',
  'Island', 'Protocol', 'Parade', 'Compass', 'Academy']
const NETWORKS = ['HBO', 'BBC One', 'Netflix', 'AMC', 'FX', 'Apple TV+', 'Prime Video', 'Channel 4', 'NHK', 'Crunchyroll']
const STUDIOS = ['A24', 'Warner Bros.', 'Universal Pictures', 'Focus Features', 'Neon', 'Studio Ghibli', 'Legendary', 'Searchlight']
const TAGS = ['kids', 'uhd', 'archive', 'favourites']

export const SEED_TAGS = TAGS.map((label, i) => ({ id: i + 1, label }))

function rng (seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const DAY = 86_400_000

function titles (seed: number, count: number, prefix = ''): string[] {
  const r = rng(seed)
  const out = new Set<string>()
  while (out.size < count) {
    const a = ADJECTIVES[Math.floor(r() * ADJECTIVES.length)]
    const n = NOUNS[Math.floor(r() * NOUNS.length)]
    out.add(`${prefix}${r() < 0.3 ? 'The ' : ''}${a} ${n}`)
  }
  return [...out]
}

/** Fixed entries tests and the scenario rely on, then generated ones. */
export function seedSeries (now: number): { catalogue: CatalogueSeries[], library: LibrarySeriesSeed[] } {
  const r = rng(42)
  const fixed: CatalogueSeries[] = [
    { tvdbId: 300001, title: 'Harbor Lights', year: 2021, overview: 'A lighthouse keeper uncovers a smuggling ring.', network: 'BBC One', status: 'continuing', seriesType: 'standard', seasonCount: 3, episodesPerSeason: 8, firstAired: iso(now - 3 * 365 * DAY + 20 * DAY) },
    { tvdbId: 300002, title: 'Blade of Dawn', year: 2019, overview: 'A swordswoman protects a wandering monk.', network: 'Crunchyroll', status: 'ended', seriesType: 'anime', seasonCount: 2, episodesPerSeason: 12, firstAired: iso(now - 5 * 365 * DAY) },
    { tvdbId: 400001, title: 'Northern Line', year: 2024, overview: 'Night-shift workers on a city underground.', network: 'Channel 4', status: 'continuing', seriesType: 'standard', seasonCount: 2, episodesPerSeason: 6, firstAired: iso(now - 400 * DAY) },
    { tvdbId: 400002, title: 'Northern Lights Station', year: 2022, overview: 'Scientists at an arctic research base.', network: 'NHK', status: 'ended', seriesType: 'standard', seasonCount: 1, episodesPerSeason: 10, firstAired: iso(now - 900 * DAY) }
  ]
  const generated = titles(7, 260).filter(t => !fixed.some(f => f.title === t)).slice(0, 250).map((title, i): CatalogueSeries => {
    const seasonCount = 1 + Math.floor(r() * 6)
    const continuing = r() < 0.4
    const first = now - (seasonCount * 365 + Math.floor(r() * 300)) * DAY + (continuing ? 180 * DAY : 0)
    return {
      tvdbId: 310000 + i * 7,
      title,
      year: new Date(first).getUTCFullYear(),
      overview: `${title} follows people whose lives cross in unexpected ways.`,
      network: NETWORKS[Math.floor(r() * NETWORKS.length)],
      status: continuing ? 'continuing' : 'ended',
      seriesType: r() < 0.12 ? 'anime' : 'standard',
      seasonCount,
      episodesPerSeason: 6 + Math.floor(r() * 7),
      firstAired: iso(first)
    }
  })
  const catalogue = [...fixed, ...generated]
  const library: LibrarySeriesSeed[] = [
    { tvdbId: 300001, qualityProfileId: 4, rootFolder: 'tv', monitored: true, tags: [], fileRatio: 0.8 },
    { tvdbId: 300002, qualityProfileId: 4, rootFolder: 'anime', monitored: true, tags: [4], fileRatio: 1 },
    ...generated.slice(0, 160).map(s => ({
      tvdbId: s.tvdbId,
      qualityProfileId: 1 + Math.floor(r() * 8),
      rootFolder: s.seriesType === 'anime' ? 'anime' as const : 'tv' as const,
      monitored: r() < 0.85,
      tags: r() < 0.2 ? [1 + Math.floor(r() * TAGS.length)] : [],
      fileRatio: r() < 0.7 ? 1 : r()
    }))
  ]
  return { catalogue, library }
}

export function seedMovies (now: number): { catalogue: CatalogueMovie[], library: LibraryMovieSeed[] } {
  const r = rng(99)
  const fixed: CatalogueMovie[] = [
    { tmdbId: 500001, imdbId: 'tt5000010', title: 'The Quiet Orbit', year: 2020, overview: 'An astronaut alone on a relay station.', studio: 'A24', runtime: 104, inCinemas: iso(now - 5 * 365 * DAY), digitalRelease: iso(now - 5 * 365 * DAY + 90 * DAY) },
    { tmdbId: 600001, imdbId: 'tt6000010', title: 'Paper Moons', year: 2023, overview: 'Two forgers fall for the same painting.', studio: 'Neon', runtime: 118, inCinemas: iso(now - 600 * DAY), digitalRelease: iso(now - 500 * DAY) },
    { tmdbId: 600002, imdbId: 'tt6000020', title: 'Paper Moons II', year: 2026, overview: 'The forgers return.', studio: 'Neon', runtime: 121, inCinemas: iso(now + 20 * DAY), digitalRelease: iso(now + 110 * DAY) }
  ]
  const generated = titles(11, 470).filter(t => !fixed.some(f => f.title === t)).slice(0, 450).map((title, i): CatalogueMovie => {
    const released = now - Math.floor(r() * 30 * 365) * DAY + 60 * DAY
    return {
      tmdbId: 510000 + i * 11,
      imdbId: `tt${String(7000000 + i * 13).padStart(7, '0')}`,
      title,
      year: new Date(released).getUTCFullYear(),
      overview: `${title}: a story told over one long night.`,
      studio: STUDIOS[Math.floor(r() * STUDIOS.length)],
      runtime: 85 + Math.floor(r() * 70),
      inCinemas: iso(released),
      digitalRelease: iso(released + 100 * DAY)
    }
  })
  const library: LibraryMovieSeed[] = [
    { tmdbId: 500001, qualityProfileId: 4, monitored: true, hasFile: true, tags: [] },
    ...generated.slice(0, 320).map(m => ({
      tmdbId: m.tmdbId,
      qualityProfileId: 1 + Math.floor(r() * 8),
      monitored: r() < 0.85,
      hasFile: Date.parse(m.digitalRelease) < now && r() < 0.8,
      tags: r() < 0.15 ? [1 + Math.floor(r() * TAGS.length)] : []
    }))
  ]
  return { catalogue: [...fixed, ...generated], library }
}

export function iso (ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** The folder name the managers build from a title and year ("Title (Year)", unsafe characters removed). */
export function folderName (title: string, year: number): string {
  return `${title.replace(/[<>:"/\\|?*]/g, '')} (${year})`
}

export function cleanTitle (title: string): string {
  return title.toLowerCase().replace(/^the\s+/, '').replace(/[^a-z0-9]/g, '')
}

export function slug (title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}
