// "Already done" means an equivalent entry exists: compared by where it points (scheme, host, port, path),
// never by name alone. Names are only used to detect a conflicting entry that setup must not touch.
import { posix } from 'node:path'

export interface Endpoint { ssl: boolean, host: string, port: number, path: string }

/** scheme/host/port/path of a URL, with the default port filled in; undefined when not an http(s) URL. */
export function endpointOf (url: unknown): Endpoint | undefined {
  if (typeof url !== 'string' || url === '') return undefined
  try {
    const u = new URL(url)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined
    const ssl = u.protocol === 'https:'
    return { ssl, host: u.hostname.toLowerCase(), port: u.port ? Number(u.port) : ssl ? 443 : 80, path: cleanPath(u.pathname) }
  } catch {
    return undefined
  }
}

/** Same scheme, host, port and path (trailing slashes ignored). */
export function sameUrl (a: unknown, b: unknown): boolean {
  const x = endpointOf(a)
  const y = endpointOf(b)
  return x !== undefined && y !== undefined && x.ssl === y.ssl && x.host === y.host && x.port === y.port && x.path === y.path
}

/** Same host (case-insensitive) and port. */
export function sameHostPort (host: unknown, port: unknown, target: Endpoint): boolean {
  return typeof host === 'string' && host.trim().toLowerCase() === target.host && Number(port) === target.port
}

/** Two absolute paths naming the same folder (normalized, trailing slash ignored). */
export function samePath (a: string, b: string): boolean {
  return cleanPath(a) === cleanPath(b)
}

export function cleanPath (p: string): string {
  const n = posix.normalize(p || '/')
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n
}

export function sameName (a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}
