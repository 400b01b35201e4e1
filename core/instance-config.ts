// Extra instances of a service (a 4K movie manager, an anime series manager, a second torrent client), named in
// <SERVICE>_INSTANCES and configured with <SERVICE>_<NAME>_<SETTING>, e.g. SERIES_MANAGER_INSTANCES=anime with
// SERIES_MANAGER_ANIME_URL and SERIES_MANAGER_ANIME_API_KEY. The variables without a name configure the
// instance called "default". Parsed once by buildConfig; any mistake is refused at start.

export interface InstanceKind {
  /** The variable prefix, e.g. SERIES_MANAGER. */
  prefix: 'SERIES_MANAGER' | 'MOVIE_MANAGER' | 'TORRENT_CLIENT' | 'USENET_CLIENT'
  /** Settings an instance may have besides URL (the ones the default instance has). */
  settings: readonly string[]
  /** Settings whose value must be one of a list (empty: the default instance's). */
  choices?: Readonly<Record<string, readonly string[]>>
}

/** The torrent clients TORRENT_CLIENT_TYPE (and TORRENT_CLIENT_<NAME>_TYPE) may name; the first is the default. */
export const TORRENT_CLIENT_TYPES = ['qbittorrent', 'transmission', 'deluge'] as const
export type TorrentClientType = typeof TORRENT_CLIENT_TYPES[number]

export const INSTANCE_KINDS = {
  series: { prefix: 'SERIES_MANAGER', settings: ['API_KEY'] },
  movies: { prefix: 'MOVIE_MANAGER', settings: ['API_KEY'] },
  torrents: { prefix: 'TORRENT_CLIENT', settings: ['USERNAME', 'PASSWORD', 'TYPE'], choices: { TYPE: TORRENT_CLIENT_TYPES } },
  // --- usenet (the type and credentials are checked by core/usenet-config.ts)
  usenet: { prefix: 'USENET_CLIENT', settings: ['TYPE', 'API_KEY', 'USERNAME', 'PASSWORD'] }
} as const satisfies Record<string, InstanceKind>

export type InstanceKindName = keyof typeof INSTANCE_KINDS

export interface InstanceSettings {
  name: string
  url: string
  /** By setting name (API_KEY, USERNAME, PASSWORD); absent settings are ''. */
  settings: Record<string, string>
}

export type ExtraInstances = Record<InstanceKindName, InstanceSettings[]>

export const DEFAULT_INSTANCE = 'default'

// What a key copied from an example looks like ("...", "<api key>", "your-api-key", "xxxx"); never a key a
// service issued, so it is refused at start instead of failing as a 401 on the first call.
const PLACEHOLDER = /^(?:[^A-Za-z0-9]*|<[^>]*>|\[[^\]]*\]|x{3,}|changeme|change[-_ ]me|todo|(?:your|my)[-_ ]?(?:api[-_ ]?)?key(?:[-_ ]?here)?|api[-_ ]?key)$/i

/** A problem when `value` (the setting `key`) is a placeholder rather than a key; undefined when unset or plausible. */
export function placeholderKeyProblem (key: string, value: string): string | undefined {
  if (value === '' || !PLACEHOLDER.test(value)) return undefined
  return `${key}: "${value}" is a placeholder, not a key; paste the service's API key (its Settings > General page) or leave it unset`
}
const NAME = /^[a-z][a-z0-9]{0,19}$/

/** The <SERVICE>_INSTANCES variable of each kind. */
export const instancesKey = (kind: InstanceKindName) => `${INSTANCE_KINDS[kind].prefix}_INSTANCES`

/** Whether a variable names a setting of an extra instance (SERIES_MANAGER_ANIME_URL). */
export function instanceVariable (key: string): { kind: InstanceKindName, name: string, setting: string } | undefined {
  for (const [kind, k] of Object.entries(INSTANCE_KINDS) as Array<[InstanceKindName, InstanceKind]>) {
    const m = new RegExp(`^${k.prefix}_([A-Z][A-Z0-9]*)_(URL|${k.settings.join('|')})$`).exec(key)
    if (m && m[1] !== 'INSTANCES') return { kind, name: m[1]!.toLowerCase(), setting: m[2]! }
  }
  return undefined
}

