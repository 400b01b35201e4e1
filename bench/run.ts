// `npm run bench`: loopback load on the real app in a child process (bench/server.ts), autocannon here.
// One run prints the raw Fastify ceiling (a JSON reply the size of tools/list), tools/list and check_jobs
// over a 2025 session, the session-initialize rate (a storm of 3000 initializes, each keeping its session),
// p50/p99, and RSS after the storm with a forced GC. Targets are ratios to the ceiling of this same run; the tool
// catalogue's size (model-visible and wire bytes) is checked against its byte targets.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { libraryScaleBench } from './library-scale.js'
import { LIGHT_CALL_TARGET, lightCallBench, modernCall, type LightCallFigures } from './light-call.js'
import { largeLibraryChecks } from './large-library.js'
import { readBurstChecks } from './read-burst.js'
import { startFlags } from './start-flags.js'
import { catalogueChecks } from '../lib/tools/catalogue-size.js'

const KEY = randomBytes(24).toString('hex')
const CONNECTIONS = 20
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const STORM = 3000
const TARGETS = { toolsList: 0.10, checkJobs: 0.10, rssMb: 200 }
// `node .bench-build/bench/run.js light [2025|2026]` runs the light-call part alone, optionally one era (for
// profiling); `run.js sessions` the session storm and its memory alone; `run.js burst` the read burst's memory
// alone (BENCH_BURST_SECONDS sets its length).
const LIGHT_ONLY = process.argv[2] === 'light'
const SESSIONS_ONLY = process.argv[2] === 'sessions'
if (process.argv[2] === 'burst') {
  // The read burst starts its own server and simulators: nothing of this run's is needed.
  const checks = await readBurstChecks(line => console.log(`  ${line}`))
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
  process.exit(checks.every(c => c.ok) ? 0 : 1)
}
const LIGHT_ERA = process.argv[3] ?? ''

// The server runs compiled (npm run bench builds .bench-build first): a TypeScript loader would add its own memory to RSS.
// The server runs with `npm start`'s flags, as deployed (bench/start-flags.ts).
// BENCH_NODE_FLAGS adds flags for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)
const child = spawn(process.execPath, [...startFlags(new URL('../../package.json', import.meta.url)), ...extraFlags, '--expose-gc', fileURLToPath(new URL('./server.js', import.meta.url))], {
  env: { ...process.env, INTERNAL_API_KEY: KEY },
  stdio: ['ignore', 'pipe', 'inherit']
})
const killChild = () => { if (child.exitCode === null) child.kill('SIGTERM') }
process.on('exit', killChild)

const ready = await new Promise<string[]>((resolve, reject) => {
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    const line = out.split('\n').find(l => l.startsWith('listening '))
    if (line) resolve(line.split(' ').slice(1))
  })
  child.once('exit', code => reject(new Error(`bench server exited (${code}) before listening`)))
})
const [base, checkJobsTool, ceilingBytes, modelVisibleBytes, wireBytes] = ready
const mcp = `${base}/mcp`
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })

