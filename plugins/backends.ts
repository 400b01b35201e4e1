// Decorates the backend clients (clients/) onto the app as app.backends.<name> and closes them with it.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createBackends, listBackends } from '../clients/index.js'
import type { BackendClientBase, Backends } from '../clients/types.js'
import type { TimerClock } from '../core/timer-clock.js'

declare module 'fastify' {
  interface FastifyInstance {
    backends: Backends
  }
}

export interface BackendsPluginOptions {
  /** Time and timers of the clients' background renewals (tests pass a clock they move by hand). */
  clock?: TimerClock
}

export default fp<BackendsPluginOptions>(async function backendsPlugin (app, opts) {
  const backends = createBackends(app.config, {
    // Looked up when a download starts, so the URL guard plugin may be registered after this one.
    forwardProxyUrl: async () => (await app.urlGuard.forwardProxy()).url,
    clock: opts.clock
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
