// The server the large-library bench measures: the real app (buildApp) in its own process, pointed at the
// simulators the bench runs (their URLs and keys come in the environment), plus GET /bench/memory (forced GC,
// then RSS). Prints "listening <url>" when ready. Run with --expose-gc.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8'
import { buildConfig } from '../config.js'
import { buildApp } from '../app.js'

const base = mkdtempSync(join(tmpdir(), 'msmcp-bench-large-'))
for (const d of ['data/movies', 'data/tv', 'data/anime', 'data/music', 'downloads', 'state']) mkdirSync(join(base, d), { recursive: true })
const env = process.env
const config = buildConfig({
  PORT: 0,
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'warn',
  MCP_RATE_LIMIT: Number.MAX_SAFE_INTEGER,
  MEDIA_ROOT: join(base, 'data'),
  DOWNLOADS_ROOT: join(base, 'downloads'),
  STATE_DIR: join(base, 'state'),
  INTERNAL_API_KEY: env.INTERNAL_API_KEY ?? '',
  SERIES_MANAGER_URL: env.SERIES_MANAGER_URL,
  SERIES_MANAGER_API_KEY: env.SERIES_MANAGER_API_KEY,
  MOVIE_MANAGER_URL: env.MOVIE_MANAGER_URL,
  MOVIE_MANAGER_API_KEY: env.MOVIE_MANAGER_API_KEY,
  MEDIA_SERVER_URL: env.MEDIA_SERVER_URL,
  MEDIA_SERVER_API_KEY: env.MEDIA_SERVER_API_KEY,
  // The torrent client and download manager the bench started (large-library-downloaders.ts).
  TORRENT_CLIENT_URL: env.TORRENT_CLIENT_URL,
  TORRENT_CLIENT_USERNAME: env.TORRENT_CLIENT_USERNAME,
  TORRENT_CLIENT_PASSWORD: env.TORRENT_CLIENT_PASSWORD,
  DOWNLOAD_MANAGER_URL: env.DOWNLOAD_MANAGER_URL,
  DOWNLOAD_MANAGER_API_KEY: env.DOWNLOAD_MANAGER_API_KEY
})
const app = await buildApp(config)
// The longest the server's event loop was held since the last reading: a read waits at least that long.
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()
/** Resident memory by kind (Linux): anonymous (heap, allocator) and file-backed (the node binary, ICU data). */
function residentKinds (): Record<string, number> {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    return Object.fromEntries([...status.matchAll(/^(RssAnon|RssFile):\s+(\d+) kB/gm)].map(m => [m[1], Number(m[2]) * 1024]))
  } catch { return {} }
}
app.get('/bench/memory', async () => {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  // BENCH_HEAP_SNAPSHOT=<file>: what stays retained after the run, for Chrome DevTools' Memory panel.
  if (process.env.BENCH_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT)
  const m = process.memoryUsage()
  const maxLoopDelayMs = Math.round(loopDelay.max / 1e6)
  loopDelay.reset()
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map(s => [s.space_name, { size: s.space_size, used: s.space_used_size }]))
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, spaces, gc: gc !== undefined, trims: app.memoryTrim.stats().trims, trimBaseline: app.memoryTrim.stats().baselineBytes, maxLoopDelayMs, ...residentKinds() }
})
// The longest event-loop delay since the last reading (ms), without a GC: printed under each read.
app.get('/bench/loop', async () => {
  const maxLoopDelayMs = Math.round(loopDelay.max / 1e6)
  loopDelay.reset()
  return { maxLoopDelayMs }
})
await app.ready()
console.log(`listening ${await app.listen({ port: 0, host: '127.0.0.1' })}`)

const stop = async () => {
  await app.close().catch(() => {})
  rmSync(base, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
