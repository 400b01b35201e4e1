// `npm run bench`: loopback load on the real app in child processes (bench/server.ts, with the MCP fast paths
// on and off), autocannon here. One run prints the MCP rows (tools/list and a light tools/call in both eras,
// each against a bare Fastify server in its own process sending the same bytes: bench/mcp-rows.ts), the
// session-initialize rate (a storm of 3000 initializes, each keeping its session), p50/p99, and RSS after the
// storm with a forced GC. The tool catalogue's size (model-visible and wire bytes) is checked against its byte targets.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { libraryScaleBench } from './library-scale.js'
import { mcpRow, mcpRowList, rowCheck, type McpServerUnderTest, type RowFigures } from './mcp-rows.js'
import { largeLibraryChecks } from './large-library.js'
import { readBurstChecks } from './read-burst.js'
import { sessionHeapChecks } from './session-heap.js'
import { trimRssChecks } from './trim-rss.js'
import { allocatorEnv, startFlags } from './start-flags.js'
import { catalogueChecks } from '../lib/tools/catalogue-size.js'

const KEY = randomBytes(24).toString('hex')
const CONNECTIONS = 20
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const STORM = 3000
const TARGETS = { rssMb: 200 }
/** Idle time after the session storm before RSS is read: the server's own idle trim (plugins/memory-trim.ts) runs within it. */
const SESSIONS_SETTLE_MS = Number(process.env.BENCH_SESSIONS_SETTLE_MS ?? 15_000)
// `node .bench-build/bench/run.js mcp [list|call] [2025|2026]` runs the MCP rows alone, optionally some of them
// (for profiling); `run.js sessions` the session storm and its memory alone; `run.js burst` the read burst's
// memory alone (BENCH_BURST_SECONDS sets its length); `run.js heap` the heap per open session alone.
const MCP_ONLY = process.argv[2] === 'mcp'
const SESSIONS_ONLY = process.argv[2] === 'sessions'
if (process.argv[2] === 'burst' || process.argv[2] === 'heap') {
  // The read burst and the session heap start their own server: nothing of this run's is needed.
  const checks = await (process.argv[2] === 'burst' ? readBurstChecks : sessionHeapChecks)(line => console.log(`  ${line}`))
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
  process.exit(checks.every(c => c.ok) ? 0 : 1)
}
const ROW_FILTER = process.argv.slice(3)

// The server runs compiled (npm run bench builds .bench-build first): a TypeScript loader would add its own memory to RSS.
// The server runs with `npm start`'s flags, as deployed (bench/start-flags.ts).
// BENCH_NODE_FLAGS adds flags for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)
const children: ChildProcess[] = []
const killChildren = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM') }
process.on('exit', killChildren)

/** Starts a bench process and waits for its "listening …" line; returns the line's words after "listening". */
async function startProcess (args: string[], env: Record<string, string>): Promise<{ child: ChildProcess, words: string[] }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...allocatorEnv(new URL('../../compose/Dockerfile', import.meta.url)), ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  const words = await new Promise<string[]>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n').find(l => l.startsWith('listening '))
      if (line) resolve(line.split(' ').slice(1))
    })
    child.once('exit', code => reject(new Error(`bench process ${args.at(-1)} exited (${code}) before listening`)))
  })
  return { child, words }
}

const serverArgs = [...startFlags(new URL('../../package.json', import.meta.url)), ...extraFlags, '--expose-gc', fileURLToPath(new URL('./server.js', import.meta.url))]
const { child, words: ready } = await startProcess(serverArgs, { INTERNAL_API_KEY: KEY, MCP_FAST_PATHS: 'on' })
const killChild = () => { if (child.exitCode === null) child.kill('SIGTERM') }
const [base, checkJobsTool, ceilingBytes, modelVisibleBytes, wireBytes] = ready
const mcp = `${base}/mcp`
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })

async function openSession (url = mcp): Promise<Record<string, string>> {
  const res = await fetch(url, { method: 'POST', headers: auth, body: INIT })
  await res.text()
  const sid = res.headers.get('mcp-session-id')
  if (!sid) throw new Error(`initialize failed: ${res.status}`)
  const headers = { ...auth, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }
  await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text()
  return headers
}

interface Figures { rps: number, p50: number, p99: number, bad: number }

async function load (title: string, opts: autocannon.Options): Promise<Figures> {
  // A short warm-up first so JIT and pools are settled before the measured run.
  if (opts.amount === undefined) await autocannon({ ...opts, duration: 1 })
  const r = await autocannon({ connections: CONNECTIONS, ...opts })
  const figures = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts }
  if (opts.amount !== undefined) figures.rps = Math.round(r.requests.total / (r.duration || 1))
  console.log(`${title.padEnd(34)} ${String(figures.rps).padStart(7)} rps   p50 ${figures.p50} ms   p99 ${figures.p99} ms${figures.bad ? `   ${figures.bad} failed` : ''}`)
  return figures
}

/** A process's user + system CPU time (ms), from /proc (Linux only: elsewhere the rows show rps alone). */
function cpuMsOf (process: ChildProcess): (() => number) | undefined {
  if (!existsSync('/proc/self/stat')) return undefined
  return () => {
    const fields = readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  }
}

async function memory () {
  const res = await fetch(`${base}/bench/memory`)
  return await res.json() as { rss: number, heapUsed: number, heapTotal: number, external: number, gc: boolean, sessions: number, awake: number, trims: number }
}

