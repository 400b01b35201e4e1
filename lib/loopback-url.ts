// For a loopback PUBLIC_URL (localhost, 127.0.0.1, [::1]) the three names reach the same server, and
// people and tools use them interchangeably (the demo prints 127.0.0.1, a browser bookmark says
// localhost). Metadata, resources and allowed origins then follow the name the client used, on
// PUBLIC_URL's scheme and port; any other PUBLIC_URL is used exactly as configured.

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

function isLoopback (hostname: string): boolean {
  return LOOPBACK_NAMES.includes(hostname.toLowerCase())
}

/** PUBLIC_URL with its host name replaced (same scheme, port and path), without a trailing slash. */
function withHostname (publicUrl: string, hostname: string): string {
  const u = new URL(publicUrl)
  u.hostname = hostname
  return u.href.replace(/\/+$/, '')
}

/** The base URL as this request named the server: PUBLIC_URL, or its loopback alias the Host header used. */
export function baseUrlFor (publicUrl: string, hostHeader: string | undefined): string {
  const pub = new URL(publicUrl)
  if (!isLoopback(pub.hostname) || typeof hostHeader !== 'string') return publicUrl
  let asked: URL
  try { asked = new URL(`${pub.protocol}//${hostHeader.trim()}`) } catch { return publicUrl }
  if (!isLoopback(asked.hostname) || asked.port !== pub.port) return publicUrl
  return withHostname(publicUrl, asked.hostname.toLowerCase())
}

/** Every spelling of PUBLIC_URL's origin a client may use (just PUBLIC_URL's origin unless it is loopback). */
export function originAliases (publicUrl: string): string[] {
  const pub = new URL(publicUrl)
  if (!isLoopback(pub.hostname)) return [pub.origin]
  return LOOPBACK_NAMES.map(name => new URL(withHostname(publicUrl, name)).origin)
}

/** True when `url` is `publicUrl + path` under one of PUBLIC_URL's accepted names. */
export function isOwnUrl (publicUrl: string, path: string, url: string): boolean {
  const pub = new URL(publicUrl)
  if (!isLoopback(pub.hostname)) return url === publicUrl + path
  return LOOPBACK_NAMES.some(name => url === withHostname(publicUrl, name) + path)
}
