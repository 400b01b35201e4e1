// Large-library bench: the built server (bench/large-library-server.ts, its own process) against the Sonarr,
// Radarr and Jellyfin simulators (in this process) seeded at a large household's size: 3,000 series, 6,000
// movies and ~50,000 media-server items, the managers answering with whole-library lists as large as the real
// ones (the full /series ~7 MB, /movie ~20 MB). Each read tool is called over one MCP session, two callers at
// a time; p50/p95 per tool and the server's RSS afterwards (forced GC) are checked against budgets.
//
//   npm run bench (after the main runs)   or   node .bench-build/bench/large-library.js
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createSonarrSimulator } from '../simulators/servarr/sonarr.js'
import { createRadarrSimulator } from '../simulators/servarr/radarr.js'
import { createJellyfinSimulator } from '../simulators/jellyfin/index.js'
import { generateLibrary } from '../simulators/fixtures/library.js'
import { seedLargeManagers } from './large-library-seed.js'
import { startBenchDownloaders } from './large-library-downloaders.js'
import { allocatorEnv, startFlags } from './start-flags.js'
import { describeTraffic, trafficOf, type BackendTraffic } from './large-library-requests.js'

// Issue 39: every read, its first call after start included, within 300 ms; the server at most 150 MB after the run.
export const BUDGETS = { p95Ms: 300, rssMb: 150 }
const SERIES = 3000
const MOVIES = 6000
const CALLS = Number(process.env.BENCH_CALLS ?? 40)
const CALLERS = 2
/**
 * Idle time after the reads before RSS is read: the server's own idle trim (10 s without requests, checked every
 * 2.5 s) runs within it, and so do the lists' last renewal after the reads (due 15 s after a read at most) and
 * the trim that follows it, which decide what an idle server holds.
 */
const SETTLE_MS = Number(process.env.BENCH_LARGE_SETTLE_MS ?? 30_000)

export interface ReadFigures { name: string, p50: number, p95: number, first: number, failed: number, traffic: BackendTraffic }
export interface LargeLibraryResult { reads: ReadFigures[], rssMb: number, rightAfterMb: number, sizes: Record<string, number> }

const key = () => randomBytes(16).toString('hex')
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] }

async function bytesOf (url: string, apiKey: string) {
  const res = await fetch(url, { headers: { 'x-api-key': apiKey } })
  return (await res.arrayBuffer()).byteLength
}

export type MemoryFigures = Record<'rss' | 'heapUsed' | 'heapTotal' | 'external' | 'arrayBuffers', number> & { gc: boolean, trims: number, RssAnon?: number, RssFile?: number }