/** The MCP rows: a server with the fast paths off and the bare ceiling start beside the measured one. */
async function mcpRows (session: Record<string, string>): Promise<RowFigures[]> {
  const offServer = await startProcess(serverArgs, { INTERNAL_API_KEY: KEY, MCP_FAST_PATHS: 'off' })
  const ceiling = await startProcess([fileURLToPath(new URL('./ceiling-server.js', import.meta.url))], {})
  const fastPaths = (url: string) => async () => await (await fetch(`${url}/bench/fast-paths`)).json() as Record<string, number>
  const on: McpServerUnderTest = { base, session, fastPaths: fastPaths(base), cpuMs: cpuMsOf(child) }
  const offBase = offServer.words[0]
  const off: McpServerUnderTest = { base: offBase, session: await openSession(`${offBase}/mcp`), fastPaths: fastPaths(offBase), cpuMs: cpuMsOf(offServer.child) }
  const rows = mcpRowList(auth, checkJobsTool).filter(row => ROW_FILTER.every(word => row.slug.includes(word)))
  const figures: RowFigures[] = []
  try {
    for (const row of rows) figures.push(await mcpRow(row, { on, off, ceiling: ceiling.words[0], ceilingCpuMs: cpuMsOf(ceiling.child), seconds: SECONDS, load }))
  } finally {
    offServer.child.kill('SIGTERM')
    ceiling.child.kill('SIGTERM')
  }
  return figures
}

/**
 * 3000 initializes, each keeping its session, then RSS and heap with a forced GC: right after the storm, and
 * once the server has been idle long enough to give back the pages the storm freed (its idle trim), which is
 * the figure checked: what the open sessions hold, not what V8 keeps cached from the burst of initializes.
 */
async function sessionStorm (before: Awaited<ReturnType<typeof memory>>) {
  const init = await load(`initialize storm (${STORM} sessions)`, { url: mcp, method: 'POST', headers: auth, body: INIT, amount: STORM, connections: 10 })
  const right = await memory()
  await new Promise(resolve => setTimeout(resolve, SESSIONS_SETTLE_MS))
  const after = await memory()
  const rssMb = after.rss / 1024 / 1024
  const mb = (n: number) => (n / 1048576).toFixed(0)
  console.log(`RSS ${mb(before.rss)} MB before → ${mb(right.rss)} MB right after the storm → ${rssMb.toFixed(0)} MB after ${SESSIONS_SETTLE_MS / 1000} s idle (the server trimmed ${after.trims - right.trims} time${after.trims - right.trims === 1 ? '' : 's'}; heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB used of ${mb(after.heapTotal)} MB, external ${mb(after.external)} MB, ${after.sessions} open sessions of which ${after.awake} awake, forced GC: ${after.gc})`)
  return { init, after, rssMb }
}

/** The whole bench: the MCP rows, the session storm, library scale, large library, the read burst. */
async function everything (session: Record<string, string>, before: Awaited<ReturnType<typeof memory>>) {
  const rows = await mcpRows(session)
  const { init, after, rssMb } = await sessionStorm(before)
  const checks = [
    { name: `RSS after ${STORM} sessions ≤ ${TARGETS.rssMb} MB`, value: `${rssMb.toFixed(0)} MB`, ok: rssMb <= TARGETS.rssMb && init.bad === 0 && after.sessions >= STORM },
    ...rows.map(rowCheck),
    ...catalogueChecks({ modelVisible: Number(modelVisibleBytes), wire: Number(wireBytes) })
  ]
  killChild()
  // Library scale: the whole-library summary and manage_files list over 100 000 files, against find.
  console.log('library scale (100 000 files):')
  for (const r of await libraryScaleBench({ log: line => console.log(`  ${line}`) })) {
    checks.push({ name: `${r.name} within 2× of find`, value: `${r.ratio}×`, ok: r.withinGoal })
  }
  checks.push(...await largeLibraryChecks(line => console.log(`  ${line}`)))
  // Memory after 20 callers' reads: given back once the burst is over (`run.js burst` runs this part alone).
  checks.push(...await readBurstChecks(line => console.log(`  ${line}`)))
  // Heap per open session, awake and hibernated (`run.js heap` runs this part alone).
  checks.push(...await sessionHeapChecks(line => console.log(`  ${line}`)))
  // RSS the idle trim's collection gives back (moved from npm test: a machine's figure).
  checks.push(...await trimRssChecks(line => console.log(`  ${line}`)))
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
  process.exitCode = checks.every(c => c.ok) ? 0 : 1
}

try {
  const session = await openSession()
  const call = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: checkJobsTool, arguments: {} } })
  const probe = await (await fetch(mcp, { method: 'POST', headers: session, body: call })).text()
  if (!probe.includes('"result"') || probe.includes('"isError":true')) throw new Error(`${checkJobsTool} did not answer: ${probe.slice(0, 300)}`)
  const before = await memory()

  console.log(`mediastack-mcp bench: ${CONNECTIONS} connections, ${SECONDS} s per run, loopback; tools/list body ${ceilingBytes} B; check_jobs = ${checkJobsTool}`)
  if (MCP_ONLY) {
    const checks = (await mcpRows(session)).map(rowCheck)
    for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
    process.exitCode = checks.every(c => c.ok) ? 0 : 1
  } else if (SESSIONS_ONLY) {
    const { init, after, rssMb } = await sessionStorm(before)
    const ok = rssMb <= TARGETS.rssMb && init.bad === 0 && after.sessions >= STORM
    console.log(`${ok ? 'PASS' : 'FAIL'}  RSS after ${STORM} sessions ≤ ${TARGETS.rssMb} MB: ${rssMb.toFixed(0)} MB`)
    process.exitCode = ok ? 0 : 1
  } else {
    await everything(session, before)
  }
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
} finally {
  killChildren()
  if (child.exitCode === null) await once(child, 'exit')
}
