// Starts the Sonarr and Radarr simulators (and, on request, the Jellyfin one) on fresh temp roots and builds
// the tool server pointed at them. The simulators see the library under /data and downloads under
// /downloads, as in the compose stack; PATH_MAP maps those to the temp roots, so every path crosses the
// mapping both ways, and the simulators' file work (import, delete) happens inside the temp roots.
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildOptions } from '../../app.js'
import type { Config } from '../../config.js'
import type { ToolCallResult } from '../../core/tool-types.js'
import { createSonarrSimulator, type SonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createRadarrSimulator, type RadarrSimulator } from '../../simulators/servarr/radarr.js'
import type { ServarrSimOptions } from '../../simulators/servarr/core.js'
import { createJellyfinSimulator, type JellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { libraryFromManagers } from '../../simulators/fixtures/managers-library.js'
import { makeRoots, testConfig, type TestRoots } from './build.js'
import { toolContext } from './sim-app.js'

export const SERVARR_KEYS = { sonarr: 'c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7', radarr: 'd3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8', jellyfin: 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9' } as const

export interface ServarrStack {
  app: FastifyInstance
  config: Config
  roots: TestRoots
  sonarr: SonarrSimulator
  radarr: RadarrSimulator
  jellyfin?: JellyfinSimulator
  /** Calls a tool through the registry as the internal principal. */
  call: (name: string, args?: Record<string, unknown>) => Promise<ToolCallResult>
}

export interface StackOptions {
  sim?: Partial<ServarrSimOptions>
  /** A media server too; 'managers': one world, showing what the two managers hold files for (as the demo stack). */
  jellyfin?: boolean | 'managers'
  /** Extra settings; a function gets the temp roots (to extend PATH_MAP, say). */
  config?: Record<string, unknown> | ((roots: TestRoots) => Record<string, unknown>)
  /** Extra buildApp options (plugin seams such as the disk figures). */
  build?: BuildOptions
}

export async function startServarrStack (t: { teardown: (fn: () => unknown) => void }, opts: StackOptions = {}): Promise<ServarrStack> {
  const roots = makeRoots()
  const simOpts = { disk: { media: roots.media, downloads: roots.downloads }, ...opts.sim }
  const sonarr = await createSonarrSimulator({ apiKey: SERVARR_KEYS.sonarr, ...simOpts })
  const radarr = await createRadarrSimulator({ apiKey: SERVARR_KEYS.radarr, ...simOpts })
  const library = opts.jellyfin === 'managers' ? { library: libraryFromManagers(sonarr.state.library, radarr.state.library) } : {}
  const jellyfin = opts.jellyfin ? await createJellyfinSimulator({ apiKey: SERVARR_KEYS.jellyfin, scanMs: 5, ...library }) : undefined
  const config = testConfig(roots, {
    PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads}`,
    SERIES_MANAGER_URL: sonarr.url,
    SERIES_MANAGER_API_KEY: SERVARR_KEYS.sonarr,
    MOVIE_MANAGER_URL: radarr.url,
    MOVIE_MANAGER_API_KEY: SERVARR_KEYS.radarr,
    ...(jellyfin ? { MEDIA_SERVER_URL: jellyfin.url, MEDIA_SERVER_API_KEY: SERVARR_KEYS.jellyfin } : {}),
    ...(typeof opts.config === 'function' ? opts.config(roots) : opts.config)
  })
  const app = await buildApp(config, { logger: false, ...opts.build })
  await app.ready()
  t.teardown(async () => {
    await app.close()
    await Promise.allSettled([sonarr.close(), radarr.close(), jellyfin?.close()])
    roots.cleanup()
  })
  return { app, config, roots, sonarr, radarr, jellyfin, call: (name, args = {}) => app.tools.call(name, args, toolContext()) }
}