/** The seeded simulators and the built server in its own process, with one MCP caller; close() ends them. */
export async function startLargeLibrary ({ log = console.log } = {}) {
  // The compiled simulators (.bench-build) read the OpenAPI contracts from the source tree.
  process.env.CONTRACTS_DIR ??= fileURLToPath(new URL('../../simulators/contracts', import.meta.url))
  const keys = { sonarr: key(), radarr: key(), jellyfin: key(), internal: randomBytes(24).toString('hex') }
  const t0 = performance.now()
  const sonarr = await createSonarrSimulator({ apiKey: keys.sonarr, validate: false, setupRoutes: false })
  const radarr = await createRadarrSimulator({ apiKey: keys.radarr, validate: false, setupRoutes: false })
  const { seriesTitle } = seedLargeManagers(sonarr, radarr, { series: SERIES, movies: MOVIES })
  // ~50,000 items: movies, series, their seasons and episodes (generateLibrary's shape), albums.
  const jellyfin = await createJellyfinSimulator({ apiKey: keys.jellyfin, validate: false, setupRoutes: false, library: generateLibrary({ seed: 3, movies: MOVIES, series: 1400, anime: 100, albums: 200 }) })
  const downloaders = await startBenchDownloaders()
  const closeSims = () => Promise.allSettled([sonarr.close(), radarr.close(), jellyfin.close(), downloaders.close()])
  const sizes = {
    series: await bytesOf(`${sonarr.url}/api/v3/series`, keys.sonarr),
    movies: await bytesOf(`${radarr.url}/api/v3/movie`, keys.radarr),
    mediaItems: jellyfin.state.items.size
  }
  log(`seeded in ${Math.round(performance.now() - t0)} ms: ${SERIES} series (/series ${(sizes.series / 1048576).toFixed(1)} MB), ` +
    `${MOVIES} movies (/movie ${(sizes.movies / 1048576).toFixed(1)} MB), ${sizes.mediaItems} media-server items; ${downloaders.note}`)

  const child = spawn(process.execPath, [...startFlags(new URL('../../package.json', import.meta.url)), '--expose-gc', fileURLToPath(new URL('./large-library-server.js', import.meta.url))], {
    env: {
      ...process.env,
      ...allocatorEnv(new URL('../../compose/Dockerfile', import.meta.url)),
      INTERNAL_API_KEY: keys.internal,
      SERIES_MANAGER_URL: sonarr.url,
      SERIES_MANAGER_API_KEY: keys.sonarr,
      MOVIE_MANAGER_URL: radarr.url,
      MOVIE_MANAGER_API_KEY: keys.radarr,
      MEDIA_SERVER_URL: jellyfin.url,
      MEDIA_SERVER_API_KEY: keys.jellyfin,
      ...downloaders.env
    },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const close = async () => {
    if (child.exitCode === null) { child.kill('SIGTERM'); await once(child, 'exit') }
    await closeSims()
  }
  try {
    const spawned = performance.now()
    const base = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const line = out.split('\n').find(l => l.startsWith('listening '))
        if (line) resolve(line.split(' ')[1])
      })
      child.once('exit', code => reject(new Error(`bench server exited (${code}) before listening`)))
    })
    const listening = performance.now()
    // The server fetches the managers' lists at start without holding back listen (plugins/library-prefetch.ts);
    // the reads begin once both are held, as a household's first question comes after start, not with it.
    const heldAfterMs = await untilListsHeld(base)
    log(`listening ${Math.round(listening - spawned)} ms after spawn; the start-up prefetch held both lists ${heldAfterMs} ms after listen`)
    const memory = async () => await (await fetch(`${base}/bench/memory`)).json() as MemoryFigures
    const loopDelay = async () => (await (await fetch(`${base}/bench/loop`)).json() as { maxLoopDelayMs: number }).maxLoopDelayMs
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['series_status library (25 of 3,000)', 'series_status', { view: 'library' }],
      ['movie_status library (25 of 6,000)', 'movie_status', { view: 'library' }],
      ['get_library_state one title', 'get_library_state', { title: seriesTitle }],
      ['search_media', 'search_media', { query: 'Harbor' }],
      ['server_status', 'server_status', {}],
      ['series_status one series (by id)', 'series_status', { view: 'series', id: 1 }]
    ]
    const logs = { Sonarr: sonarr.requests, Radarr: radarr.requests, Jellyfin: jellyfin.requests }
    return { url: `${base}/mcp`, apiKey: keys.internal, caller: () => mcpCaller(`${base}/mcp`, keys.internal), memory, loopDelay, cases, logs, sizes, close }
  } catch (err) {
    await close()
    throw err
  }
}

