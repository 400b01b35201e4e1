// What GET /api/setup shows: each backend (key present or missing, never the value; reachable, version),
// the stored keys, whether a restart is needed to apply them, and each step's state from a dry run (which
// only reads: config.xml files and the backends' lists).
import { request } from 'undici'
import type { Config } from '../../config.js'
import type { ProbeResult } from '../../clients/http.js'
import { safeEqual } from '../secrets.js'
import { runSetup } from './run.js'
import { readStoredSecrets, secretsPath, type StoredSecrets } from './secrets-file.js'
import { checkPlexToken } from './plex-token.js'
import type { SetupLog, StepResult } from './types.js'
import { displayUrl } from '../../core/display-url.js'

export type Presence = 'present' | 'missing'

export interface BackendSetupStatus {
  name: 'jellyfin' | 'plex' | 'sonarr' | 'radarr' | 'prowlarr' | 'qbittorrent' | 'flaresolverr'
  url: string
  /** The credential the running server uses; "present" or "missing", never the value. */
  key: Presence | 'not_needed'
  /** Whether setup has stored a key for it in STATE_DIR/secrets.env. */
  storedKey: Presence | 'not_stored_by_setup'
  reachable: boolean
  version?: string
  error?: string
}

export interface SetupStatus {
  configRoot: string
  secretsFile: string
  restartRequired: boolean
  backends: BackendSetupStatus[]
  steps: StepResult[]
}

const BACKENDS = [
  { name: 'jellyfin', service: 'Jellyfin', url: 'MEDIA_SERVER_URL', key: 'MEDIA_SERVER_API_KEY' },
  { name: 'sonarr', service: 'Sonarr', url: 'SERIES_MANAGER_URL', key: 'SERIES_MANAGER_API_KEY' },
  { name: 'radarr', service: 'Radarr', url: 'MOVIE_MANAGER_URL', key: 'MOVIE_MANAGER_API_KEY' },
  { name: 'prowlarr', service: 'Prowlarr', url: 'INDEXER_MANAGER_URL', key: 'INDEXER_MANAGER_API_KEY' },
  { name: 'qbittorrent', service: 'qBittorrent', url: 'TORRENT_CLIENT_URL', key: 'TORRENT_CLIENT_PASSWORD' }
] as const

const present = (v: string | undefined): Presence => v ? 'present' : 'missing'
// --- torrents: the "qbittorrent" row is whichever torrent client TORRENT_CLIENT_TYPE names; its probe carries that name.
const TORRENT_SERVICES: Record<Config['TORRENT_CLIENT_TYPE'], string> = { qbittorrent: 'qBittorrent', transmission: 'Transmission', deluge: 'Deluge' }

export async function setupStatus (config: Config, o: { configRoot: string, probes: ProbeResult[], log: SetupLog }): Promise<SetupStatus> {
  let stored: StoredSecrets = {}
  try { stored = await readStoredSecrets(config.STATE_DIR) } catch { /* shown as missing; a run replaces it */ }
  const backends: BackendSetupStatus[] = BACKENDS.map(b => {
    const service = b.name === 'qbittorrent' ? TORRENT_SERVICES[config.TORRENT_CLIENT_TYPE] : b.service
    const probe = o.probes.find(p => p.service.toLowerCase() === service.toLowerCase())
    const storedKey: BackendSetupStatus['storedKey'] = b.name === 'qbittorrent' ? 'not_stored_by_setup' : present(stored[b.key as keyof StoredSecrets])
    return {
      name: b.name,
      url: displayUrl(config[b.url]),
      key: present(config[b.key]),
      storedKey,
      reachable: probe?.reachable ?? false,
      ...(probe?.version ? { version: probe.version } : {}),
      ...(probe?.error ? { error: probe.error } : !probe ? { error: 'Not checked yet.' } : {})
    }
  })
  // --- Plex: the media-server row checks the token itself (the probe's /identity answers without one).
  if (config.MEDIA_SERVER_TYPE === 'plex') backends[0] = { name: 'plex', url: displayUrl(config.MEDIA_SERVER_URL), key: present(config.MEDIA_SERVER_TOKEN), storedKey: 'not_stored_by_setup', ...await checkPlexToken(config) }
  backends.push({ name: 'flaresolverr', url: displayUrl(config.CHALLENGE_PROXY_URL), key: 'not_needed', storedKey: 'not_stored_by_setup', ...await probeChallengeProxy(config.CHALLENGE_PROXY_URL) })
  const dry = await runSetup(config, { configRoot: o.configRoot, dryRun: true }, o.log)
  const restartRequired = BACKENDS.some(b => {
    const s = stored[b.key as keyof StoredSecrets]
    return s !== undefined && s !== '' && !safeEqual(s, config[b.key])
  })
  return { configRoot: o.configRoot, secretsFile: secretsPath(config.STATE_DIR), restartRequired, backends, steps: dry.results }
}

/** FlareSolverr has no client of its own: GET / with a short limit, the one route that names its version. */
export async function probeChallengeProxy (url: string): Promise<{ reachable: boolean, version?: string, error?: string }> {
  try {
    const res = await request(new URL('/', url), { method: 'GET', signal: AbortSignal.timeout(3_000), headersTimeout: 3_000, bodyTimeout: 3_000 })
    const text = await res.body.text()
    if (res.statusCode !== 200) return { reachable: false, error: `FlareSolverr answered HTTP ${res.statusCode} on /.` }
    const version = (() => { try { return (JSON.parse(text) as { version?: unknown }).version } catch { return undefined } })()
    return { reachable: true, ...(typeof version === 'string' ? { version } : {}) }
  } catch (err) {
    const code = (err as { code?: string, name?: string }).code ?? (err as Error).name
    return { reachable: false, error: `FlareSolverr is unreachable at ${displayUrl(url)} (${code ?? 'error'}): check CHALLENGE_PROXY_URL.` }
  }
}
