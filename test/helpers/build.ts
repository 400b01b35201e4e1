// Builds an app for a test from the same buildApp(config) the server uses, on fresh temp roots.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildConfig, type Config } from '../../config.js'
import { buildApp, type BuildOptions } from '../../app.js'

export const TEST_INTERNAL_KEY = 'test-internal-key-0123456789abcdef0123456789'

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

/** Builds (and readies) an app on fresh roots; registers teardown with the tap test. */
export async function buildTestApp (t: { teardown: (fn: () => unknown) => void }, overrides: Record<string, unknown> = {}, options: BuildOptions = {}) {
  const roots = makeRoots()
  const config = testConfig(roots, overrides)
  // No background backend probes unless a test asks: they would resolve the default host names.
  const app = await buildApp(config, { logger: false, ...options, plugins: { backendProbe: { autoStart: false }, ...options.plugins } })
  await app.ready()
  t.teardown(async () => { await app.close(); roots.cleanup() })
  return { app, config, roots }
}
