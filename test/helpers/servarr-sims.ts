// Starts the Sonarr and Radarr simulators (and, on request, the Jellyfin one) on fresh temp roots and builds
// the tool server pointed at them. The simulators see the library under /data and downloads under
// /downloads, as in the compose stack; PATH_MAP maps those to the temp roots, so every path crosses the
// mapping both ways, and the simulators' file work (import, delete) happens inside the temp roots.
import type { FastifyInstance } from 'fastify'
import type { BuildOptions } from '../../app.js'
import type { Config } from '../../config.js'
import type { ToolCallResult } from '../../core/tool-types.js'
import type { SonarrSimulator } from '../../simulators/servarr/sonarr.js'
import type { RadarrSimulator } from '../../simulators/servarr/radarr.js'
import type { ServarrSimOptions } from '../../simulators/servarr/core.js'
import type { JellyfinSimulator } from '../../simulators/jellyfin/index.js'
import { buildTestApp, type TestApp, type TestRoots } from './build.js'
import { SIM_KEYS } from './sim-app.js'

export const SERVARR_KEYS = { sonarr: SIM_KEYS.sonarr, radarr: SIM_KEYS.radarr, jellyfin: 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9' } as const

export interface ServarrStack {
  app: FastifyInstance
  config: Config
  roots: TestRoots
  sonarr: SonarrSimulator
  radarr: RadarrSimulator
  jellyfin?: JellyfinSimulator
  /** Calls a tool through the registry as the internal principal. */
  call: (name: string, args?: Record<string, unknown>) => Promise<ToolCallResult>
  /** A restarted server on the same settings, roots and state dir; the simulators keep running. */
  restart: TestApp<{}>['restart']
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

/** buildTestApp with the series and movie manager simulators (and the media server one, on request). */
export async function startServarrStack (t: { teardown: (fn: () => unknown) => void }, opts: StackOptions = {}): Promise<ServarrStack> {
  const jellyfin = opts.jellyfin ? { apiKey: SERVARR_KEYS.jellyfin, fromManagers: opts.jellyfin === 'managers' } : false
  const { app, config, roots, sims, call, restart } = await buildTestApp(t, {
    sims: { sonarr: { ...opts.sim }, radarr: { ...opts.sim }, jellyfin },
    config: opts.config,
    build: opts.build,
    probe: true
  })
  return { app, config, roots, sonarr: sims.sonarr, radarr: sims.radarr, ...(opts.jellyfin ? { jellyfin: sims.jellyfin } : {}), call, restart }
}

/**
 * The settings that point an app at a series and a movie manager simulator started by the test itself (with the
 * library the simulators see under /data mapped to MEDIA_ROOT), for stacks that start their own simulators.
 */
export function managersConfig (roots: Pick<TestRoots, 'media'>, sims: { sonarr: { url: string }, radarr: { url: string } }, keys: { sonarr: string, radarr: string }) {
  return {
    PATH_MAP: `/data=${roots.media}`,
    SERIES_MANAGER_URL: sims.sonarr.url,
    SERIES_MANAGER_API_KEY: keys.sonarr,
    MOVIE_MANAGER_URL: sims.radarr.url,
    MOVIE_MANAGER_API_KEY: keys.radarr
  }
}
