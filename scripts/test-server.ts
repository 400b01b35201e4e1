// A throwaway server for the MCP conformance suites: the real app with a known INTERNAL_API_KEY and the
// suites' fixtures (registry tools, raw protocol tools, resources, prompts), on 127.0.0.1, with temp
// media/downloads/state roots removed on exit.
// Env: PORT (default 0 = any free port), INTERNAL_API_KEY (required). Prints "listening <url>" when ready.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildConfig } from '../config.js'
import { buildApp } from '../app.js'
import { conformanceTools } from '../test/helpers/conformance-tools.js'
import { conformanceFeatures } from '../test/helpers/conformance-features.js'
import { conformanceTaskTools, type TaskFixtureHost } from '../test/helpers/conformance-task-tools.js'

const key = process.env.INTERNAL_API_KEY ?? ''
if (key.length < 16) {
  console.error('test-server: set INTERNAL_API_KEY (at least 16 characters)')
  process.exit(2)
}
const port = Number(process.env.PORT ?? 0)
const base = mkdtempSync(join(tmpdir(), 'msmcp-conf-'))
for (const d of ['data/movies', 'data/tv', 'data/anime', 'data/music', 'downloads', 'state']) mkdirSync(join(base, d), { recursive: true })

const config = buildConfig({
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  MEDIA_ROOT: join(base, 'data'),
  DOWNLOADS_ROOT: join(base, 'downloads'),
  STATE_DIR: join(base, 'state'),
  INTERNAL_API_KEY: key,
  // scripts/conformance.sh runs the suites with the fast paths on and off.
  MCP_FAST_PATHS: process.env.MCP_FAST_PATHS ?? 'on'
})
const taskHost: TaskFixtureHost = {}
const app = await buildApp(config, { extraTools: [...conformanceTools, ...conformanceTaskTools(taskHost)], plugins: { mcp: { extraFeatures: conformanceFeatures } } })
taskHost.app = app
const address = await app.listen({ port, host: '127.0.0.1' })
console.log(`listening ${address}`)

let closing = false
async function shutdown () {
  if (closing) return
  closing = true
  await app.close().catch(() => {})
  rmSync(base, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
