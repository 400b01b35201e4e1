// What an audit record keeps of a call's arguments: everything a person needs to tell what was asked for,
// nothing that works as a credential. Secret-named fields (the same names the log redacts), URL query values
// and user:password parts, and any configured secret value wherever it appears, become [redacted]; long
// strings and lists are cut, so one call cannot bloat the database.
import { REDACTED, SECRET_FIELDS, redactQuery } from '../request-log.js'
import { hidePathSecrets } from '../../core/display-url.js'

const SECRET_NAME = new RegExp(`^(${SECRET_FIELDS.join('|')})$|password|passwd|passkey|secret|token|api_?key|authorization|cookie|credential`, 'i')
const MAX_STRING = 500
const MAX_ITEMS = 50
const MAX_DEPTH = 6

export interface Redactor {
  (value: unknown): unknown
  /** One line of public text (an error message) with any configured secret value removed. */
  text: (value: string) => string
}

/** `secrets`: configured secret values (API keys, passwords) that must never be stored, whatever field holds them. */
export function createRedactor (secrets: readonly string[] = []): Redactor {
  // Short values would match ordinary words; real keys and passwords here are long.
  const known = [...new Set(secrets.filter(s => typeof s === 'string' && s.length >= 8))].sort((a, b) => b.length - a.length)

  function scrubString (s: string): string {
    let out = s
    for (const secret of known) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    if (/^[a-z][a-z0-9+.-]*:/i.test(out)) out = redactUrl(out)
    return out.length > MAX_STRING ? `${out.slice(0, MAX_STRING)}… (${out.length} characters)` : out
  }

  function walk (value: unknown, depth: number): unknown {
    if (typeof value === 'string') return scrubString(value)
    if (value === null || typeof value !== 'object') return value
    if (depth >= MAX_DEPTH) return '[nested too deep]'
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map(v => walk(v, depth + 1))
      if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`)
      return items
    }
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_NAME.test(k) ? REDACTED : walk(v, depth + 1)
    return out
  }

  const redact = ((value: unknown) => walk(value, 0)) as Redactor
  redact.text = (value: string) => scrubString(value.replace(/[\r\n]+/g, ' '))
  return redact
}

/**
 * http(s) and other URLs: user:password, every query value and credential-looking path segments go (tracker
 * passkeys and signed links live there). A magnet keeps its info hash and display name, which say what was added; its trackers go.
 */
function redactUrl (value: string): string {
  if (value.toLowerCase().startsWith('magnet:?')) {
    const parts = value.slice(8).split('&')
    const kept = parts.filter(p => /^(xt|dn)=/i.test(p))
    return `magnet:?${[...kept, ...(kept.length < parts.length ? [`tr=${REDACTED}`] : [])].join('&')}`
  }
  const noUser = value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, `$1${REDACTED}@`)
  // A passkey can sit in the path as well (…/download/<id>/<passkey>/x.torrent): displayUrl's rule for it.
  return redactQuery(noUser.replace(/#.*$/, '').replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)/i, (_, head: string, path: string) => head + hidePathSecrets(path)))
}
