// The server `npm run bench` measures: the real app (buildApp) in its own process, plus bench-only routes:
// GET /bench/fast-paths (what each MCP fast path answered) and GET /bench/memory (forced GC, then RSS). The MCP
// rows' ceiling is a separate bare server (bench/ceiling-server.ts).
// Env: INTERNAL_API_KEY, MCP_FAST_PATHS. Prints "listening <url> <tool-for-check_jobs> …" when ready. Run with --expose-gc.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { buildConfig } from '../config.js'
import { buildApp } from '../app.js'
import { defineTool } from '../core/tool-types.js'
import { catalogueSize } from '../lib/tools/catalogue-size.js'

const base = mkdtempSync(join(tmpdir(), 'msmcp-bench-'))
for (const d of ['data/movies', 'data/tv', 'data/anime', 'data/music', 'downloads', 'state']) mkdirSync(join(base, d), { recursive: true })

const ref: { app?: FastifyInstance } = {}
// Stand-in for check_jobs while that tool is not registered: the same kind of read (the job list).
const benchListJobs = defineTool({
  name: 'bench_list_jobs',
  title: 'Bench: list jobs',
  description: 'Lists recent background jobs (bench stand-in for check_jobs).',
  inputSchema: Type.Object({}, { additionalProperties: false }),
  outputSchema: Type.Object({ count: Type.Integer({ description: 'Jobs listed' }), jobs: Type.Array(Type.Unknown(), { description: 'Jobs' }) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async () => {
    const jobs = ref.app?.hasDecorator('jobs') ? ref.app.jobs.list().slice(0, 20) : []
    return { data: { count: jobs.length, jobs }, summary: jobs.length ? `${jobs.length} jobs` : 'No background jobs' }
  }
})

const config = buildConfig({
  PORT: 0,
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'warn',
  // The per-credential /mcp budget would turn the load into 429s: the bench measures the server, not the limiter.
  MCP_RATE_LIMIT: Number.MAX_SAFE_INTEGER,
  MEDIA_ROOT: join(base, 'data'),
  DOWNLOADS_ROOT: join(base, 'downloads'),
  STATE_DIR: join(base, 'state'),
  INTERNAL_API_KEY: process.env.INTERNAL_API_KEY ?? '',
  // The bench runs one server with the MCP fast paths on and one with them off.
  MCP_FAST_PATHS: process.env.MCP_FAST_PATHS ?? 'on'
})
const app = await buildApp(config, { extraTools: [benchListJobs] })
ref.app = app
// The storm opens its 3000 sessions with one key, standing in for 3000 clients: lift the per-credential cap.
app.mcpSessions.configure({ max: 10_000, perPrincipal: 10_000 })

const ceilingBody = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: app.tools.list() } })
// The catalogue's size without the bench's own stand-in tool: what a client of the real server receives.
const catalogue = catalogueSize(app.tools.list().filter(tool => tool.name !== benchListJobs.name))
app.get('/bench/fast-paths', async () => app.mcpFastPaths.served)
app.get('/bench/memory', async () => {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const m = process.memoryUsage()
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, gc: gc !== undefined, sessions: app.mcpSessions.size, awake: app.mcpSessions.awake, trims: app.memoryTrim.stats().trims }
})

await app.ready()
const address = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`listening ${address} ${app.tools.get('check_jobs') ? 'check_jobs' : 'bench_list_jobs'} ${ceilingBody.length} ${catalogue.modelVisible} ${catalogue.wire}`)

const stop = async () => {
  await app.close().catch(() => {})
  rmSync(base, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
