// One client per backend service, decorated as app.backends.<name>. Each client file augments the
// Backends interface and adds its factory to FACTORIES; nothing else needs to change to add a backend.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { ProbeResult } from './http.js'
import { servarrFactory } from './servarr.js'
import { jellyfinBackend } from './jellyfin.js'
import { prowlarrBackend } from './prowlarr.js'
import { qbittorrentFactory } from './qbittorrent.js'
import { pyloadFactory } from './pyload.js'
import { aria2Factory } from './aria2.js'

/** Augmented by each client file: `declare module './index.js' { interface Backends { jellyfin: JellyfinClient } }`. */
export interface Backends {}

export interface BackendClientBase {
  /** Cheap reachability and version check, run in the background by the health plugin. */
  probe: () => Promise<ProbeResult>
  close?: () => Promise<void>
}

export type BackendFactory = (config: Config, app: FastifyInstance) => Partial<Record<keyof Backends, BackendClientBase>>

// Add one factory per client file here.
const FACTORIES: BackendFactory[] = [servarrFactory, jellyfinBackend, prowlarrBackend, qbittorrentFactory, pyloadFactory, aria2Factory]

declare module 'fastify' {
  interface FastifyInstance {
    backends: Backends
  }
}

export default fp(async function backendsPlugin (app) {
  const backends: Record<string, BackendClientBase> = {}
  for (const factory of FACTORIES) Object.assign(backends, factory(app.config, app))
  app.decorate('backends', backends as unknown as Backends)
  app.addHook('onClose', async () => {
    await Promise.allSettled(Object.values(backends).map(b => b.close?.()))
  })
}, { name: 'backends', dependencies: ['config'] })

/** Every configured client, for the background probe (health, dashboard). */
export function allBackends (app: FastifyInstance): BackendClientBase[] {
  return Object.values(app.backends as unknown as Record<string, BackendClientBase>)
}
