// The backend calls of one setup run, made lazily with the best key known at that moment (found during
// this run, else the running config's, else the stored one) and all closed when the run ends.
import {
  createJellyfinSetupCalls, createProwlarrSetupCalls, createServarrSetupCalls,
  type JellyfinSetupCalls, type ProwlarrSetupCalls, type ServarrSetupCalls
} from '../../clients/setup-calls.js'
import { pathMapFor } from '../../core/path-map.js'
import { KEY_VARS, type KeyedService, type RunState } from './types.js'

export const SERVICE_NAMES: Record<KeyedService, string> = { sonarr: 'Sonarr', radarr: 'Radarr', prowlarr: 'Prowlarr', jellyfin: 'Jellyfin' }

/** The key to use for a service now ('' when none is known). */
export function keyFor (state: RunState, service: KeyedService): string {
  const v = KEY_VARS[service]
  return state.found[service] || state.config[v] || state.stored[v] || ''
}

/** Why a step cannot run without this service's key, and how to get one. */
export function missingKey (state: RunState, service: KeyedService): string {
  const how = service === 'jellyfin'
    ? 'run the key.jellyfin step with a Jellyfin admin token or username and password'
    : `run the key.${service} step (reads ${service}/config.xml under the config root)`
  return `No ${SERVICE_NAMES[service]} API key is known: ${how}, or set ${KEY_VARS[service]}.`
}

export function createRunCalls (state: RunState) {
  const closers: Array<() => Promise<void>> = []
  const cache = new Map<string, unknown>()
  function once<T extends { close: () => Promise<void> }> (id: string, make: () => T): T {
    let c = cache.get(id) as T | undefined
    if (!c) {
      c = make()
      cache.set(id, c)
      closers.push(c.close)
    }
    return c
  }
  const { config } = state
  const pathMap = pathMapFor(config)
  return {
    /** Sonarr or Radarr with its current key, or undefined when no key is known. */
    servarr (service: 'sonarr' | 'radarr'): ServarrSetupCalls | undefined {
      const apiKey = keyFor(state, service)
      if (!apiKey) return undefined
      const sonarr = service === 'sonarr'
      return once(`${service}:${apiKey}`, () => createServarrSetupCalls({
        service: sonarr ? 'Sonarr' : 'Radarr',
        baseUrl: sonarr ? config.SERIES_MANAGER_URL : config.MOVIE_MANAGER_URL,
        apiKey,
        urlVar: sonarr ? 'SERIES_MANAGER_URL' : 'MOVIE_MANAGER_URL',
        keyVar: KEY_VARS[service],
        pathMap
      }))
    },
    prowlarr (): ProwlarrSetupCalls | undefined {
      const apiKey = keyFor(state, 'prowlarr')
      if (!apiKey) return undefined
      return once(`prowlarr:${apiKey}`, () => createProwlarrSetupCalls({ baseUrl: config.INDEXER_MANAGER_URL, apiKey }))
    },
    jellyfin: (): JellyfinSetupCalls => once('jellyfin', () => createJellyfinSetupCalls({ baseUrl: config.MEDIA_SERVER_URL, pathMap })),
    close: async () => { await Promise.allSettled(closers.map(c => c())) }
  }
}

export type RunCalls = ReturnType<typeof createRunCalls>
