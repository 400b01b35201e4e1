// NOTIFY_URLS: where notices go, in Apprise's URL syntax. Entries are separated by spaces, commas or new lines;
// an entry `name=URL` belongs to the person `name` (Apprise's own text configuration writes tags the same way,
// `<Tag(s)>=<URL>`: caronc/apprise @ v1.13.0 : apprise/config/base.py : 641-700), a bare URL to the household. ntfy, Gotify,
// Discord and json webhooks are spoken natively (native.ts); every other scheme goes to the `apprise` program.
// A URL is a secret (tokens, passwords, webhook keys): only `label` (scheme and host) is ever shown.

export type ChannelKind = 'ntfy' | 'gotify' | 'discord' | 'json' | 'apprise'

export interface Channel {
  kind: ChannelKind
  /** Safe to show: the scheme and host, never a path, token, user or password. */
  label: string
  /** The URL as configured: a secret. */
  url: string
}

export interface NotifyTargets {
  household: Channel[]
  /** Per person (lowercase name). */
  people: Map<string, Channel[]>
}

export const PERSON_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/
const SCHEME = /^([a-z][a-z0-9+.-]{0,31}):\/\//i
const ENTRY = /^(?:([a-z0-9][a-z0-9_-]{0,31})=)?([a-z][a-z0-9+.-]{0,31}:\/\/\S+)$/i
/** The Discord webhook URLs Apprise also accepts as they are (caronc/apprise @ v1.13.0 : apprise/plugins/discord.py : 1099-1113). */
export const DISCORD_HTTPS = /^https?:\/\/discord(?:app)?\.com\/api\/webhooks\/([0-9]+)\/([A-Z0-9_-]+)\/?(\?.*)?$/i

/** The scheme and host of a URL, nothing that could carry a credential. */
export function channelLabel (url: string): string {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase() ?? 'unknown'
  if (DISCORD_HTTPS.test(url)) return 'discord (webhook)'
  const rest = url.slice(scheme.length + 3)
  const authority = rest.split(/[/?#]/, 1)[0] ?? ''
  const host = authority.includes('@') ? authority.slice(authority.lastIndexOf('@') + 1) : authority
  // Discord's "host" is the webhook id; a hostless scheme's first part may be a token: show neither.
  if (scheme === 'discord' || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) || !/[.:[]|^localhost$/i.test(host)) return scheme
  return `${scheme}://${host.toLowerCase()}`
}

export function channelOf (url: string): Channel {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase()
  let kind: ChannelKind = 'apprise'
  if (scheme === 'ntfy' || scheme === 'ntfys') kind = 'ntfy'
  else if (scheme === 'gotify' || scheme === 'gotifys') kind = 'gotify'
  else if (scheme === 'json' || scheme === 'jsons') kind = 'json'
  else if (scheme === 'discord' || DISCORD_HTTPS.test(url)) kind = 'discord'
  return { kind, label: channelLabel(url), url }
}

/** Splits before each entry (a URL, or name=URL), so commas inside a URL's query stay in it. */
function entries (value: string): string[] {
  return value.split(/[\s,]+(?=(?:[a-z0-9][a-z0-9_-]{0,31}=)?[a-z][a-z0-9+.-]{0,31}:\/\/)/i)
    .map(s => s.trim().replace(/,+$/, '')).filter(Boolean)
}

/** Reads NOTIFY_URLS; each problem names the entry by its position and label, never by its URL. */
export function parseNotifyUrls (value: string, problems: string[]): NotifyTargets {
  const out: NotifyTargets = { household: [], people: new Map() }
  entries(value).forEach((entry, i) => {
    const m = ENTRY.exec(entry)
    if (!m) {
      problems.push(`NOTIFY_URLS: entry ${i + 1} is not a URL (expected scheme://… or name=scheme://…, e.g. ntfys://ntfy.sh/house or alice=ntfy://ntfy.example/alice)`)
      return
    }
    const channel = channelOf(m[2]!)
    const name = m[1]?.toLowerCase()
    if (name === undefined || name === 'household') { out.household.push(channel); return }
    if (!PERSON_NAME.test(name)) {
      problems.push(`NOTIFY_URLS: entry ${i + 1} (${channel.label}): "${name}" is not a person's name (lowercase letters, digits, - and _)`)
      return
    }
    out.people.set(name, [...out.people.get(name) ?? [], channel])
  })
  return out
}
