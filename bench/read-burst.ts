// Memory after a burst of reads: 20 MCP sessions call the large-library read tools at once for
// BENCH_BURST_SECONDS (default 120), then the server's RSS is read right after (forced GC) and again once it has
// been idle for a while (forced GC): what a burst took must be given back, not kept for good. The server does
// that itself (plugins/memory-trim.ts: one memory-reducing collection after 10 s without requests); the line
// says how many times it did.
//
//   npm run bench (after the large-library run)   or   BENCH_BURST_SECONDS=20 node .bench-build/bench/read-burst.js
import { pathToFileURL } from 'node:url'
import { startLargeLibrary } from './large-library.js'

export const BURST_BUDGET = { settledMb: 200 }
const CALLERS = 20
const SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 120)
/** Idle time before the second reading: the server's own idle trim runs within it. */
const SETTLE_MS = Number(process.env.BENCH_BURST_SETTLE_MS ?? 20_000)

export interface BurstFigures { beforeMb: number, burstMb: number, settledMb: number, calls: number, failed: number, trims: number }

export async function readBurstBench ({ log = console.log } = {}): Promise<BurstFigures> {
  const stack = await startLargeLibrary({ log })
  const mb = (n: number) => Math.round(n / 1048576)
  try {
    const before = await stack.memory()
    const callers = await Promise.all(Array.from({ length: CALLERS }, () => stack.caller()))
    const until = performance.now() + SECONDS * 1000
    let calls = 0
    let failed = 0
    await Promise.all(callers.map(async (call, i) => {
      for (let k = i; performance.now() < until; k++) {
        const [, tool, args] = stack.cases[k % stack.cases.length]
        if (!await call(tool, args)) failed++
        calls++
      }
    }))
    const burst = await stack.memory()
    await new Promise(resolve => setTimeout(resolve, SETTLE_MS))
    const settled = await stack.memory()
    const f = { beforeMb: mb(before.rss), burstMb: mb(burst.rss), settledMb: mb(settled.rss), calls, failed, trims: settled.trims - burst.trims }
    log(`${CALLERS} callers × ${SECONDS} s of reads (${calls} calls${failed ? `, ${failed} failed` : ''}): RSS ${f.beforeMb} MB before → ${f.burstMb} MB right after → ${f.settledMb} MB after ${SETTLE_MS / 1000} s idle (the server trimmed ${f.trims} time${f.trims === 1 ? '' : 's'}) ` +
      `(then: heap used ${mb(settled.heapUsed)} of ${mb(settled.heapTotal)} MB, external ${mb(settled.external)} MB, ` +
      `the rest — code, stacks, the allocator's own — ${mb(settled.rss - settled.heapTotal - settled.external)} MB)`)
    return f
  } finally {
    await stack.close()
  }
}

/** The run as the bench runner's PASS/FAIL check. */
export async function readBurstChecks (log: (line: string) => void) {
  console.log(`read burst (${CALLERS} callers, ${SECONDS} s, large library):`)
  const f = await readBurstBench({ log })
  return [{ name: `RSS ${SETTLE_MS / 1000} s after a ${CALLERS}-caller read burst ≤ ${BURST_BUDGET.settledMb} MB`, value: `${f.settledMb} MB (${f.burstMb} MB right after)`, ok: f.settledMb <= BURST_BUDGET.settledMb && f.failed === 0 }]
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const checks = await readBurstChecks(line => console.log(`  ${line}`))
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
  process.exitCode = checks.every(c => c.ok) ? 0 : 1
}
