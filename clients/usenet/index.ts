// The Usenet client the configuration names (USENET_CLIENT_TYPE): SABnzbd or NZBGet behind one contract
// (./types.ts). None when the type is unset: app.backends.usenet is then absent and nothing reads it.
import type { Config } from '../../config.js'
import type { PathMap } from '../../core/path-map.js'
import type { ClientDeps } from '../types.js'
import { createNzbgetClient } from './nzbget.js'
import { createSabnzbdClient } from './sabnzbd.js'
import type { UsenetClient } from './types.js'

export type { UsenetClient, UsenetItem, UsenetState, UsenetFailure } from './types.js'

export interface UsenetClientSettings { type: string, url: string, apiKey: string, username: string, password: string }

/** One client; `v(setting)` names its variables in errors (USENET_CLIENT_URL, USENET_CLIENT_NEWS_URL...). */
export function createUsenetClient (s: UsenetClientSettings, pathMap: PathMap, v: (setting: string) => string = k => `USENET_CLIENT_${k}`): UsenetClient {
  if (s.type.toLowerCase() === 'sabnzbd') return createSabnzbdClient({ url: s.url, apiKey: s.apiKey, pathMap, vars: { url: v('URL'), key: v('API_KEY') } })
  return createNzbgetClient({ url: s.url, username: s.username, password: s.password, pathMap, vars: { url: v('URL'), credentials: `${v('USERNAME')} and ${v('PASSWORD')}` } })
}

export function usenetFactory (config: Config, deps: ClientDeps): { usenet?: UsenetClient } {
  if (config.USENET_CLIENT_TYPE === '') return {}
  return {
    usenet: createUsenetClient({
      type: config.USENET_CLIENT_TYPE,
      url: config.USENET_CLIENT_URL,
      apiKey: config.USENET_CLIENT_API_KEY,
      username: config.USENET_CLIENT_USERNAME,
      password: config.USENET_CLIENT_PASSWORD
    }, deps.pathMap)
  }
}
