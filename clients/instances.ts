// The extra instances of the series manager, movie manager and torrent client (core/instance-config.ts), each
// its own client (own connection, circuit breaker and list cache), named "<backend>@<instance>" in the backend
// set so the probe lists each one, with the instance in its service name ("Sonarr (anime)").
import type { Config } from '../config.js'
import type { BackendClientBase, ClientDeps } from './types.js'
import { createSonarrClient } from './servarr/sonarr.js'
import { createRadarrClient } from './servarr/radarr.js'
import { createTorrentClient } from './torrent/client.js'
import { createUsenetClient } from './usenet/index.js'
import { DEFAULT_INSTANCE, INSTANCE_KINDS, type InstanceKindName, type InstanceSettings, type TorrentClientType } from '../core/instance-config.js'

/** The backend entry each kind of instance stands in for. */
export const BACKEND_OF = { series: 'sonarr', movies: 'radarr', torrents: 'torrent', usenet: 'usenet' } as const satisfies Record<InstanceKindName, string>

export const instanceKey = (kind: InstanceKindName, name: string) => name === DEFAULT_INSTANCE ? BACKEND_OF[kind] : `${BACKEND_OF[kind]}@${name}`

function build (kind: InstanceKindName, i: InstanceSettings, config: Config, deps: ClientDeps): BackendClientBase {
  const v = (s: string) => `${INSTANCE_KINDS[kind].prefix}_${i.name.toUpperCase()}_${s}`
  const servarr = { baseUrl: i.url, apiKey: i.settings.API_KEY ?? '', urlVar: v('URL'), keyVar: v('API_KEY'), pathMap: deps.pathMap, clock: deps.clock }
  if (kind === 'series') return createSonarrClient(servarr)
  if (kind === 'movies') return createRadarrClient(servarr)
  if (kind === 'usenet') return createUsenetClient({ type: i.settings.TYPE ?? '', url: i.url, apiKey: i.settings.API_KEY ?? '', username: i.settings.USERNAME ?? '', password: i.settings.PASSWORD ?? '' }, deps.pathMap, v)
  const type = (i.settings.TYPE || config.TORRENT_CLIENT_TYPE) as TorrentClientType
  return createTorrentClient(type, { url: i.url, username: i.settings.USERNAME || 'admin', password: i.settings.PASSWORD ?? '', downloadsRoot: config.DOWNLOADS_ROOT, pathMap: deps.pathMap })
}

/** The probe and the cache name the instance, so /health and the dashboard show "Sonarr (anime)" beside "Sonarr". */
function named<C extends BackendClientBase> (client: C, name: string): C {
  const cache = client.cache
  return {
    ...client,
    probe: async () => { const r = await client.probe(); return { ...r, service: `${r.service} (${name})` } },
    ...(cache && { cache: { ...cache, stats: () => { const st = cache.stats(); return { ...st, instance: `${st.instance} (${name})` } } } })
  }
}

export function instanceClients (config: Config, deps: ClientDeps): Record<string, BackendClientBase> {
  const out: Record<string, BackendClientBase> = {}
  for (const kind of Object.keys(BACKEND_OF) as InstanceKindName[]) {
    for (const i of config.instances?.[kind] ?? []) out[instanceKey(kind, i.name)] = named(build(kind, i, config, deps), i.name)
  }
  return out
}

/** The extra instances' secrets, for the redactors (a client type names a product, not a secret). */
export function instanceSecrets (config: Config): string[] {
  return Object.values(config.instances ?? {}).flat().flatMap(i => Object.entries(i.settings)).flatMap(([k, s]) => k === 'TYPE' || s === '' ? [] : [s])
}
