// Language codes accepted from callers and recognised in file names. Tools take languages only from this
// allowlist (never free text into an ffmpeg argument). Containers store ISO 639-2 codes, in either the
// bibliographic (ger, fre) or terminological (deu, fra) form, so both are treated as the same language.

// ISO 639-1 → ISO 639-2/B, plus the /T form where it differs.
const LANGS: Array<[string, string, string?]> = [
  ['en', 'eng'], ['es', 'spa'], ['fr', 'fre', 'fra'], ['de', 'ger', 'deu'], ['it', 'ita'], ['ja', 'jpn'], ['pt', 'por'],
  ['ru', 'rus'], ['zh', 'chi', 'zho'], ['ko', 'kor'], ['nl', 'dut', 'nld'], ['sv', 'swe'], ['no', 'nor'], ['nb', 'nob'],
  ['da', 'dan'], ['fi', 'fin'], ['pl', 'pol'], ['tr', 'tur'], ['ar', 'ara'], ['he', 'heb'], ['hi', 'hin'], ['cs', 'cze', 'ces'],
  ['hu', 'hun'], ['el', 'gre', 'ell'], ['th', 'tha'], ['vi', 'vie'], ['id', 'ind'], ['ms', 'may', 'msa'], ['uk', 'ukr'],
  ['ro', 'rum', 'ron'], ['bg', 'bul'], ['hr', 'hrv'], ['sr', 'srp'], ['sl', 'slv'], ['sk', 'slo', 'slk'], ['ca', 'cat'],
  ['eu', 'baq', 'eus'], ['gl', 'glg'], ['fa', 'per', 'fas'], ['is', 'ice', 'isl'], ['et', 'est'], ['lv', 'lav'], ['lt', 'lit'],
  ['ta', 'tam'], ['te', 'tel'], ['bn', 'ben'], ['ur', 'urd'], ['tl', 'tgl'], ['fil', 'fil'], ['la', 'lat'], ['ga', 'gle'],
  ['cy', 'wel', 'cym'], ['sq', 'alb', 'sqi'], ['mk', 'mac', 'mkd'], ['ka', 'geo', 'kat'], ['hy', 'arm', 'hye'], ['af', 'afr']
]

const CANONICAL = new Map<string, string>()
for (const [one, b, t] of LANGS) {
  CANONICAL.set(one, b)
  CANONICAL.set(b, b)
  if (t) CANONICAL.set(t, b)
}
CANONICAL.set('und', 'und')

/** The JSON-schema pattern for a language argument: two or three lowercase letters (checked against the list). */
export const LANGUAGE_PATTERN = '^[a-z]{2,3}$'

/** Canonical ISO 639-2/B code for a known code ("en", "eng" → "eng"; "deu" → "ger"), else undefined. */
export function canonicalLanguage (code: string | undefined): string | undefined {
  if (code === undefined) return undefined
  return CANONICAL.get(code.trim().toLowerCase())
}

export function isKnownLanguage (code: string): boolean {
  return CANONICAL.has(code.toLowerCase())
}

/** Every accepted code, for error messages. */
export function knownLanguageCodes (): string[] {
  return [...new Set(LANGS.map(([one]) => one))]
}
