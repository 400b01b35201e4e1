// Starts every simulated backend (media server, series and movie managers, indexer manager,
// direct-download manager) on loopback and returns the settings that point the tool server at them.
// Used by `npm run demo`; the simulators see the library under /data and /downloads like the real stack.
// Each backend also answers what first-run setup needs (download clients and root folders in Sonarr/Radarr,
// indexer proxies and tags in Prowlarr, admin sign-in and API keys in Jellyfin), so POST /api/setup works
// against the demo.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { randomToken } from '../lib/secrets.js'
import { createJellyfinSimulator } from './jellyfin/index.js'
import { createProwlarrSetupSimulator } from './prowlarr/setup-proxy.js'
import { createPyloadSimulator } from './pyload/server.js'
import { createRadarrSimulator } from './servarr/radarr.js'
import { createSonarrSimulator } from './servarr/sonarr.js'

export interface SimulatedStack {
  /** Tool-server settings: backend URLs, keys and PATH_MAP. */
  settings: Record<string, string>
  /** The media server's administrator, for setup's sign-in (a fresh password per run). */
  jellyfinAdmin: { username: string, password: string }
  /** Every contract violation the simulators saw (Sonarr/Radarr only check with `validate`). */
  violations: () => string[]
  close: () => Promise<void>
}

export async function startSimulatedStack (roots: { media: string, downloads: string }, opts: { validate?: boolean } = {}): Promise<SimulatedStack> {
  const keys = { jellyfin: randomToken(16), sonarr: randomToken(16), radarr: randomToken(16), prowlarr: randomToken(16), pyload: randomToken(16) }
  const disk = { media: roots.media, downloads: roots.downloads }
  const storage = join(roots.downloads, 'pyload')
  mkdirSync(storage, { recursive: true })
  const closers: Array<() => Promise<void>> = []
  const jellyfinAdmin = { username: 'admin', password: randomToken(12) }
  try {
    const jellyfin = await createJellyfinSimulator({ apiKey: keys.jellyfin, passwords: { [jellyfinAdmin.username]: jellyfinAdmin.password } })
    closers.push(jellyfin.close)
    const sonarr = await createSonarrSimulator({ apiKey: keys.sonarr, disk, validate: opts.validate ?? false })
    closers.push(sonarr.close)
    const radarr = await createRadarrSimulator({ apiKey: keys.radarr, disk, validate: opts.validate ?? false })
    closers.push(radarr.close)
    const prowlarr = await createProwlarrSetupSimulator({ apiKey: keys.prowlarr })
    closers.push(prowlarr.close)
    const pyload = await createPyloadSimulator({ apiKey: keys.pyload, storageDir: storage })
    closers.push(pyload.close)
    return {
      settings: {
        MEDIA_SERVER_URL: jellyfin.url,
        MEDIA_SERVER_API_KEY: keys.jellyfin,
        SERIES_MANAGER_URL: sonarr.url,
        SERIES_MANAGER_API_KEY: keys.sonarr,
        MOVIE_MANAGER_URL: radarr.url,
        MOVIE_MANAGER_API_KEY: keys.radarr,
        INDEXER_MANAGER_URL: prowlarr.url,
        INDEXER_MANAGER_API_KEY: keys.prowlarr,
        DOWNLOAD_MANAGER_URL: pyload.url,
        DOWNLOAD_MANAGER_API_KEY: keys.pyload,
        PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads}`
      },
      jellyfinAdmin,
      violations: () => [...jellyfin.violations, ...sonarr.violations, ...radarr.violations, ...prowlarr.violations],
      close: async () => { await Promise.allSettled(closers.map(c => c())) }
    }
  } catch (err) {
    await Promise.allSettled(closers.map(c => c()))
    throw err
  }
}
