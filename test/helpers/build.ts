// The one way to build the tool server for a test: buildTestApp(t, options), from the same buildApp(config) the
// server uses, on fresh temp roots, closed in the test's teardown. Options add what a test needs:
//
//   await buildTestApp(t)                                            plain app, every backend at its default
//   await buildTestApp(t, { config: { PATH_MAP: '…' } })            settings (or (roots) => settings)
//   await buildTestApp(t, { build: { extraTools: [probe] } })       buildApp options (plugin seams)
//   await buildTestApp(t, { sims: { jellyfin: true } })             simulators, started and wired in (sims.jellyfin):
//                                                                    jellyfin, prowlarr, sonarr, radarr (sim-app.ts)
//   await buildTestApp(t, { web: true, listenPort: port })          the web surface, every backend on a closed port
//   await buildTestApp(t, { beforeBuild: roots => mkdirSync(…) })   files the test needs in the roots at start
//   await buildTestApp(t, { beforeReady: app => app.get(…) })       a test's own routes or hooks, added before ready
//   await buildTestApp(t, { roots, settings: demoConfig(…) })        a config built elsewhere, on the caller's roots
//   const again = await built.restart()                              a restarted server: same settings, roots, state
//
// Background backend probes stay off unless `probe: true` (they would resolve the default host names), and so does
// the library prefetch unless build.plugins.libraryPrefetch turns it on.
// startServarrStack (test/helpers/servarr-sims.ts) is this with the series and movie manager simulators.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildConfig, type Config } from '../../config.js'
import { buildApp, type BuildOptions } from '../../app.js'
import type { ToolCallResult, ToolContext } from '../../core/tool-types.js'
import { setSourceDeadline } from '../../core/deadline.js'
import { STARTERS, toolContext, type SimRequest, type SimSet, type Started, type Starter, type Starters } from './sim-app.js'
import { CLOSED_BACKENDS, registerWebSurface, type WebSurfaceOptions } from './web-app.js'

export const TEST_INTERNAL_KEY = 'test-internal-key-0123456789abcdef0123456789'

/**
 * The source deadline of every process that builds test apps (clients, dashboard sections, parts of a title's
 * state): on a loaded 2-core machine a simulator's first answer, when its contract validators compile, took longer
 * than the production 10 s. Tests that check a deadline give their own short one (a client built with deadlineMs,
 * or setSourceDeadline as test/core/source-deadline.test.ts does); none may wait on this one.
 */
export const TEST_SOURCE_DEADLINE_MS = 60_000
setSourceDeadline(TEST_SOURCE_DEADLINE_MS)

export interface TestRoots { base: string, media: string, downloads: string, state: string }

/** Fresh temp tree: media root with the four library folders, downloads root, state dir. Removed by cleanup(). */
export function makeRoots (): TestRoots & { cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-'))
  const roots = { base, media: join(base, 'data'), downloads: join(base, 'downloads'), state: join(base, 'state') }
  for (const d of ['movies', 'tv', 'anime', 'music']) mkdirSync(join(roots.media, d), { recursive: true })
  mkdirSync(roots.downloads, { recursive: true })
  mkdirSync(roots.state, { recursive: true })
  return { ...roots, cleanup: () => rmSync(base, { recursive: true, force: true }) }
}

export function testConfig (roots: TestRoots, overrides: Record<string, unknown> = {}): Config {
  return buildConfig({
    PORT: 0,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
    MEDIA_ROOT: roots.media,
    DOWNLOADS_ROOT: roots.downloads,
    STATE_DIR: roots.state,
    INTERNAL_API_KEY: TEST_INTERNAL_KEY,
    // CI runs the MCP tests a second time with MCP_FAST_PATHS=off (.ci/run).
    ...(process.env.MCP_FAST_PATHS !== undefined && { MCP_FAST_PATHS: process.env.MCP_FAST_PATHS }),
    ...overrides
  })
}

export interface TestAppOptions<R extends SimRequest = {}> extends WebSurfaceOptions {
  /** Settings applied last; a function gets the temp roots (to extend PATH_MAP, say). */
  config?: Record<string, unknown> | ((roots: TestRoots) => Record<string, unknown>)
  /** buildApp options (plugin seams such as the disk figures, extra tools). */
  build?: BuildOptions
  /**
   * Simulators to start (in this order) and point the app at. They see the library under /data and downloads under
   * /downloads, as in the compose stack: PATH_MAP then maps those to the temp roots.
   */
  sims?: R
  /** The web surface (dashboard, chat, OpenAPI, page) too; every backend on a closed port unless `config` sets it. */
  web?: boolean
  /** Listen on 127.0.0.1 at this port (browser tests; PUBLIC_URL follows); default: not listening (app.inject). */
  listenPort?: number
  /** Start the background backend probes (default off). */
  probe?: boolean
  /** Runs on the fresh temp roots before anything starts (files a test needs there at start: a damaged state file). */
  beforeBuild?: (roots: TestRoots) => unknown
  /** Runs on the built app before it is readied (routes or hooks a test adds; Fastify takes them only before ready). */
  beforeReady?: (app: FastifyInstance) => unknown
  /** Build on these roots (the caller's: made, filled and removed by the caller) instead of fresh temp roots. */
  roots?: TestRoots
  /** A complete config built elsewhere (the demo's demoConfig), used instead of testConfig's; `config` still applies. */
  settings?: Config
}

