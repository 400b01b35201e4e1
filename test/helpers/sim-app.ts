// The simulators a test can ask buildTestApp for (test/helpers/build.ts), one STARTERS entry each (start it, return
// the config it implies), and the tool context tests call tools with.
//
//   const { app, sims, ctx } = await buildTestApp(t, { sims: { jellyfin: true, prowlarr: true } })
//   const res = await app.tools.call('server_status', {}, ctx())
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import { createJellyfinSimulator, type JellyfinSimulator, type JellyfinSimulatorOptions } from '../../simulators/jellyfin/index.js'
import { createProwlarrSimulator, type ProwlarrSimulator, type ProwlarrSimulatorOptions } from '../../simulators/prowlarr/index.js'

/** Keys the simulators accept (fixed so failures are easy to read; never real secrets). */
export const SIM_KEYS = {
  jellyfin: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5',
  prowlarr: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6'
} as const

export interface Started<S> { sim: S, config: Record<string, unknown>, close: () => Promise<void> }
export type Starter<O, S> = (opts: Partial<O>) => Promise<Started<S>>

export const STARTERS = {
  jellyfin: (async (opts) => {
    const sim = await createJellyfinSimulator({ apiKey: SIM_KEYS.jellyfin, scanMs: 5, ...opts })
    return { sim, config: { MEDIA_SERVER_URL: sim.url, MEDIA_SERVER_API_KEY: opts.apiKey ?? SIM_KEYS.jellyfin }, close: sim.close }
  }) as Starter<JellyfinSimulatorOptions, JellyfinSimulator>,
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