async function openSession (): Promise<Record<string, string>> {
  const res = await fetch(mcp, { method: 'POST', headers: auth, body: INIT })
  await res.text()
  const sid = res.headers.get('mcp-session-id')
  if (!sid) throw new Error(`initialize failed: ${res.status}`)
  const headers = { ...auth, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }
  await (await fetch(mcp, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text()
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

/** The server process's user + system CPU time (ms), from /proc (Linux only: elsewhere the bench shows rps alone). */
const serverCpuMs = !existsSync('/proc/self/stat')
  ? undefined
  : (): number => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return (Number(fields[11]) + Number(fields[12])) * 10
    }

async function memory () {
  const res = await fetch(`${base}/bench/memory`)
  return await res.json() as { rss: number, heapUsed: number, heapTotal: number, external: number, gc: boolean, sessions: number }
}

async function lightCalls (session: Record<string, string>, call: string): Promise<LightCallFigures[]> {
  console.log('light tools/call vs a raw Fastify route answering the same bytes:')
  const figures: LightCallFigures[] = []
  if ('2025'.startsWith(LIGHT_ERA)) figures.push(await lightCallBench({ era: '2025-11-25 session', base, headers: session, body: call, seconds: SECONDS, load, serverCpuMs }))
  if ('2026'.startsWith(LIGHT_ERA)) figures.push(await lightCallBench({ era: '2026-07-28', base, ...modernCall(auth, checkJobsTool), seconds: SECONDS, load, serverCpuMs }))
  return figures
}

function lightCallCheck (l: LightCallFigures) {
  return {
    name: `light call (${l.era}) ≥ ${LIGHT_CALL_TARGET * 100} % of its ceiling`,
    value: `${(100 * l.ratio).toFixed(1)} % (${l.rps} / ${l.ceilingRps} rps${l.cpuRatio === undefined ? '' : `; by server CPU per request ${(100 * l.cpuRatio).toFixed(1)} %`})`,
    ok: l.ratio >= LIGHT_CALL_TARGET && l.bad === 0
  }
}

/** 3000 initializes, each keeping its session, then RSS and heap with a forced GC. */
async function sessionStorm (before: Awaited<ReturnType<typeof memory>>) {
  const init = await load(`initialize storm (${STORM} sessions)`, { url: mcp, method: 'POST', headers: auth, body: INIT, amount: STORM, connections: 10 })
  const after = await memory()
  const rssMb = after.rss / 1024 / 1024
  const mb = (n: number) => (n / 1048576).toFixed(0)
  console.log(`RSS ${mb(before.rss)} MB before → ${rssMb.toFixed(0)} MB after the storm (heap ${mb(after.heapUsed)} MB used of ${mb(after.heapTotal)} MB, external ${mb(after.external)} MB, ${after.sessions} open sessions, forced GC: ${after.gc})`)
  return { init, after, rssMb }
}

/** The whole bench: ceiling, tools/list, check_jobs, light calls, the session storm, library scale, large library. */
async function everything (session: Record<string, string>, call: string, before: Awaited<ReturnType<typeof memory>>) {
  const ceiling = await load('raw Fastify ceiling (same-size JSON)', { url: `${base}/bench/ceiling`, duration: SECONDS })
  const list = await load('tools/list (2025 session)', { url: mcp, method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), duration: SECONDS })
  const jobs = await load(`tools/call ${checkJobsTool} (2025 session)`, { url: mcp, method: 'POST', headers: session, body: call, duration: SECONDS })
  const light = await lightCalls(session, call)
  const { init, after, rssMb } = await sessionStorm(before)
  const checks = [
    { name: `tools/list ≥ ${TARGETS.toolsList * 100} % of ceiling`, value: `${(100 * list.rps / ceiling.rps).toFixed(1)} %`, ok: list.rps >= TARGETS.toolsList * ceiling.rps && list.bad === 0 },
    { name: `check_jobs ≥ ${TARGETS.checkJobs * 100} % of ceiling`, value: `${(100 * jobs.rps / ceiling.rps).toFixed(1)} %`, ok: jobs.rps >= TARGETS.checkJobs * ceiling.rps && jobs.bad === 0 },
    { name: `RSS after ${STORM} sessions ≤ ${TARGETS.rssMb} MB`, value: `${rssMb.toFixed(0)} MB`, ok: rssMb <= TARGETS.rssMb && init.bad === 0 && after.sessions >= STORM },
    ...light.map(lightCallCheck),
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
  if (LIGHT_ONLY) {
    const light = await lightCalls(session, call)
    for (const c of light.map(lightCallCheck)) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
    process.exitCode = light.every(l => lightCallCheck(l).ok) ? 0 : 1
  } else if (SESSIONS_ONLY) {
    const { init, after, rssMb } = await sessionStorm(before)
    const ok = rssMb <= TARGETS.rssMb && init.bad === 0 && after.sessions >= STORM
    console.log(`${ok ? 'PASS' : 'FAIL'}  RSS after ${STORM} sessions ≤ ${TARGETS.rssMb} MB: ${rssMb.toFixed(0)} MB`)
    process.exitCode = ok ? 0 : 1
  } else {
    await everything(session, call, before)
  }
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
} finally {
  killChild()
  if (child.exitCode === null) await once(child, 'exit')
}
