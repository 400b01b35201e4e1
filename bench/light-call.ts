// The hot path: one light tools/call (the job list, a few hundred bytes) in each protocol era, against a raw
// Fastify route that answers the same bytes with the same content type (GET /bench/echo, bench/server.ts).
// The ratio call/ceiling is the figure that matters: it says how much of the request budget the MCP layer costs.
export const LIGHT_CALL_TARGET = 0.20

export interface LightCallFigures { era: string, rps: number, ceilingRps: number, ratio: number, bad: number, cpuRatio?: number }
type Load = (title: string, opts: { url: string, method?: 'POST' | 'GET', headers?: Record<string, string>, body?: string, duration: number }) => Promise<{ rps: number, bad: number }>

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {}
}

/** The 2026-07-28 request: the envelope in _meta plus the routing headers, no session. */
export function modernCall (auth: Record<string, string>, tool: string) {
  return {
    headers: { ...auth, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': tool },
    body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: tool, arguments: {}, _meta: MODERN_META } })
  }
}

/** Runs the call and its same-bytes ceiling back to back for one era. */
export async function lightCallBench (o: {
  era: string
  base: string
  headers: Record<string, string>
  body: string
  seconds: number
  load: Load
  /** The server process's CPU time so far (ms): CPU per request is steadier than rps on a shared machine. */
  serverCpuMs?: () => number
}): Promise<LightCallFigures> {
  const sample = await fetch(`${o.base}/mcp`, { method: 'POST', headers: o.headers, body: o.body })
  const bytes = await sample.text()
  if (!bytes.includes('"result"') || bytes.includes('"isError":true')) throw new Error(`light call (${o.era}) failed: ${bytes.slice(0, 300)}`)
  const type = sample.headers.get('content-type') ?? 'application/json'
  const echo = await fetch(`${o.base}/bench/echo`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type, bytes }) })
  if (!echo.ok) throw new Error('could not set the echo ceiling')
  const measured = async (title: string, opts: Parameters<Load>[1]) => {
    const before = o.serverCpuMs?.()
    const figures = await o.load(title, opts)
    const cpuMs = before === undefined ? undefined : o.serverCpuMs!() - before
    return { ...figures, usPerRequest: cpuMs === undefined ? undefined : 1000 * cpuMs / Math.max(1, figures.rps * o.seconds) }
  }
  const ceiling = await measured(`  raw Fastify, same ${Buffer.byteLength(bytes)} B`, { url: `${o.base}/bench/echo`, duration: o.seconds })
  const call = await measured(`  tools/call (${o.era})`, { url: `${o.base}/mcp`, method: 'POST', headers: o.headers, body: o.body, duration: o.seconds })
  const cpuRatio = ceiling.usPerRequest && call.usPerRequest ? ceiling.usPerRequest / call.usPerRequest : undefined
  if (cpuRatio !== undefined) console.log(`  server CPU per request: ${call.usPerRequest!.toFixed(0)} µs vs ${ceiling.usPerRequest!.toFixed(0)} µs raw (${(100 * cpuRatio).toFixed(1)} %)`)
  return { era: o.era, rps: call.rps, ceilingRps: ceiling.rps, ratio: call.rps / ceiling.rps, bad: call.bad, cpuRatio }
}
