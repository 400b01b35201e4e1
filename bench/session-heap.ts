// Heap per open 2025 MCP session, awake and hibernated: the real app (buildApp) in this process, 300 sessions
// opened after 300 warm-up ones, forced GCs before and after. These figures moved here from npm test (issue 39):
// on a loaded machine the same code read 20.1 and 20.7 KB against a 20 KB bound, and a figure that depends on
// the machine's load cannot decide whether the suite is green. test/plugins/mcp/session-memory.test.ts keeps
// what does not depend on it (every session stays open; beyond `awake` the idle ones hibernate).
//
// The targets: the app's resources, prompts and completions are registered once per app
// (plugins/mcp/bridge/shared-catalogue.ts); registered on every session's McpServer they cost ~9 KB more heap per
// session (~24 KB, and 3,000 sessions held 421 MB RSS). An awake session holds ~13–15 KB (most of it the SDK's
// own server, transport and handler records), a hibernated one ~1–2 KB (its id, owner, initialize request and
// counters: plugins/mcp/http/session-store.ts).
//
//   npm run bench (part of the whole run)   or   node .bench-build/bench/run.js heap
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { buildConfig } from '../config.js'
import { buildApp } from '../app.js'

export const SESSION_HEAP_TARGETS = { awakeKb: 20, hibernatedKb: 3 }
const SESSIONS = 300
/** The shared catalogue and the optimizing compiler's code, which would otherwise count as sessions' (with 100, code compiled later still added ~4 KB per session). */
const WARM_UP = 300
const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapAfterGc (): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

/** Opens the sessions on a fresh app keeping `awake` of them awake; the heap each measured session added (KB). */
async function heapPerSession (awake: number): Promise<{ kb: number, open: number, awakeNow: number }> {
  const base = mkdtempSync(join(tmpdir(), 'msmcp-bench-heap-'))
  for (const d of ['data', 'downloads', 'state']) mkdirSync(join(base, d), { recursive: true })
  const key = randomBytes(24).toString('hex')
  const app = await buildApp(buildConfig({
    PORT: 0,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'error',
    MCP_RATE_LIMIT: Number.MAX_SAFE_INTEGER,
    MEDIA_ROOT: join(base, 'data'),
    DOWNLOADS_ROOT: join(base, 'downloads'),
    STATE_DIR: join(base, 'state'),
    INTERNAL_API_KEY: key
  }))
  try {
    app.mcpSessions.configure({ perPrincipal: SESSIONS + WARM_UP, max: SESSIONS + WARM_UP, awake })
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/mcp`
    const open = async () => {
      const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: INIT })
      await res.text()
      if (res.status !== 200 || !res.headers.get('mcp-session-id')) throw new Error(`initialize failed: ${res.status}`)
    }
    for (let i = 0; i < WARM_UP; i++) await open()
    const before = heapAfterGc()
    for (let i = 0; i < SESSIONS; i++) await open()
    return { kb: (heapAfterGc() - before) / SESSIONS / 1024, open: app.mcpSessions.size, awakeNow: app.mcpSessions.awake }
  } finally {
    await app.close()
    rmSync(base, { recursive: true, force: true })
  }
}

/** The two figures as the bench runner's PASS/FAIL checks. */
export async function sessionHeapChecks (log: (line: string) => void) {
  console.log(`heap per open 2025 session (${SESSIONS} sessions after ${WARM_UP} warm-up, forced GC):`)
  const awake = await heapPerSession(SESSIONS + WARM_UP)
  log(`awake: ${awake.kb.toFixed(1)} KB per session (${awake.open} open, ${awake.awakeNow} awake)`)
  const hibernated = await heapPerSession(10)
  log(`hibernated: ${hibernated.kb.toFixed(1)} KB per session (${hibernated.open} open, ${hibernated.awakeNow} awake)`)
  const all = SESSIONS + WARM_UP
  return [
    { name: `heap per awake session ≤ ${SESSION_HEAP_TARGETS.awakeKb} KB`, value: `${awake.kb.toFixed(1)} KB`, ok: awake.kb <= SESSION_HEAP_TARGETS.awakeKb && awake.open === all },
    { name: `heap per hibernated session ≤ ${SESSION_HEAP_TARGETS.hibernatedKb} KB`, value: `${hibernated.kb.toFixed(1)} KB`, ok: hibernated.kb <= SESSION_HEAP_TARGETS.hibernatedKb && hibernated.open === all && hibernated.awakeNow <= 10 }
  ]
}
