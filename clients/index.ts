// Every backend client, built from the configuration. The Fastify adapter (plugins/backends.ts) decorates
// the result onto the app; scripts and tests can build the same set without a server.
import type { Config } from '../config.js'
import { pathMapFor } from '../core/path-map.js'
import type { BackendClientBase, BackendDeps, BackendFactory, Backends } from './types.js'
import { servarrFactory } from './servarr/client.js'
import { mediaServerFactory } from './media-server/factory.js'
import { prowlarrFactory } from './prowlarr/client.js'
import { torrentFactory } from './torrent/client.js'
import { pyloadFactory } from './pyload/client.js'
import { aria2Factory } from './aria2/client.js'
import { instanceClients } from './instances.js'
// --- usenet
import { usenetFactory } from './usenet/index.js'
// --- requests (Seerr)
import { seerrFactory } from './seerr/client.js'

// Add one factory per client folder here.
const FACTORIES: BackendFactory[] = [servarrFactory, mediaServerFactory, prowlarrFactory, torrentFactory, pyloadFactory, aria2Factory, usenetFactory, instanceClients, seerrFactory]

export function createBackends (config: Config, deps: BackendDeps = {}): Backends {
  const backends: Record<string, BackendClientBase> = {}
  const clientDeps = { ...deps, pathMap: pathMapFor(config) }
  for (const factory of FACTORIES) Object.assign(backends, factory(config, clientDeps))
  return backends as unknown as Backends
}

/** Every configured client, for the background probe (health, dashboard) and closing. */
export function listBackends (backends: Backends): BackendClientBase[] {
  return Object.values(backends as unknown as Record<string, BackendClientBase>)
}
