// Quality definitions and profiles as Sonarr and Radarr ship them (ids and names from their defaults),
// plus the name parsing both simulators use for releases and files on disk.
export type SimKind = 'sonarr' | 'radarr'

export interface SimQuality { id: number, name: string, source: string, resolution: number }

const SONARR_QUALITIES: SimQuality[] = [
  { id: 1, name: 'SDTV', source: 'television', resolution: 480 },
  { id: 4, name: 'HDTV-720p', source: 'television', resolution: 720 },
  { id: 5, name: 'WEBDL-720p', source: 'web', resolution: 720 },
  { id: 14, name: 'WEBRip-720p', source: 'webRip', resolution: 720 },
  { id: 6, name: 'Bluray-720p', source: 'bluray', resolution: 720 },
  { id: 9, name: 'HDTV-1080p', source: 'television', resolution: 1080 },
  { id: 3, name: 'WEBDL-1080p', source: 'web', resolution: 1080 },
  { id: 15, name: 'WEBRip-1080p', source: 'webRip', resolution: 1080 },
  { id: 7, name: 'Bluray-1080p', source: 'bluray', resolution: 1080 },
  { id: 18, name: 'WEBDL-2160p', source: 'web', resolution: 2160 },
  { id: 19, name: 'Bluray-2160p', source: 'bluray', resolution: 2160 }
]

const RADARR_SOURCES: Record<string, string> = { television: 'tv', web: 'webdl', webRip: 'webrip', bluray: 'bluray' }

export function qualities (kind: SimKind): SimQuality[] {
  return kind === 'sonarr' ? SONARR_QUALITIES : SONARR_QUALITIES.map(q => ({ ...q, source: RADARR_SOURCES[q.source] ?? 'unknown' }))
}

/** The quality object as the resource schemas want it (Radarr adds `modifier`). */
export function qualityResource (kind: SimKind, q: SimQuality) {
  return kind === 'radarr' ? { ...q, modifier: 'none' } : { ...q }
}

export function qualityModel (kind: SimKind, q: SimQuality) {
  return { quality: qualityResource(kind, q), revision: { version: 1, real: 0, isRepack: false } }
}

export interface SimProfile { id: number, name: string, allowed: number[], cutoff: number }

// Several 1080p-ish names on purpose: asking for "1080p" is ambiguous, as on many real installs.
const PROFILE_SPECS: Array<[string, (q: SimQuality) => boolean]> = [
  ['Any', () => true],
  ['SD', q => q.resolution === 480],
  ['HD-720p', q => q.resolution === 720],
  ['HD-1080p', q => q.resolution === 1080],
  ['Ultra-HD', q => q.resolution === 2160],
  ['HD - 720p/1080p', q => q.resolution === 720 || q.resolution === 1080],
  ['WEB-1080p', q => q.resolution === 1080 && /^WEB/.test(q.name)],
  ['Bluray-1080p', q => q.name === 'Bluray-1080p']
]

/** The language, quality and custom-format fields a file resource carries, the same for MovieFile and EpisodeFile. */
export function fileQualityFields (kind: SimKind, q: SimQuality) {
  return {
    languages: [{ id: 1, name: 'English' }],
    quality: qualityModel(kind, q),
    customFormats: [],
    customFormatScore: 0,
    indexerFlags: 0
  }
}

export function profiles (kind: SimKind): SimProfile[] {
  return PROFILE_SPECS.map(([name, accepts], i) => {
    const allowed = qualities(kind).filter(accepts).map(q => q.id)
    return { id: i + 1, name, allowed, cutoff: allowed[allowed.length - 1] }
  })
}

export function profileResource (kind: SimKind, p: SimProfile) {
  const res: Record<string, unknown> = {
    id: p.id,
    name: p.name,
    upgradeAllowed: true,
    cutoff: p.cutoff,
    items: qualities(kind).map(q => ({ quality: qualityResource(kind, q), items: [], allowed: p.allowed.includes(q.id) })),
    minFormatScore: 0,
    cutoffFormatScore: 0,
    minUpgradeFormatScore: 1,
    formatItems: []
  }
  if (kind === 'radarr') res.language = { id: 1, name: 'English' }
  return res
}

/** Parses the quality from a release or file name the way the managers roughly do. */
export function parseQuality (kind: SimKind, name: string): SimQuality {
  const n = name.toLowerCase()
  const res = /2160p|4k|uhd/.test(n) ? 2160 : /1080p/.test(n) ? 1080 : /720p/.test(n) ? 720 : 480
  const source = /blu-?ray|bdrip|brrip/.test(n) ? 'bluray' : /webrip/.test(n) ? 'webRip' : /web-?dl|web\b|\.web\./.test(n) ? 'web' : 'television'
  const table = qualities('sonarr')
  const match = table.find(q => q.resolution === res && q.source === source) ??
    table.find(q => q.resolution === res && q.source === 'web') ?? table[0]
  return qualities(kind).find(q => q.id === match.id)!
}

/**
 * Whether a file's quality is below its profile's cutoff: the qualities before the cutoff in the profile's item
 * order, allowed or not (EpisodeCutoffService.cs / MovieCutoffService.cs: Items.Take(GetIndex(cutoff)); with
 * upgrades not allowed the cutoff is the first allowed quality; Sonarr v4.0.19.2979, Radarr v6.0.3.10276).
 * The simulator's profiles always allow upgrades.
 */
export function cutoffUnmet (kind: SimKind, profile: SimProfile | undefined, quality: SimQuality): boolean {
  if (!profile) return false
  const order = qualities(kind).map(q => q.id)
  return order.indexOf(quality.id) < order.indexOf(profile.cutoff)
}
