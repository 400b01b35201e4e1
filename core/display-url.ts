// The one way a URL is shown: in /health, the dashboard, GET /api/setup, "X is unreachable at …" errors, tool
// results, logs and the audit trail. A configured URL may carry a secret (NZBGet's http://user:pass@host:6789, a
// ?apikey= a manager accepts, a tracker passkey in a link's path), and showing it would hand the secret to whoever
// reads the display. What stays is what a person needs to recognise the address: scheme, host, port, path.

export const HIDDEN = '[redacted]'

/** Query names whose values work as credentials (matched whole, any case, `-`/`_` ignored). */
const SECRET_QUERY = /^(apikey|key|token|accesstoken|authtoken|auth|passkey|password|passwd|pass|secret|signature|sig|session|sessionid|sid|authkey|uid|rsskey|torrentpass|xapikey)$/i

/**
 * A path segment that reads as a credential: a long run of letters and digits (at least 16, with both in it,
 * no dots), as tracker passkeys (32 hex), RSS keys and keep tokens are. Names and years ("Heat.1995",
 * "2024-01-01", "season-2") do not match.
 */
export function isSecretSegment (segment: string): boolean {
  return segment.length >= 16 && /^[A-Za-z0-9_-]+$/.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment)
}

/** A URL's path with each credential-looking segment replaced (the audit trail's links use it too). */
export function hidePathSecrets (path: string): string {
  return path.split('/').map(s => isSecretSegment(s) ? HIDDEN : s).join('/')
}

function hideQuerySecrets (query: string): string {
  return query.split('&').map(p => {
    const eq = p.indexOf('=')
    const name = eq === -1 ? p : p.slice(0, eq)
    if (eq === -1) return p
    return SECRET_QUERY.test(name.replace(/[-_]/g, '')) || isSecretSegment(p.slice(eq + 1)) ? `${name}=${HIDDEN}` : p
  }).join('&')
}

/**
 * A URL as it may be shown: user and password dropped, credential-named query values and credential-looking path
 * segments replaced by [redacted], the fragment dropped. Text that is not a URL comes back with any user:password@
 * removed all the same.
 */
export function displayUrl (url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/is.exec(url.trim())
  if (!m) return url.replace(/\/\/[^/@\s]*@/g, '//')
  const [, scheme, authority = '', path = '', query = ''] = m
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  return `${scheme!.toLowerCase()}${host}${hidePathSecrets(path)}${query ? `?${hideQuerySecrets(query.slice(1))}` : ''}`
}

/** Every URL inside a line of text (an error message, a log line) replaced by its displayUrl. */
export function displayUrlsIn (text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, u => {
    // A sentence's closing punctuation is not part of the URL.
    const tail = /[).,;:!?]+$/.exec(u)?.[0] ?? ''
    return displayUrl(u.slice(0, u.length - tail.length)) + tail
  })
}

/** A line of text for readers who may not see addresses (/health without a token): each URL and host:port goes. */
export function withoutAddresses (text: string): string {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*[^\s"'<>).,;:!?]/gi, 'its configured address')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b|\[[0-9a-f:.]+\](?::\d{1,5})?/gi, 'its configured address')
}
