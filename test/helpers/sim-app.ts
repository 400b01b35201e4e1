// The simulators a test can ask buildTestApp for (test/helpers/build.ts), one STARTERS entry each (start it, return
// the config it implies), and the tool context tests call tools with.
//
//   const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, prowlarr: true } })
//   const res = await app.tools.call('server_status', {}, ctx())
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import { createJellyfinSimulator, type JellyfinSimulator, type JellyfinSimulatorOptions } from '../../simulators/jellyfin/index.js'
import { createPlexSimulator, type PlexSimulator, type PlexSimulatorOptions } from '../../simulators/plex/index.js'
import { createProwlarrSimulator, type ProwlarrSimulator, type ProwlarrSimulatorOptions } from '../../simulators/prowlarr/index.js'
import { createSonarrSimulator, type SonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { createRadarrSimulator, type RadarrSimulator } from '../../simulators/servarr/radarr.js'
import type { ServarrSimOptions } from '../../simulators/servarr/core.js'
import { libraryFromManagers } from '../../simulators/fixtures/managers-library.js'

/** Keys the simulators accept (fixed so failures are easy to read; never real secrets). */
export const SIM_KEYS = {
  jellyfin: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5',
  prowlarr: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  plex: 'plex-sim-token-4b5c6d7e8f9a',
  sonarr: 'c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7',
  radarr: 'd3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8'
} as const

export interface Started<S> { sim: S, config: Record<string, unknown>, close: () => Promise<void> }
/** The temp roots a simulator does its file work in, and the simulators started before it (by name). */
export interface StartedBefore { roots: { media: string, downloads: string }, sims: Record<string, unknown> }
export type Starter<O, S> = (opts: Partial<O>, before: StartedBefore) => Promise<Started<S>>

export const STARTERS = {
  // fromManagers: one world, the library showing what the series and movie managers started before hold files for.
  jellyfin: (async ({ fromManagers, ...opts }, { sims }) => {
    const library = fromManagers ? { library: libraryFromManagers((sims.sonarr as SonarrSimulator).state.library, (sims.radarr as RadarrSimulator).state.library) } : {}
    const sim = await createJellyfinSimulator({ apiKey: SIM_KEYS.jellyfin, scanMs: 5, ...library, ...opts })
    return { sim, config: { MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: opts.apiKey ?? SIM_KEYS.jellyfin }, close: sim.close }
  }) as Starter<JellyfinSimulatorOptions & { fromManagers: boolean }, JellyfinSimulator>,
  plex: (async (opts) => {
    const sim = await createPlexSimulator({ token: SIM_KEYS.plex, scanMs: 5, ...opts })
    return { sim, config: { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: opts.token ?? SIM_KEYS.plex }, close: sim.close }
  }) as Starter<PlexSimulatorOptions, PlexSimulator>,
  sonarr: (async (opts, { roots }) => {
    const sim = await createSonarrSimulator({ apiKey: SIM_KEYS.sonarr, disk: { media: roots.media, downloads: roots.downloads }, ...opts })
    return { sim, config: { SERIES_MANAGER_URL: sim.url, SERIES_MANAGER_API_KEY: opts.apiKey ?? SIM_KEYS.sonarr }, close: sim.close }
  }) as Starter<ServarrSimOptions, SonarrSimulator>,
  radarr: (async (opts, { roots }) => {
    const sim = await createRadarrSimulator({ apiKey: SIM_KEYS.radarr, disk: { media: roots.media, downloads: roots.downloads }, ...opts })
    return { sim, config: { MOVIE_MANAGER_URL: sim.url, MOVIE_MANAGER_API_KEY: opts.apiKey ?? SIM_KEYS.radarr }, close: sim.close }
  }) as Starter<ServarrSimOptions, RadarrSimulator>,
  prowlarr: (async (opts) => {
    const sim = await createProwlarrSimulator({ apiKey: SIM_KEYS.prowlarr, ...opts })
    return { sim, config: { INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: opts.apiKey ?? SIM_KEYS.prowlarr }, close: sim.close }
  }) as Starter<ProwlarrSimulatorOptions, ProwlarrSimulator>
}

export type Starters = typeof STARTERS
type SimOf<K extends keyof Starters> = Starters[K] extends Starter<any, infer S> ? S : never
type OptsOf<K extends keyof Starters> = Starters[K] extends Starter<infer O, any> ? O : never

/** Which simulators to start: true for defaults, or options for that simulator. */
export type SimRequest = { [K in keyof Starters]?: boolean | Partial<OptsOf<K>> }
export type SimSet<R extends SimRequest> = { [K in keyof R & keyof Starters]: SimOf<K> }

/** A ToolContext built from INTERNAL_PRINCIPAL, with no-op progress and log. */
export function toolContext (overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    principal: INTERNAL_PRINCIPAL,
    signal: new AbortController().signal,
    progress: async () => {},
    log: async () => {},
    ...overrides
  }
}
