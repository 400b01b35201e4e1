// Decorates the backend clients (clients/) onto the app as app.backends.<name> and closes them with it.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createBackends, listBackends } from '../clients/index.js'
import type { BackendClientBase, Backends } from '../clients/types.js'
import type { TimerClock } from '../core/timer-clock.js'
import type { Dispatcher } from 'undici'
import { fetchGuarded } from '../lib/url-guard/fetch-guarded.js'
import { MAX_SHARES_BYTES, PLEX_TV } from '../clients/plex/shares.js'

declare module 'fastify' {
  interface FastifyInstance {
    backends: Backends
  }
}

export interface BackendsPluginOptions {
  /** Time and timers of the clients' background renewals (tests pass a clock they move by hand). */
  clock?: TimerClock
  /**
   * The connection plex.tv is read over, after the URL guard's check of the URL (https, a public address). Tests
   * serve a plex.tv simulator on loopback through it; the check itself always runs.
   */
  plexTvDispatcher?: Dispatcher
}

export default fp<BackendsPluginOptions>(async function backendsPlugin (app, opts) {
  const backends = createBackends(app.config, {
    // Looked up when a download starts, so the URL guard plugin may be registered after this one.
    forwardProxyUrl: async () => (await app.urlGuard.forwardProxy()).url,
    clock: opts.clock,
    // plex.tv, like every outside service, only through the URL guard (registered after this plugin: looked up per call).
    plexTv: async (path, { headers, signal }) => {
      const got = await fetchGuarded(app.urlGuard.check, opts.plexTvDispatcher ?? app.urlGuard.dispatcher(), new URL(path, PLEX_TV).href, { use: 'direct', maxBytes: MAX_SHARES_BYTES, timeoutMs: 10_000, accept: 'application/xml', headers, signal })
      if (got.kind !== 'body') throw new Error('not a document')
      return got.body.toString('utf8')
    }
  })
  app.decorate('backends', backends)
  app.addHook('onClose', async () => {
    await Promise.allSettled(listBackends(backends).map(b => b.close?.()))
  })
}, { name: 'backends', dependencies: ['config'] })

/** Every configured client, for the background probe (health, dashboard). */
export function allBackends (app: FastifyInstance): BackendClientBase[] {
  return listBackends(app.backends)
}
