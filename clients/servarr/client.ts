// The series manager (Sonarr) and movie manager (Radarr) clients, decorated as app.backends.sonarr and
// app.backends.radarr. One shared Servarr core (servarr-core.ts) with a thin typed layer per service.
import type { Config } from '../../config.js'
import type { BackendFactory } from '../types.js'
import type { PathMap } from '../../core/path-map.js'
import type { TimerClock } from '../../core/timer-clock.js'
import { createSonarrClient, type SonarrClient } from './sonarr.js'
import { createRadarrClient, type RadarrClient } from './radarr.js'

export type { SonarrClient } from './sonarr.js'
export type { RadarrClient } from './radarr.js'

declare module '../types.js' {
  interface Backends {
    sonarr: SonarrClient
    radarr: RadarrClient
  }
}

export function servarrClients (config: Config, pathMap: PathMap, clock?: TimerClock) {
  return {
    sonarr: createSonarrClient({ baseUrl: config.SERIES_MANAGER_URL, apiKey: config.SERIES_MANAGER_API_KEY, urlVar: 'SERIES_MANAGER_URL', keyVar: 'SERIES_MANAGER_API_KEY', pathMap, clock }),
    radarr: createRadarrClient({ baseUrl: config.MOVIE_MANAGER_URL, apiKey: config.MOVIE_MANAGER_API_KEY, urlVar: 'MOVIE_MANAGER_URL', keyVar: 'MOVIE_MANAGER_API_KEY', pathMap, clock })
  }
}

export const servarrFactory: BackendFactory = (config, deps) => servarrClients(config, deps.pathMap, deps.clock)
