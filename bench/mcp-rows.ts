// The MCP rows of `npm run bench`: tools/list and a light tools/call (the job list, a few hundred bytes) in each
// protocol era, each against a bare Fastify server in its own process answering the same bytes with the same
// content type (bench/ceiling-server.ts). The ratio request/ceiling says how much of the request budget the MCP
// layer costs. Measured on a server with the fast paths on (the targets) and one with them off (beside).
export const TARGETS = { toolsList: 0.50, lightCall: 0.25 }

type Load = (title: string, opts: { url: string, method?: 'POST' | 'GET', headers?: Record<string, string>, body?: string, duration: number }) => Promise<{ rps: number, bad: number }>

export interface McpServerUnderTest {
  base: string
  /** The server process's CPU time so far (ms), when the platform tells: steadier than rps on a shared machine. */
  cpuMs?: () => number
  /** Headers of an open 2025-11-25 session on that server. */
  session: Record<string, string>
  /** Requests each fast path answered so far (GET /bench/fast-paths), to show the rows took them. */
  fastPaths: () => Promise<Record<string, number>>
}

interface Measured { rps: number, bad: number, usPerRequest?: number }
export interface RowFigures { name: string, target: number, ceiling: Measured, on: Measured, off: Measured }

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {}
}

/** The 2026-07-28 request: the envelope in _meta plus the routing headers, no session. */
function modern (auth: Record<string, string>, method: string, params: Record<string, unknown>) {
  return {
    headers: { ...auth, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(typeof params.name === 'string' && { 'mcp-name': params.name }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 4, method, params: { ...params, _meta: MODERN_META } })
  }
}

function legacy (session: Record<string, string>, method: string, params?: Record<string, unknown>) {
  return { headers: session, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method, ...(params && { params }) }) }
}

interface Row { name: string, slug: string, target: number, request: (s: McpServerUnderTest) => { headers: Record<string, string>, body: string } }

export function mcpRowList (auth: Record<string, string>, tool: string): Row[] {
  return [
    { name: 'tools/list (2025 session)', slug: 'list-2025', target: TARGETS.toolsList, request: s => legacy(s.session, 'tools/list') },
    { name: 'tools/list (2026-07-28)', slug: 'list-2026', target: TARGETS.toolsList, request: () => modern(auth, 'tools/list', {}) },
    { name: `light tools/call ${tool} (2025 session)`, slug: 'call-2025', target: TARGETS.lightCall, request: s => legacy(s.session, 'tools/call', { name: tool, arguments: {} }) },
    { name: `light tools/call ${tool} (2026-07-28)`, slug: 'call-2026', target: TARGETS.lightCall, request: () => modern(auth, 'tools/call', { name: tool, arguments: {} }) }
  ]
}

/** Runs one row: the same bytes from the ceiling, then the request on the server with fast paths on, then off. */
export async function mcpRow (row: Row, o: { on: McpServerUnderTest, off: McpServerUnderTest, ceiling: string, ceilingCpuMs?: () => number, seconds: number, load: Load }): Promise<RowFigures> {
  const measured = async (cpuMs: (() => number) | undefined, title: string, opts: Parameters<Load>[1]): Promise<Measured> => {
    const before = cpuMs?.()
    const figures = await o.load(title, opts)
    if (before === undefined) return figures
    return { ...figures, usPerRequest: 1000 * (cpuMs!() - before) / Math.max(1, figures.rps * o.seconds) }
  }
  const sample = async (s: McpServerUnderTest) => {
    const { headers, body } = row.request(s)
    const res = await fetch(`${s.base}/mcp`, { method: 'POST', headers, body })
    const text = await res.text()
    if (res.status !== 200 || !text.includes('"result"') || text.includes('"isError":true')) throw new Error(`${row.name} failed: ${res.status} ${text.slice(0, 300)}`)
    return { type: res.headers.get('content-type') ?? 'application/json', bytes: text }
  }
  const reply = await sample(o.on)
  if ((await sample(o.off)).bytes !== reply.bytes.replaceAll(o.on.session['mcp-session-id'], o.off.session['mcp-session-id'])) {
    console.log(`  note: ${row.name} answered differently with the fast paths off`)
  }
  const stored = await fetch(`${o.ceiling}/store/${row.slug}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply) })
  if (!stored.ok) throw new Error('could not store the ceiling reply')
  const { headers, body } = row.request(o.on)
  console.log(`${row.name}, ${Buffer.byteLength(reply.bytes)} B:`)
  const ceiling = await measured(o.ceilingCpuMs, '  bare Fastify, same bytes', { url: `${o.ceiling}/reply/${row.slug}`, method: 'POST', headers: { 'content-type': 'application/json' }, body, duration: o.seconds })
  const before = await o.on.fastPaths()
  const on = await measured(o.on.cpuMs, '  fast paths on', { url: `${o.on.base}/mcp`, method: 'POST', headers, body, duration: o.seconds })
  const after = await o.on.fastPaths()
  const taken = Object.keys(after).filter(k => after[k] > (before[k] ?? 0))
  console.log(`    (fast paths taken: ${taken.length > 0 ? taken.join(', ') : 'none'})`)
  const offRequest = row.request(o.off)
  const off = await measured(o.off.cpuMs, '  fast paths off', { url: `${o.off.base}/mcp`, method: 'POST', headers: offRequest.headers, body: offRequest.body, duration: o.seconds })
  const us = (m: Measured) => m.usPerRequest === undefined ? '?' : `${m.usPerRequest.toFixed(0)} µs`
  if (ceiling.usPerRequest !== undefined) console.log(`    server CPU per request: ${us(on)} on, ${us(off)} off, ${us(ceiling)} bare`)
  return { name: row.name, target: row.target, ceiling, on, off }
}

export function rowCheck (r: RowFigures) {
  const pct = (rps: number) => `${(100 * rps / r.ceiling.rps).toFixed(1)} %`
  const cpu = (m: Measured) => m.usPerRequest !== undefined && r.ceiling.usPerRequest !== undefined ? `${(100 * r.ceiling.usPerRequest / m.usPerRequest).toFixed(1)} %` : undefined
  const byCpu = cpu(r.on) === undefined ? '' : `; by server CPU per request ${cpu(r.on)} (off ${cpu(r.off)})`
  return {
    name: `${r.name} ≥ ${r.target * 100} % of a bare Fastify server sending the same bytes`,
    value: `${pct(r.on.rps)} (${r.on.rps} / ${r.ceiling.rps} rps); fast paths off: ${pct(r.off.rps)} (${r.off.rps} rps)${byCpu}`,
    ok: r.on.rps >= r.target * r.ceiling.rps && r.on.bad === 0 && r.off.bad === 0
  }
}
