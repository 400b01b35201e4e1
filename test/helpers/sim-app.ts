// Starts the simulators a test asks for and builds the tool server pointed at them, on fresh temp roots.
// Generic on purpose: each simulator is one STARTERS entry (start it, return the config it implies), so
// adding Sonarr, Radarr or pyLoad is one more entry.
//
//   const { app, sims, ctx } = await startSims(t, { jellyfin: true, prowlarr: true })
//   const res = await app.tools.call('server_status', {}, ctx())
import type { FastifyInstance } from 'fastify'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import type { BuildOptions } from '../../app.js'
import { buildApp } from '../../app.js'
import type { Config } from '../../config.js'
import { createJellyfinSimulator, type JellyfinSimulator, type JellyfinSimulatorOptions } from '../../simulators/jellyfin/index.js'
import { createPlexSimulator, type PlexSimulator, type PlexSimulatorOptions } from '../../simulators/plex/index.js'
import { createProwlarrSimulator, type ProwlarrSimulator, type ProwlarrSimulatorOptions } from '../../simulators/prowlarr/index.js'
import { makeRoots, testConfig, type TestRoots } from './build.js'

/** Keys the simulators accept (fixed so failures are easy to read; never real secrets). */
export const SIM_KEYS = {
  jellyfin: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5',
  prowlarr: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  plex: 'plex-sim-token-4b5c6d7e8f9a'
} as const

interface Started<S> { sim: S, config: Record<string, unknown>, close: () => Promise<void> }
type Starter<O, S> = (opts: Partial<O>, roots: TestRoots) => Promise<Started<S>>

const STARTERS = {
  jellyfin: (async (opts) => {
    const sim = await createJellyfinSimulator({ apiKey: SIM_KEYS.jellyfin, scanMs: 5, ...opts })
    return { sim, config: { MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: opts.apiKey ?? SIM_KEYS.jellyfin }, close: sim.close }
  }) as Starter<JellyfinSimulatorOptions, JellyfinSimulator>,
  plex: (async (opts) => {
    const sim = await createPlexSimulator({ token: SIM_KEYS.plex, scanMs: 5, ...opts })
    return { sim, config: { MEDIA_SERVER_TYPE: 'plex', MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_TOKEN: opts.token ?? SIM_KEYS.plex }, close: sim.close }
  }) as Starter<PlexSimulatorOptions, PlexSimulator>,
  prowlarr: (async (opts) => {
    const sim = await createProwlarrSimulator({ apiKey: SIM_KEYS.prowlarr, ...opts })
    return { sim, config: { INDEXER_MANAGER_URL: sim.url, INDEXER_MANAGER_API_KEY: opts.apiKey ?? SIM_KEYS.prowlarr }, close: sim.close }
  }) as Starter<ProwlarrSimulatorOptions, ProwlarrSimulator>
}

type Starters = typeof STARTERS
type SimOf<K extends keyof Starters> = Starters[K] extends Starter<any, infer S> ? S : never
type OptsOf<K extends keyof Starters> = Starters[K] extends Starter<infer O, any> ? O : never

/** Which simulators to start: true for defaults, or options for that simulator. */
export type SimRequest = { [K in keyof Starters]?: boolean | Partial<OptsOf<K>> }
export type SimSet<R extends SimRequest> = { [K in keyof R & keyof Starters]: SimOf<K> }

export interface SimApp<R extends SimRequest> {
  app: FastifyInstance
  config: Config
  roots: TestRoots
  sims: SimSet<R>
  /** A tool context for the internal principal (what the chat bot uses). */
  ctx: (overrides?: Partial<ToolContext>) => ToolContext
}

export interface StartOptions {
  /** Config overrides applied last (e.g. a wrong key: { MEDIA_SERVER_API_KEY: 'wrong' }). */
  config?: Record<string, unknown>
  build?: BuildOptions
}

/**
 * Starts the requested simulators, then builds and readies the app with their URLs and keys, on temp roots.
 * PATH_MAP defaults to `/data=<temp media root>`: the simulators see the library under /data like the real stack.
 * Everything is closed in the test's teardown.
 */
export async function startSims<R extends SimRequest> (t: { teardown: (fn: () => unknown) => void }, request: R, options: StartOptions = {}): Promise<SimApp<R>> {
  const roots = makeRoots()
  const started: Array<Started<unknown>> = []
  const sims: Record<string, unknown> = {}
  let simConfig: Record<string, unknown> = {}
  try {
    for (const [name, want] of Object.entries(request)) {
      if (!want) continue
      const starter = STARTERS[name as keyof Starters] as Starter<unknown, unknown> | undefined
      if (!starter) throw new Error(`No simulator starter for ${name}; add one to STARTERS in test/helpers/sim-app.ts`)
      const s = await starter(want === true ? {} : want as Partial<unknown>, roots)
      started.push(s)
      sims[name] = s.sim
      simConfig = { ...simConfig, ...s.config }
    }
    const config = testConfig(roots, { PATH_MAP: `/data=${roots.media}`, ...simConfig, ...options.config })
    const app = await buildApp(config, { logger: false, ...options.build })
    await app.ready()
    t.teardown(async () => {
      await app.close()
      await Promise.allSettled(started.map(s => s.close()))
      roots.cleanup()
    })
    return { app, config, roots, sims: sims as SimSet<R>, ctx: toolContext }
  } catch (err) {
    await Promise.allSettled(started.map(s => s.close()))
    roots.cleanup()
    throw err
  }
}

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
