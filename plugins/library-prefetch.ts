// Start-up prefetch of the whole-library lists (issue 39 item 7): once the server is ready, every client that
// keeps whole lists (the series and movie managers, each instance) fetches them and keeps them renewed in the
// background (core/keyed-cache.ts keepWarm), so the first question after start, after idle or after a write
// is answered from a list already held instead of waiting seconds for a whole library. Fire and forget: the
// fetches run beside listen and readiness, never before them; the clients' close() stops their timers. Each
// fetch that ends tells the memory trim (plugins/memory-trim.ts): a whole list renewed while the server is idle
// leaves a list's worth of freed pages, which the next quiet spell gives back.
import fp from 'fastify-plugin'
import { listBackends } from '../clients/index.js'

export interface LibraryPrefetchOptions {
  /** false: lists are fetched when first read, as before (tests that count backend requests). Default true. */
  autoStart?: boolean
}

export default fp<LibraryPrefetchOptions>(async function libraryPrefetch (app, opts) {
  if (opts.autoStart === false) return
  app.addHook('onReady', async () => {
    const afterFetch = () => app.memoryTrim.noteBackgroundWork()
    for (const client of listBackends(app.backends)) client.prefetch?.(afterFetch)
  })
}, { name: 'library-prefetch', dependencies: ['backends', 'memory-trim'] })
