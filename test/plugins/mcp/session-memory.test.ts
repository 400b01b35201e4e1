// What one open 2025 session keeps on the heap, awake and hibernated. The app's resources, prompts and completions are registered
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
const WARM_UP = 300
/** Heap per open session at most: ~13–15 KB now (most of it the SDK's own server, transport and handler records), ~24 KB before. */
const MAX_KB_PER_SESSION = 20
/** Heap per hibernated session at most: ~1–2 KB (its id, owner, initialize request and counters). */
const MAX_KB_PER_HIBERNATED = 3

function heapAfterGc (): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

/** Opens `count` sessions after a warm-up; returns the heap each added (KB). */
async function heapPerSession (t: { teardown: (fn: () => unknown) => void, equal: (a: unknown, b: unknown, m: string) => void }, awake: number, count: number) {
  const { app } = await buildTestApp(t, { config: { MCP_RATE_LIMIT: 10_000 } })
  app.mcpSessions.configure({ perPrincipal: count + WARM_UP, max: count + WARM_UP, awake })
  const url = await listenMcp(app)
  // Warm-up: the shared catalogue, and the optimizing compiler's code, which would otherwise count as sessions'
  // (with 100 warm-up sessions, code compiled later still added ~4 KB per measured session).
  for (let i = 0; i < WARM_UP; i++) await openRawSession(url)
  const before = heapAfterGc()
  for (let i = 0; i < count; i++) await openRawSession(url)
  const perSessionKb = (heapAfterGc() - before) / count / 1024
  t.equal(app.mcpSessions.size, count + WARM_UP, 'every session is still open')
  return { app, perSessionKb }
}

t.test('an open 2025 session keeps little heap', async t => {
  const { perSessionKb } = await heapPerSession(t, SESSIONS + WARM_UP, SESSIONS)
  t.ok(perSessionKb <= MAX_KB_PER_SESSION, `${perSessionKb.toFixed(1)} KB of heap per awake session (at most ${MAX_KB_PER_SESSION})`)
})

t.test('a hibernated session keeps its record alone', async t => {
  // Beyond `awake` sessions the least recently used idle ones hibernate (plugins/mcp/http/session-store.ts).
  const { app, perSessionKb } = await heapPerSession(t, 10, SESSIONS)
  t.ok(app.mcpSessions.awake <= 10, `${app.mcpSessions.awake} sessions awake (at most 10)`)
  t.ok(perSessionKb <= MAX_KB_PER_HIBERNATED, `${perSessionKb.toFixed(1)} KB of heap per session (at most ${MAX_KB_PER_HIBERNATED})`)
})
