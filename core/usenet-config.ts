// The Usenet client's settings checked together: USENET_CLIENT_TYPE says which program (sabnzbd | nzbget), and
// each program has its own credential (SABnzbd an API key, NZBGet a user and password). Every mismatch is refused
// at start, naming the variable to fix. Unset type and nothing else set: no Usenet client, nothing changes.
import { placeholderKeyProblem } from './instance-config.js'

export const USENET_TYPES = ['sabnzbd', 'nzbget'] as const
export type UsenetType = typeof USENET_TYPES[number]

export interface UsenetSettings { TYPE: string, URL: string, API_KEY: string, USERNAME: string, PASSWORD: string }

/** Problems of one Usenet client's settings; `name(s)` gives the variable of a setting (USENET_CLIENT_URL...). */
export function usenetProblems (s: UsenetSettings, name: (setting: string) => string): string[] {
  const problems: string[] = []
  const type = s.TYPE.trim().toLowerCase()
  if (type === '') {
    const set = (['URL', 'API_KEY', 'USERNAME', 'PASSWORD'] as const).filter(k => s[k] !== '')
    if (set.length > 0) problems.push(`${name('TYPE')}: not set, but ${set.map(name).join(', ')} ${set.length === 1 ? 'is' : 'are'}; set it to sabnzbd or nzbget (or remove those variables)`)
    return problems
  }
  if (!(USENET_TYPES as readonly string[]).includes(type)) {
    problems.push(`${name('TYPE')}: "${s.TYPE}" must be one of: ${USENET_TYPES.join(', ')}`)
    return problems
  }
  if (s.URL === '') problems.push(`${name('URL')}: missing; ${name('TYPE')}=${type} needs the address of its web interface, e.g. ${type === 'sabnzbd' ? 'http://sabnzbd:8080' : 'http://nzbget:6789'}`)
  if (type === 'sabnzbd') {
    if (s.API_KEY === '') problems.push(`${name('API_KEY')}: missing; SABnzbd needs its API key (Config > General > Security > API Key)`)
    const placeholder = placeholderKeyProblem(name('API_KEY'), s.API_KEY)
    if (placeholder) problems.push(placeholder)
    for (const k of ['USERNAME', 'PASSWORD'] as const) {
      if (s[k] !== '') problems.push(`${name(k)}: SABnzbd is reached with ${name('API_KEY')}, not a user and password; remove ${name(k)}`)
    }
  } else {
    if (s.USERNAME === '') problems.push(`${name('USERNAME')}: missing; NZBGet needs its ControlUsername (Settings > Security), with ${name('PASSWORD')}`)
    if (s.API_KEY !== '') problems.push(`${name('API_KEY')}: NZBGet is reached with ${name('USERNAME')} and ${name('PASSWORD')}, not an API key; remove ${name('API_KEY')}`)
  }
  return problems
}
