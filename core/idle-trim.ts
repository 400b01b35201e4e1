// Gives memory back once a busy spell is over. V8 keeps the heap pages a burst of calls freed in a pool for
// reuse and releases them only in a memory-reducing collection, which an idle server may never run by itself
// (measured: 20 callers' reads took RSS from ~130 to ~200 MB and it stayed flat for a minute of idle; one
// memory-reducing collection brought it back to ~145 MB, bench/read-burst.ts). So when no request has arrived
// for idleMs and the process has grown by at least minGrowthBytes since the last trim, run one such collection.
// Framework-free: the caller feeds it requests (noteRequest) and calls tick() now and then.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export interface IdleTrimOptions {
  /** Quiet time after the last request before memory is given back. */
  idleMs: number
  /** Growth of the resident size, since the last trim (or the start), that makes a trim worth its pause. */
  minGrowthBytes: number
  /** Runs the memory-reducing collection. */
  reduce: () => void
  /** The process's resident size in bytes. */
  rss: () => number
  now?: () => number
}

export interface TrimReport { beforeBytes: number, afterBytes: number }

export function createIdleTrim (opts: IdleTrimOptions) {
  const now = opts.now ?? Date.now
  let lastRequest = now()
  let baseline = opts.rss()
  let trims = 0

  /** A request arrived: the server is busy, so the trim waits for the next quiet spell. */
  function noteRequest () {
    lastRequest = now()
  }

  /** Trims if the server has been quiet long enough and has grown enough; returns what it did, if anything. */
  function tick (): TrimReport | undefined {
    if (now() - lastRequest < opts.idleMs) return undefined
    const beforeBytes = opts.rss()
    // Shrinking counts too: the baseline follows the process down, so the next burst is measured from there.
    if (beforeBytes - baseline < opts.minGrowthBytes) {
      baseline = Math.min(baseline, beforeBytes)
      return undefined
    }
    opts.reduce()
    const afterBytes = opts.rss()
    baseline = afterBytes
    trims++
    return { beforeBytes, afterBytes }
  }

  return { noteRequest, tick, stats: () => ({ trims, baselineBytes: baseline }) }
}

export type IdleTrim = ReturnType<typeof createIdleTrim>

type Gc = (options: { type: 'major', execution: 'sync', flavor: 'last-resort' }) => void

/**
 * A memory-reducing collection (V8's "last resort" full GC, which also releases the pooled pages), without
 * starting the process with --expose-gc: the flag is set just long enough to take gc from a fresh context, so
 * no global `gc` appears in the server's own context.
 */
export function memoryReducingGc (): () => void {
  let gc = (globalThis as { gc?: Gc }).gc
  if (!gc) {
    setFlagsFromString('--expose-gc')
    try {
      gc = runInNewContext('gc') as Gc
    } finally {
      setFlagsFromString('--no-expose-gc')
    }
  }
  const collect = gc
  return () => collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
