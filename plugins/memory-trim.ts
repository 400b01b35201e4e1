// app.memoryTrim: gives back the memory a burst of calls took once the server has been quiet for a while
// (core/idle-trim.ts says why V8 keeps it otherwise). Every incoming HTTP request counts as activity, long-lived
// streams only when they open, so a held-open listen stream does not keep the server "busy" for ever. Background
// work that allocates a burst (the whole-list renewals, plugins/library-prefetch.ts) says so: noteBackgroundWork.
import fp from 'fastify-plugin'
import { createIdleTrim, memoryReducingGc, type IdleTrim } from '../core/idle-trim.js'

export interface MemoryTrimOptions {
  /** Quiet time before a trim (default 10 s). */
  idleMs?: number
  /** How often the quiet time is checked (default a quarter of idleMs); 0 = only when tick() is called (tests). */
  checkMs?: number
  /** Growth since the last trim that makes one worth it (default 32 MiB). */
  minGrowthBytes?: number
  reduce?: () => void
  rss?: () => number
  now?: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    memoryTrim: Pick<IdleTrim, 'tick' | 'stats' | 'noteBackgroundWork'>
  }
}

const MiB = 1024 * 1024

export default fp<MemoryTrimOptions>(async function memoryTrim (app, opts) {
  const idleMs = opts.idleMs ?? 10_000
  let gc: (() => void) | undefined
  const trim = createIdleTrim({
    idleMs,
    minGrowthBytes: opts.minGrowthBytes ?? 32 * MiB,
    reduce: opts.reduce ?? (() => (gc ??= memoryReducingGc())()),
    rss: opts.rss ?? (() => process.memoryUsage.rss()),
    now: opts.now
  })
  app.server.on('request', trim.noteRequest)
  const tick = () => {
    const done = trim.tick()
    if (done) app.log.debug({ rssBeforeMiB: Math.round(done.beforeBytes / MiB), rssAfterMiB: Math.round(done.afterBytes / MiB) }, 'memory given back after a busy spell')
    return done
  }
  const checkMs = opts.checkMs ?? idleMs / 4
  const timer = checkMs > 0 ? setInterval(tick, checkMs).unref() : undefined
  app.addHook('onClose', async () => {
    clearInterval(timer)
    app.server.off('request', trim.noteRequest)
  })
  app.decorate('memoryTrim', { tick, stats: trim.stats, noteBackgroundWork: trim.noteBackgroundWork })
}, { name: 'memory-trim' })