export interface TestApp<R extends SimRequest> {
  app: FastifyInstance
  config: Config
  roots: TestRoots
  sims: SimSet<R>
  /** A tool context for the internal principal (what the chat bot uses). */
  ctx: (overrides?: Partial<ToolContext>) => ToolContext
  /** Calls a tool through the registry as the internal principal. */
  call: (name: string, args?: Record<string, unknown>) => Promise<ToolCallResult>
  /**
   * A restarted server: closes this app and builds another on the same settings, roots and state dir (the
   * simulators keep running), with these buildApp options instead of the first ones if given.
   */
  restart: (build?: BuildOptions) => Promise<TestApp<R>>
}

/** Builds (and readies, or listens) an app on fresh roots; registers teardown with the tap test. */
export async function buildTestApp<R extends SimRequest = {}> (t: { teardown: (fn: () => unknown) => void }, opts: TestAppOptions<R> = {}): Promise<TestApp<R>> {
  const roots = opts.roots ?? makeRoots()
  const started: Array<Started<unknown>> = []
  let closing: Promise<void> | undefined
  const close = async () => await (closing ??= (async () => {
    await Promise.allSettled(started.map(s => s.close()))
    if (!opts.roots) rmSync(roots.base, { recursive: true, force: true })
  })())
  try {
    await opts.beforeBuild?.(roots)
    const sims: Record<string, unknown> = {}
    let simConfig: Record<string, unknown> = {}
    for (const [name, want] of Object.entries(opts.sims ?? {})) {
      if (!want) continue
      const starter = STARTERS[name as keyof Starters] as Starter<unknown, unknown> | undefined
      if (!starter) throw new Error(`No simulator starter for ${name}; add one to STARTERS in test/helpers/sim-app.ts`)
      const s = await starter(want === true ? {} : want as Partial<unknown>, { roots, sims })
      started.push(s)
      sims[name] = s.sim
      simConfig = { ...simConfig, ...s.config }
    }
    const overrides = {
      ...(opts.web ? CLOSED_BACKENDS : {}),
      ...(started.length > 0 ? { PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads}` } : {}),
      ...simConfig,
      ...(opts.listenPort ? { PUBLIC_URL: `http://127.0.0.1:${opts.listenPort}`, PORT: opts.listenPort } : {}),
      ...(typeof opts.config === 'function' ? opts.config(roots) : opts.config)
    }
    const config = !opts.settings ? testConfig(roots, overrides) : Object.keys(overrides).length > 0 ? buildConfig({ ...opts.settings, ...overrides }) : opts.settings
    t.teardown(close)
    const start = async (build: BuildOptions | undefined): Promise<TestApp<R>> => {
      const app = await buildApp(config, {
        logger: false,
        ...build,
        plugins: {
          ...(opts.probe ? {} : { backendProbe: { autoStart: false } }),
          // The start-up prefetch of the library lists (plugins/library-prefetch.ts) would add reads the tests count.
          libraryPrefetch: { autoStart: false },
          ...build?.plugins,
          ...(opts.web ? { dashboard: opts.dashboard, chat: opts.chat } : {})
        }
      })
      // tap runs teardowns last in, first out: every app closes before the simulators and roots go.
      let closed: Promise<void> | undefined
      const closeApp = async () => await (closed ??= app.close())
      t.teardown(closeApp)
      if (opts.web) await registerWebSurface(app, opts)
      await opts.beforeReady?.(app)
      if (opts.listenPort) await app.listen({ host: '127.0.0.1', port: opts.listenPort })
      else await app.ready()
      const call = (name: string, args: Record<string, unknown> = {}) => app.tools.call(name, args, toolContext())
      const restart = async (next?: BuildOptions) => { await closeApp(); return await start(next ?? build) }
      return { app, config, roots, sims: sims as SimSet<R>, ctx: toolContext, call, restart }
    }
    return await start(opts.build)
  } catch (err) {
    await close()
    throw err
  }
}
