// Gives memory back once a busy spell is over. V8 keeps the heap pages a burst of calls freed in a pool for
// reuse and releases them only in a memory-reducing collection, which an idle server may never run by itself
// (measured: 20 callers' reads took RSS from ~130 to ~200 MB and it stayed flat for a minute of idle; one
// memory-reducing collection brought it back to ~145 MB, bench/read-burst.ts). So when no request has arrived
// for idleMs and the process has grown by at least minGrowthBytes since the last trim, run one such collection.
// The first quiet spell after start always trims: start-up (loading and compiling the app, then the prefetch of
// whole-library lists) peaks well above what the server then needs, so the size at start is no baseline; measured
// from it, a burst that followed grew too little to count and its pages stayed (bench/large-library.ts, 160 MB
// against 132 MB after a trim). Background work counts too: a whole list renewed while nobody asks leaves a list's
// worth of freed pages (the old list and the parse), ~20 MB for a large library, under the growth threshold yet
// what decides the idle server's size; so the quiet spell after such work trims whatever the growth.
// Framework-free: the caller feeds it requests (noteRequest) and calls tick() now and then.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export interface IdleTrimOptions {
  /** Quiet time after the last request before memory is given back. */
  idleMs: number
  /** Growth of the resident size since the last trim that makes another worth its pause (the first always runs). */
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
  /**
   * The resident size after the last trim (followed down while quiet). None before the first trim and after
   * background work (noteBackgroundWork): then the next quiet check trims whatever the growth.
   */
  let baseline: number | undefined
  let trims = 0

  /** A request arrived: the server is busy, so the trim waits for the next quiet spell. */
  function noteRequest () {
    lastRequest = now()
  }

  /** Work nobody asked for that leaves a burst of garbage (a whole list renewed) ended: the next quiet check trims. */
  function noteBackgroundWork () {
    baseline = undefined
  }

  /** Trims if the server has been quiet long enough and has grown enough (or worked); returns what it did, if anything. */
  function tick (): TrimReport | undefined {
    if (now() - lastRequest < opts.idleMs) return undefined
    const beforeBytes = opts.rss()
    // Shrinking counts too: the baseline follows the process down, so the next burst is measured from there.
    if (baseline !== undefined && beforeBytes - baseline < opts.minGrowthBytes) {
      baseline = Math.min(baseline, beforeBytes)
      return undefined
    }
    opts.reduce()
    const afterBytes = opts.rss()
    baseline = afterBytes
    trims++
    return { beforeBytes, afterBytes }
  }

  return { noteRequest, noteBackgroundWork, tick, stats: () => ({ trims, baselineBytes: baseline }) }
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