/** Waits until /health shows the series and movie lists held; returns how long that took (ms). */
async function untilListsHeld (base: string): Promise<number> {
  const started = performance.now()
  for (;;) {
    const caches = (await (await fetch(`${base}/health`)).json() as { caches?: Array<{ instance: string, entries: number }> }).caches ?? []
    if (['Sonarr', 'Radarr'].every(name => caches.some(c => c.instance === name && c.entries > 0))) return Math.round(performance.now() - started)
    if (performance.now() - started > 300_000) throw new Error('the start-up prefetch did not hold both library lists within 5 minutes')
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

export async function largeLibraryBench ({ log = console.log } = {}): Promise<LargeLibraryResult> {
  const stack = await startLargeLibrary({ log })
  try {
    const atStart = await stack.memory()
    const call = await stack.caller()
    const reads: ReadFigures[] = []
    for (const [name, tool, args] of stack.cases) {
      for (const l of Object.values(stack.logs)) l.clear()
      await stack.loopDelay()
      const times: number[] = []
      let failed = 0
      let next = 0
      let first = 0
      const worker = async () => {
        while (next < CALLS) {
          const index = next++
          const started = performance.now()
          if (!await call(tool, args)) failed++
          times.push(performance.now() - started)
          // The call that started first (the others run beside it), not the one that ended first.
          if (index === 0) first = performance.now() - started
        }
      }
      await Promise.all(Array.from({ length: CALLERS }, worker))
      const f = { name, p50: Math.round(pct(times, 50)), p95: Math.round(pct(times, 95)), first: Math.round(first), failed, traffic: trafficOf(stack.logs) }
      log(`${name.padEnd(38)} p50 ${String(f.p50).padStart(4)} ms   p95 ${String(f.p95).padStart(4)} ms   first ${f.first} ms${failed ? `   ${failed} failed` : ''}`)
      log(describeTraffic(f.traffic, CALLS))
      // The server's own event loop: how long at most it could not answer anything during this read's calls.
      log(`    server event loop held at most ${await stack.loopDelay()} ms during these calls`)
      reads.push(f)
    }
    const memory = await stack.memory()
    const mb = (n: number) => Math.round(n / 1048576)
    const kinds = (m: MemoryFigures) => m.RssAnon === undefined ? '' : `; anonymous ${mb(m.RssAnon)} MB, file-backed ${mb(m.RssFile ?? 0)} MB`
    log(`RSS right after the large-library run ${mb(memory.rss)} MB${kinds(memory)}, ${mb(atStart.rss)} MB before the first read with both lists held${kinds(atStart)} (forced GC: ${memory.gc}; heap used ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB, external ${mb(memory.external)} MB)`)
    // The figure checked: once the server has been idle long enough for its own idle trim (plugins/memory-trim.ts)
    // to give back the pages the reads and the list renewals freed, as the session storm and the read burst are read.
    await new Promise(resolve => setTimeout(resolve, SETTLE_MS))
    const settled = await stack.memory()
    const rssMb = mb(settled.rss)
    log(`RSS after ${SETTLE_MS / 1000} s idle ${rssMb} MB${kinds(settled)} (the server trimmed ${settled.trims - memory.trims} time${settled.trims - memory.trims === 1 ? '' : 's'}; heap used ${mb(settled.heapUsed)} of ${mb(settled.heapTotal)} MB)`)
    if (process.env.BENCH_DEBUG) log(JSON.stringify(settled))
    return { reads, rssMb, rightAfterMb: mb(memory.rss), sizes: stack.sizes }
  } finally {
    await stack.close()
  }
}

/** The run as the bench runner's PASS/FAIL checks: p95 and the first call per read tool, and RSS, against their budgets. */
export async function largeLibraryChecks (log: (line: string) => void): Promise<Array<{ name: string, value: string, ok: boolean }>> {
  console.log(`large library (${SERIES} series, ${MOVIES} movies, ~50 000 media-server items; ${CALLERS} callers, ${CALLS} calls per read):`)
  const r = await largeLibraryBench({ log })
  return [
    ...r.reads.map(x => ({ name: `${x.name} p95 and first call ≤ ${BUDGETS.p95Ms} ms`, value: `${x.p95} ms, first ${x.first} ms (p50 ${x.p50} ms)`, ok: withinBudget(x) })),
    { name: `RSS after the large-library run and ${SETTLE_MS / 1000} s idle ≤ ${BUDGETS.rssMb} MB`, value: `${r.rssMb} MB (${r.rightAfterMb} MB right after)`, ok: r.rssMb <= BUDGETS.rssMb }
  ]
}

/** A read within budget: p95 and its first call (a cold cache's whole-library fetch shows there), none failed. */
function withinBudget (x: ReadFigures): boolean {
  return x.p95 <= BUDGETS.p95Ms && x.first <= BUDGETS.p95Ms && x.failed === 0
}

/** One 2025 MCP session; call(tool, args) answers whether the tool succeeded. */
async function mcpCaller (url: string, apiKey: string) {
  const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  const init = await fetch(url, { method: 'POST', headers: auth, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }) })
  await init.text()
  const sid = init.headers.get('mcp-session-id')
  if (!sid) throw new Error(`initialize failed: ${init.status}`)
  const headers = { ...auth, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' }
  await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text()
  let id = 10
  return async (name: string, args: Record<string, unknown>) => {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name, arguments: args } }) })
    const body = await res.text()
    const ok = res.ok && body.includes('"result"') && !body.includes('"isError":true')
    if (!ok && process.env.BENCH_DEBUG) console.error(body.slice(0, 400))
    return ok
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await largeLibraryBench()
  process.exitCode = r.reads.every(withinBudget) && r.rssMb <= BUDGETS.rssMb ? 0 : 1
}