/**
 * Reads the extra instances from the <SERVICE>_INSTANCES lists and the per-instance variables; every problem
 * is pushed to `problems` in words the person can act on.
 */
export function parseInstances (lists: Record<string, string>, vars: Record<string, string>, problems: string[]): ExtraInstances {
  const out: ExtraInstances = { series: [], movies: [], torrents: [], usenet: [] }
  const named = new Set<string>()
  for (const kind of Object.keys(INSTANCE_KINDS) as InstanceKindName[]) {
    const key = instancesKey(kind)
    const { prefix } = INSTANCE_KINDS[kind]
    const names = (lists[key] ?? '').split(',').map(s => s.trim()).filter(s => s !== '')
    const seen = new Set<string>()
    for (const name of names) {
      if (!NAME.test(name)) { problems.push(`${key}: "${name}" is not a valid instance name (lowercase letters and digits, starting with a letter, at most 20)`); continue }
      if (name === DEFAULT_INSTANCE) { problems.push(`${key}: "${DEFAULT_INSTANCE}" is the instance configured by ${prefix}_URL; give the extra instances other names`); continue }
      if (seen.has(name)) { problems.push(`${key}: "${name}" is listed twice`); continue }
      seen.add(name)
      named.add(`${kind}:${name}`)
      const v = (setting: string) => (vars[`${prefix}_${name.toUpperCase()}_${setting}`] ?? '').trim()
      if (v('URL') === '') { problems.push(`${prefix}_${name.toUpperCase()}_URL: missing; ${key} names the instance "${name}", so set its URL (or remove it from the list)`); continue }
      const keyProblem = (INSTANCE_KINDS[kind].settings as readonly string[]).includes('API_KEY') ? placeholderKeyProblem(`${prefix}_${name.toUpperCase()}_API_KEY`, v('API_KEY')) : undefined
      if (keyProblem) { problems.push(keyProblem); continue }
      const choice = Object.entries((INSTANCE_KINDS[kind] as InstanceKind).choices ?? {}).find(([s, allowed]) => v(s) !== '' && !allowed.includes(v(s)))
      if (choice) { problems.push(`${prefix}_${name.toUpperCase()}_${choice[0]}: "${v(choice[0])}" must be one of: ${choice[1].join(', ')} (or unset for the default instance's)`); continue }
      out[kind].push({ name, url: v('URL'), settings: Object.fromEntries(INSTANCE_KINDS[kind].settings.map(s => [s, v(s)])) })
    }
  }
  for (const key of Object.keys(vars)) {
    const v = instanceVariable(key)
    if (v && !named.has(`${v.kind}:${v.name}`)) problems.push(`${key}: set, but "${v.name}" is not listed in ${instancesKey(v.kind)}; add it there or remove the variable`)
  }
  return out
}

/** The variable holding an instance's setting, e.g. SERIES_MANAGER_ANIME_URL. */
export const instanceSettingKey = (kind: InstanceKindName, name: string, setting: string) => `${INSTANCE_KINDS[kind].prefix}_${name.toUpperCase()}_${setting}`

/** The variables that configure `extra` again: a built config spread into buildConfig keeps its instances. */
export function instanceVariables (extra: ExtraInstances): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const [kind, list] of Object.entries(extra) as Array<[InstanceKindName, InstanceSettings[]]>) {
    const prefix = INSTANCE_KINDS[kind].prefix
    for (const i of list) {
      vars[`${prefix}_${i.name.toUpperCase()}_URL`] = i.url
      for (const [setting, value] of Object.entries(i.settings)) vars[`${prefix}_${i.name.toUpperCase()}_${setting}`] = value
    }
  }
  return vars
}

export const hasExtraInstances = (extra: ExtraInstances | undefined, kind: InstanceKindName) => (extra?.[kind].length ?? 0) > 0
