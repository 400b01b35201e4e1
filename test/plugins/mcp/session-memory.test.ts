// What open 2025 sessions keep: every one stays open, and beyond `awake` the least recently used idle ones
// hibernate (plugins/mcp/http/session-store.ts). The heap each keeps, awake (~13–15 KB) and hibernated (~1–2 KB),
// is a figure of the machine's load as much as of the code: `npm run bench` measures it against its targets
// (bench/session-heap.ts), not npm test, where a loaded machine read 20.7 KB against a 20 KB bound (issue 39).
import t from 'tap'
import { buildTestApp } from '../../helpers/build.js'
import { listenMcp, openRawSession } from '../../helpers/mcp-client.js'

const SESSIONS = 40

/** Opens `count` sessions on an app that keeps `awake` of them awake. */
async function openSessions (t: { teardown: (fn: () => unknown) => void }, awake: number, count: number) {
  const { app } = await buildTestApp(t, { config: { MCP_RATE_LIMIT: 10_000 } })
  app.mcpSessions.configure({ perPrincipal: count, max: count, awake })
  const url = await listenMcp(app)
  for (let i = 0; i < count; i++) await openRawSession(url)
  return app
}

t.test('open 2025 sessions all stay open while awake', async t => {
  const app = await openSessions(t, SESSIONS, SESSIONS)
  t.equal(app.mcpSessions.size, SESSIONS, 'every session is still open')
  t.equal(app.mcpSessions.awake, SESSIONS, 'and awake')
})

t.test('beyond `awake`, idle sessions hibernate and stay open', async t => {
  const app = await openSessions(t, 10, SESSIONS)
  t.equal(app.mcpSessions.size, SESSIONS, 'every session is still open')
  t.ok(app.mcpSessions.awake <= 10, `${app.mcpSessions.awake} sessions awake (at most 10)`)
})
