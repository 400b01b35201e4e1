// PATH_MAP: the media server and the managers may see the library under other paths than ours
// (e.g. they mount it at /tv while we see /data/tv). The setting lists `backendPath=ourPath` pairs;
// translation matches whole path segments with the longest prefix first, never a raw string replace,
// so /tv never rewrites /tvshows and /data/tv2 is not mistaken for /data/tv.
import { posix } from 'node:path'

export interface PathMapping {
  /** Path prefix as the backend sees it, normalized, without a trailing slash ("/" allowed). */
  backend: string
  /** The same folder as this server sees it. */
  ours: string
}

export interface PathMap {
  readonly mappings: readonly PathMapping[]
  /** A backend path translated to ours (unchanged when no mapping covers it). */
  toOurs: (backendPath: string) => string
  /** One of our paths translated to the backend's (unchanged when no mapping covers it). */
  toBackend: (ourPath: string) => string
}

export class PathMapError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'PathMapError'
  }
}

/** Parses "backend=ours,backend2=ours2". Throws PathMapError naming the bad entry. */
export function parsePathMap (setting: string): PathMapping[] {
  const mappings: PathMapping[] = []
  for (const raw of setting.split(',').map(s => s.trim()).filter(Boolean)) {
    const eq = raw.indexOf('=')
    if (eq <= 0 || eq === raw.length - 1) throw new PathMapError(`PATH_MAP entry "${raw}" must look like /backend/path=/our/path`)
    const backend = clean(raw.slice(0, eq).trim())
    const ours = clean(raw.slice(eq + 1).trim())
    if (!backend.startsWith('/') || !ours.startsWith('/')) throw new PathMapError(`PATH_MAP entry "${raw}": both sides must be absolute paths`)
    if (mappings.some(m => m.backend === backend)) throw new PathMapError(`PATH_MAP maps ${backend} twice`)
    mappings.push({ backend, ours })
  }
  return mappings
}

export function createPathMap (setting: string): PathMap {
  const mappings = parsePathMap(setting)
  const byBackend = [...mappings].sort((a, b) => depth(b.backend) - depth(a.backend))
  const byOurs = [...mappings].sort((a, b) => depth(b.ours) - depth(a.ours))
  return {
    mappings,
    toOurs: p => translate(p, byBackend, 'backend', 'ours'),
    toBackend: p => translate(p, byOurs, 'ours', 'backend')
  }
}

function translate (input: string, ordered: PathMapping[], from: keyof PathMapping, to: keyof PathMapping): string {
  if (!input.startsWith('/')) return input
  const path = clean(input)
  for (const m of ordered) {
    const prefix = m[from]
    if (path === prefix) return m[to]
    if (isUnder(path, prefix)) return posix.join(m[to], path.slice(prefix === '/' ? 1 : prefix.length + 1))
  }
  return path
}

function isUnder (path: string, prefix: string) {
  return prefix === '/' || path.startsWith(prefix + '/')
}

/** Normalizes "." and "..", double slashes and a trailing slash. */
function clean (p: string) {
  const n = posix.normalize(p)
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n
}

function depth (p: string) {
  return p === '/' ? 0 : p.split('/').length
}

const parsed = new WeakMap<object, { setting: string, map: PathMap }>()

/**
 * The PATH_MAP of one configuration, parsed once: config loading parses (and so validates) it, and every
 * client factory reads the same translator from here. Throws PathMapError for a setting config loading
 * would have refused.
 */
export function pathMapFor (config: { readonly PATH_MAP: string }): PathMap {
  const known = parsed.get(config)
  if (known?.setting === config.PATH_MAP) return known.map
  const map = createPathMap(config.PATH_MAP)
  parsed.set(config, { setting: config.PATH_MAP, map })
  return map
}
