// A Plex Media Server simulator for tests and the demo: a small Fastify app on 127.0.0.1 over the same seeded media
// world as the Jellyfin simulator, answering XML by default and JSON on Accept: application/json, paging with the
// X-Plex-Container-* headers, scanning in the background, and 401 for a missing or wrong X-Plex-Token.
// Plex is closed source: every route cites Plex's published API description and python-plexapi
// (simulators/fidelity/plex.ts).
import Fastify from 'fastify'
import { createHash } from 'node:crypto'
import { attachFaults, type FaultSwitch } from '../faults.js'
import { attachRequestLog, type RequestLog } from '../request-log.js'
import { attachRouteList } from '../route-list.js'
import { listenLocal } from '../shared-http.js'
import { defaultSeedLibrary, generateLibrary, type SeedLibrary } from '../fixtures/library.js'
import { createJellyfinState, type JellyfinState } from '../jellyfin/state.js'
import { registerPlexLibraryRoutes } from './routes.js'
import { registerPlexStatusRoutes, type PlexFeatures } from './status-routes.js'
import { createPlexWorld, type PlexWorld } from './world.js'
import { createShares, type PlexShares, type SimShare } from './shares.js'

export { PLEX_VERSION } from './status-routes.js'

export interface PlexSimulatorOptions {
  /** The X-Plex-Token the simulator accepts (the server owner's). */
  token: string
  seed?: number
  library?: SeedLibrary
  /** How long a library scan takes (ms, default 30). */
  scanMs?: number
  port?: number
  pathExists?: (path: string) => boolean
  fileExists?: (path: string) => boolean
  discover?: () => SeedLibrary
}

export interface PlexSimulator {
  url: string
  /** The shared media world (items, libraries, users, sessions) the routes render. */
  state: JellyfinState
  /** Plex's names for it: ratingKeys, section keys, accounts and the play history. */
  world: PlexWorld
  /** Kept for symmetry with the other simulators: no OpenAPI check runs here (Plex publishes no contract file we carry). */
  violations: string[]
  faults: FaultSwitch
  requests: RequestLog
  /** What this server allows; a test turns a feature off to see the server without it (Plex Pass features). */
  features: PlexFeatures
  /** Users the server is shared with, each with their own token and restrictions (a plex.tv simulator lists them). */
  shares: PlexShares
  machineIdentifier: string
  close: () => Promise<void>
}

/** Anonymous routes: the identity answers without a token (spec : 1214-1240, no security on the route). */
const ANONYMOUS = new Set(['/identity'])
/** What a shared user's token may read here: the server and its library (the rest is the owner's). */
const SHARED_READS = (method: string, path: string) => method === 'GET' && (path === '/' || (path.startsWith('/library/') && !path.endsWith('/refresh')))

export async function createPlexSimulator (opts: PlexSimulatorOptions): Promise<PlexSimulator> {
  const library = opts.library ?? (opts.seed === undefined || opts.seed === 1 ? defaultSeedLibrary() : generateLibrary({ seed: opts.seed }))
  const state = createJellyfinState(library)
  const world = createPlexWorld(state)
  const app = Fastify({ logger: false })
  const timers = new Set<NodeJS.Timeout>()
  app.addHook('onClose', async () => { for (const t of timers) clearTimeout(t) })
  const faults = attachFaults(app)
  const requests = attachRequestLog(app)
  attachRouteList(app, 'Plex')
  const shares = createShares(world)
  const viewers = new WeakMap<object, SimShare>()
  // The token rides in the X-Plex-Token header or query parameter (spec : 13492-13506; plexapi/server.py : 164-170);
  // without the right one the server answers 401 (plexapi/server.py : 750-772 raises Unauthorized on it). A shared
  // user's own token reads the library as that user (shares.ts).
  app.addHook('onRequest', async (req, reply) => {
    const url = new URL(req.url, 'http://sim')
    if (ANONYMOUS.has(url.pathname)) return
    const token = req.headers['x-plex-token'] ?? url.searchParams.get('X-Plex-Token')
    if (token === opts.token) return
    const share = typeof token === 'string' ? shares.byToken(token) : undefined
    if (share && SHARED_READS(req.method, url.pathname)) { viewers.set(req, share); return }
    return reply.code(401).type('text/html').send('<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>')
  })
  const machineIdentifier = createHash('md5').update('plex-sim').digest('hex')
  const features: PlexFeatures = { stopPlayback: true }
  registerPlexStatusRoutes(app, world, machineIdentifier, features)
  registerPlexLibraryRoutes(app, world, { sees: (req, item) => shares.sees(viewers.get(req), item), scanMs: opts.scanMs ?? 30, timers, pathExists: opts.pathExists, fileExists: opts.fileExists, discover: opts.discover })
  const url = await listenLocal(app, opts.port)
  return { url, state, world, violations: [], faults, requests, features, shares, machineIdentifier, close: () => app.close() }
}
