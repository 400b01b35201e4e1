// app.urlGuard: download URLs must be public http(s) (and magnet for torrents), checked before anything is
// queued (lib/url-guard). The tool registry applies check() to the fields a tool declares in `guards.urls`;
// when the server fetches a URL itself it uses fetchGuarded(), which re-checks at connect time and on redirects;
// yt-dlp and the managed aria2c connect through forwardProxy(), a loopback proxy with the same checks (closed on close).
import fp from 'fastify-plugin'
import { listSetting } from '../config.js'
import { createUrlGuard, type Connector, type Resolver, type UrlGuardService } from '../lib/url-guard/url-guard.js'

export type { Connector, Resolver } from '../lib/url-guard/url-guard.js'

declare module 'fastify' {
  interface FastifyInstance {
    urlGuard: UrlGuardService
  }
}

export interface UrlGuardPluginOptions {
  resolver?: Resolver
  /** How the downloaders' forward proxy opens checked connections (tests map public addresses to loopback). */
  connect?: Connector
}

export default fp<UrlGuardPluginOptions>(async function urlGuard (app, opts) {
  const config = app.config as unknown as Record<string, unknown>
  // Every *_URL setting names one of the stack's own services (or this server): never a download target.
  const ownUrls = Object.entries(config)
    .filter(([key, value]) => (key.endsWith('_URL')) && typeof value === 'string' && value !== '')
    .map(([, value]) => value as string)
  const guard = createUrlGuard({ resolver: opts.resolver, connect: opts.connect, ownUrls, ownHosts: listSetting(app.config.ALLOWED_HOSTS) })
  app.decorate('urlGuard', guard)
  app.addHook('onClose', async () => { await guard.close() })
}, { name: 'url-guard', dependencies: ['config'] })
