// What one open 2025 session keeps on the heap. The app's resources, prompts and completions are registered
// once per app (plugins/mcp/bridge/shared-catalogue.ts), with the task methods and the subscribe capability; registered on every session's McpServer they cost ~9 KB more
// heap per session (3,000 sessions held 421 MB RSS in the bench). The bound catches that regression coming back,
// not a few hundred bytes.
import t from 'tap'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { buildTestApp } from '../../helpers/build.js'
import { listenMcp, openRawSession } from '../../helpers/mcp-client.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const SESSIONS = 300
const WARM_UP = 100
/** Heap per open session at most: ~13–15 KB now (most of it the SDK's own server, transport and handler records), ~24 KB before. */
const MAX_KB_PER_SESSION = 20

function heapAfterGc (): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

t.test('an open 2025 session keeps little heap', async t => {
  const { app } = await buildTestApp(t, { config: { MCP_RATE_LIMIT: 10_000 } })
  app.mcpSessions.configure({ perPrincipal: SESSIONS + WARM_UP, max: SESSIONS + WARM_UP })
  const url = await listenMcp(app)
  // Warm-up: the shared catalogue, and the optimizing compiler's code, which would otherwise count as sessions'.
  for (let i = 0; i < WARM_UP; i++) await openRawSession(url)
  const before = heapAfterGc()
  for (let i = 0; i < SESSIONS; i++) await openRawSession(url)
  const perSessionKb = (heapAfterGc() - before) / SESSIONS / 1024
  t.equal(app.mcpSessions.size, SESSIONS + WARM_UP, 'every session is still open')
  t.ok(perSessionKb <= MAX_KB_PER_SESSION, `${perSessionKb.toFixed(1)} KB of heap per session (at most ${MAX_KB_PER_SESSION})`)
})
