// Redirect URI rules (RFC 9700 §2.1 and §4.1, RFC 8252 §7): what may be registered, and how a
// requested redirect_uri is matched against the registered ones. Matching is a plain string
// comparison; the only exception is a loopback http URI, whose port may differ (native apps listen on
// an ephemeral port) while scheme, host literal, path and query must stay identical.

export const MAX_REDIRECT_URIS = 5
export const MAX_REDIRECT_URI_LENGTH = 2000

/** Schemes never accepted, even though they are not http(s): they execute, read local data or are web-ish. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript', 'data', 'file', 'vbscript', 'blob', 'about', 'filesystem', 'ftp', 'ws', 'wss', 'gopher',
  'mailto', 'tel', 'sms', 'view-source', 'chrome', 'chrome-extension', 'moz-extension', 'intent', 'jar', 'ldap'
])

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(?::(\d{1,5}))?([/?].*)?$/

/** Returns a problem description, or undefined when the URI may be registered. */
export function checkRedirectUri (uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri.length === 0) return 'each redirect URI must be a non-empty string'
  if (uri.length > MAX_REDIRECT_URI_LENGTH) return `redirect URI is longer than ${MAX_REDIRECT_URI_LENGTH} characters`
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f\\]/.test(uri)) return `"${shorten(uri)}" contains spaces, control characters or backslashes`
  if (uri.includes('#')) return `"${shorten(uri)}" has a fragment (#...); redirect URIs must not have one`
  let parsed: URL
  try {
    parsed = new URL(uri)
  } catch {
    return `"${shorten(uri)}" is not an absolute URI`
  }
  const scheme = parsed.protocol.slice(0, -1)
  if (!/^[a-z][a-z0-9+.-]*:/.test(uri)) return `"${shorten(uri)}" must start with a lowercase scheme`
  if (parsed.username !== '' || parsed.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?]*@/.test(uri)) return `"${shorten(uri)}" contains user information (user@); not allowed`
  if (scheme === 'https') return parsed.hostname === '' ? `"${shorten(uri)}" has no host` : undefined
  if (scheme === 'http') {
    return LOOPBACK.test(uri) && validPort(uri)
      ? undefined
      : `"${shorten(uri)}" uses http:// on a non-loopback host; use https://, or http://127.0.0.1, http://[::1] or http://localhost`
  }
  if (FORBIDDEN_SCHEMES.has(scheme)) return `scheme "${scheme}:" is not allowed for redirect URIs`
  return undefined // a private-use scheme such as vscode: or cursor: (RFC 8252 §7.1)
}

/** Finds the registered URI the requested one matches, or undefined. */
export function matchRedirectUri (registered: readonly string[], requested: string): string | undefined {
  if (registered.includes(requested)) return requested
  const req = LOOPBACK.exec(requested)
  if (!req || !validPort(requested)) return undefined
  for (const candidate of registered) {
    const reg = LOOPBACK.exec(candidate)
    // Same host literal (127.0.0.1 never matches localhost), same path and query; only the port may differ.
    if (reg && reg[1] === req[1] && (reg[3] ?? '') === (req[3] ?? '')) return requested
  }
  return undefined
}

function validPort (uri: string): boolean {
  const port = LOOPBACK.exec(uri)?.[2]
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535)
}

function shorten (s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s
}
