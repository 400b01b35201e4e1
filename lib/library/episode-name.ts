// Reads season and episode numbers (and a show name, when the file name carries one) from messy file
// names: "Show.Name.S01E02.720p.mkv", "show_name_1x02.mkv", "S01E02E03", "S01E02-E03", "Season 1 Episode 2",
// "[Group] Show - 1x05 [1080p]". Only what is certain is returned; a name with no recognisable marker
// gives undefined so the caller can report it instead of guessing.

export interface EpisodeInfo {
  season: number
  /** First episode number. */
  episode: number
  /** Last episode for multi-episode files (S01E02E03 or S01E02-E03); equal to `episode` otherwise. */
  lastEpisode: number
  /** Show name from the text before the marker, cleaned; undefined when the name starts with the marker. */
  show?: string
}

const PATTERNS: Array<{ re: RegExp, season: number, first: number, last?: number }> = [
  // S01E02, s1e2, S01E02E03, S01E02-E03, S01E02-03
  { re: /(?:^|[^a-z0-9])s(\d{1,3})[ ._-]?e(\d{1,4})(?:(?:[ ._-]?e|-)(\d{1,4}))?(?![0-9])/i, season: 1, first: 2, last: 3 },
  // 1x02, 01x02-03
  { re: /(?:^|[^a-z0-9])(\d{1,2})x(\d{1,3})(?:-(\d{1,3}))?(?![0-9])/i, season: 1, first: 2, last: 3 },
  // Season 1 Episode 2
  { re: /(?:^|[^a-z0-9])season[ ._-]?(\d{1,3})[ ._-]*episode[ ._-]?(\d{1,4})(?![0-9])/i, season: 1, first: 2 }
]

/** Parses a file name (with or without extension). */
export function parseEpisodeName (fileName: string): EpisodeInfo | undefined {
  const base = fileName.replace(/\.[a-z0-9]{2,4}$/i, '')
  for (const p of PATTERNS) {
    const m = p.re.exec(base)
    if (!m) continue
    const season = Number(m[p.season])
    const episode = Number(m[p.first])
    const last = p.last !== undefined && m[p.last] !== undefined ? Number(m[p.last]) : episode
    if (last < episode || last - episode > 10) continue // "S01E05-E02" or a year-like range is not a multi-episode
    const show = cleanShowName(base.slice(0, m.index + (m[0].match(/^[^a-z0-9]/i) ? 1 : 0)))
    return { season, episode, lastEpisode: last, ...(show && { show }) }
  }
  return undefined
}

/** "Season 1", "Season 01", "S01", "Staffel 2", "Specials" (season 0): a season folder's number. */
export function parseSeasonFolder (name: string): number | undefined {
  if (/^specials?$/i.test(name.trim())) return 0
  const m = /^(?:season|series|staffel|saison|temporada|s)[ ._-]?(\d{1,3})$/i.exec(name.trim())
  return m ? Number(m[1]) : undefined
}

/** Dots and underscores to spaces, release-group brackets and trailing separators removed. */
export function cleanShowName (raw: string): string | undefined {
  let s = raw.replace(/\[[^\]]*\]/g, ' ') // [Group]
  s = s.replace(/[._]/g, ' ').replace(/\s+-\s*$/, ' ').replace(/[\s-]+$/, '').replace(/^[\s-]+/, '')
  s = s.replace(/\s{2,}/g, ' ').trim()
  return s.length > 0 ? s : undefined
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "S01E02" or "S01E02-E03". */
export function episodeTag (info: Pick<EpisodeInfo, 'season' | 'episode' | 'lastEpisode'>): string {
  const tag = `S${pad(info.season)}E${pad(info.episode)}`
  return info.lastEpisode > info.episode ? `${tag}-E${pad(info.lastEpisode)}` : tag
}

/** The standard folder name of a season ("Season 00" holds specials; the media server reads it as such). */
export function seasonFolderName (season: number): string {
  return `Season ${pad(season)}`
}
