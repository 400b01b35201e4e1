// The backend calls of one setup run, made lazily with the best key known at that moment (found during
// this run, else the running config's, else the stored one) and all closed when the run ends.
import {
  createJellyfinSetupCalls, createProwlarrSetupCalls, createServarrSetupCalls,
  type JellyfinSetupCalls, type ProwlarrSetupCalls, type ServarrSetupCalls
} from '../../clients/setup-calls.js'
import { pathMapFor } from '../../core/path-map.js'
import { KEY_VARS, type KeyedService, type ManagerTarget, type RunState } from './types.js'

export const SERVICE_NAMES: Record<KeyedService, string> = { sonarr: 'Sonarr', radarr: 'Radarr', prowlarr: 'Prowlarr', jellyfin: 'Jellyfin' }

/** The key to use for a service now ('' when none is known). */
export function keyFor (state: RunState, service: KeyedService): string {
  const v = KEY_VARS[service]
  return state.found[service] || state.config[v] || state.stored[v] || ''
}

/** The default Sonarr or Radarr (SERIES_MANAGER_URL, MOVIE_MANAGER_URL) with the best key known now. */
export function defaultTarget (state: RunState, service: 'sonarr' | 'radarr'): ManagerTarget {
  const sonarr = service === 'sonarr'
  return {
    service,
    instance: 'default',
    label: SERVICE_NAMES[service],
    baseUrl: sonarr ? state.config.SERIES_MANAGER_URL : state.config.MOVIE_MANAGER_URL,
    apiKey: keyFor(state, service),
    urlVar: sonarr ? 'SERIES_MANAGER_URL' : 'MOVIE_MANAGER_URL',
    keyVar: KEY_VARS[service]
  }
}

/** Why a step for this manager cannot run without its key. Extra instances have no key step: their key is configured. */
export function missingTargetKey (state: RunState, target: ManagerTarget): string {
  return target.instance === 'default' ? missingKey(state, target.service) : `No API key for ${target.label}: set ${target.keyVar} (Settings → General in that ${SERVICE_NAMES[target.service]}).`
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
  /** One Sonarr or Radarr instance, or undefined when its key is not known. */
  function servarrAt (target: ManagerTarget): ServarrSetupCalls | undefined {
    const { apiKey, baseUrl, urlVar, keyVar } = target
    if (!apiKey) return undefined
    return once(`${target.service}@${target.instance}:${apiKey}`, () => createServarrSetupCalls({
      service: target.service === 'sonarr' ? 'Sonarr' : 'Radarr', baseUrl, apiKey, urlVar, keyVar, pathMap
    }))
  }
  return {
    /** The default Sonarr or Radarr with its current key, or undefined when no key is known. */
    servarr (service: 'sonarr' | 'radarr'): ServarrSetupCalls | undefined {
      return servarrAt(defaultTarget(state, service))
    },
    servarrAt,
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
