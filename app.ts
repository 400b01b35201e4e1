// buildApp(config): the one place that composes the server's plugins, in explicit order.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.js'
import { SECRET_KEYS } from './config.js'
import configPlugin from './plugins/config.js'
import shutdown from './plugins/shutdown.js'
import originGuard from './plugins/origin-guard.js'
import auth from './plugins/auth.js'
import oauth, { type OAuthPluginOptions } from './plugins/oauth.js'
import pathSandbox from './plugins/path-sandbox.js'
import disk, { type DiskPluginOptions } from './plugins/disk.js'
import urlGuard, { type Resolver, type UrlGuardPluginOptions } from './plugins/url-guard.js'
import confirmTokens from './plugins/confirm-tokens.js'
import jobs, { type JobsPluginOptions } from './plugins/jobs.js'
import backends, { type BackendsPluginOptions } from './plugins/backends.js'
import libraryPrefetch, { type LibraryPrefetchOptions } from './plugins/library-prefetch.js'
import backendProbe, { type BackendProbeOptions } from './plugins/backend-probe.js'
import toolRegistry from './plugins/tool-registry.js'
import audit, { type AuditPluginOptions } from './plugins/audit.js'
import mcp, { type McpPluginOptions } from './plugins/mcp.js'
import { domains } from './domains/index.js'
import healthRoutes from './routes/health.js'
import dashboardRoutes, { type DashboardOptions } from './routes/api/dashboard.js'
import chatRoutes, { type ChatRouteOptions } from './routes/api/chat.js'
import notices, { type NoticesPluginOptions } from './plugins/notices.js'
import notify, { type NotifyPluginOptions } from './plugins/notify.js'
import keepRoutes from './routes/keep.js'
import keepApiRoutes from './routes/api/keeps.js'
import signInRoutes from './routes/api/signins.js'
import leavingApiRoutes from './routes/api/leaving.js'
import noticeRoutes from './routes/api/notices.js'
import openApiRoutes from './routes/api/openapi.js'
import webRoutes from './routes/web.js'
import setupRoutes, { type SetupRouteOptions } from './routes/api/setup.js'
import type { ToolDefinition } from './core/tool-types.js'
import { REDACTED, SECRET_FIELDS, serializeRequest } from './lib/request-log.js'
// --- memory after a burst
import memoryTrim, { type MemoryTrimOptions } from './plugins/memory-trim.js'

export interface BuildOptions {
  /** Fastify logger option; tests pass false. Defaults to pino at config.LOG_LEVEL with secrets redacted. */
  logger?: FastifyServerOptions['logger']
  /** DNS resolver for the URL guard (tests inject one so nothing leaves loopback). */
  resolver?: Resolver
  /** Extra tools registered beside the domains (the conformance suite's fixture tools). */
  extraTools?: ToolDefinition<any, any>[]
  /** Per-plugin options: tests and the bench tune lifetimes, clocks and limits here. */
  plugins?: {
    oauth?: OAuthPluginOptions
    jobs?: JobsPluginOptions
    audit?: AuditPluginOptions
    mcp?: McpPluginOptions
    backendProbe?: BackendProbeOptions
    dashboard?: DashboardOptions
    chat?: ChatRouteOptions
    notices?: NoticesPluginOptions
    notify?: NotifyPluginOptions
    setup?: SetupRouteOptions
    urlGuard?: Pick<UrlGuardPluginOptions, 'connect'>
    disk?: DiskPluginOptions
    memoryTrim?: MemoryTrimOptions
    backends?: BackendsPluginOptions
    libraryPrefetch?: LibraryPrefetchOptions
  }
}

export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'headers.authorization',
  ...SECRET_FIELDS.map(f => `*.${f}`), ...SECRET_KEYS.map(k => `config.${k}`)
]

/** Secrets and query values never reach a log line, whatever logger options a caller passes. */
function loggerOptions (config: Config, given: BuildOptions['logger']): FastifyServerOptions['logger'] {
  const safe = { redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers: { req: serializeRequest } }
  if (given === undefined) return { level: config.LOG_LEVEL, ...safe }
  return typeof given === 'object' ? { ...safe, ...given } : given
}

export async function buildApp (config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY === '' ? false : config.TRUST_PROXY,
    requestTimeout: 120_000,
    return503OnClosing: true
  })

  await app.register(configPlugin, { config })
  await app.register(shutdown)
  await app.register(originGuard)
  await app.register(auth)
  await app.register(oauth, options.plugins?.oauth ?? {})
  await app.register(pathSandbox)
  await app.register(disk, options.plugins?.disk ?? {})
  await app.register(urlGuard, { resolver: options.resolver, ...options.plugins?.urlGuard })
  await app.register(confirmTokens)
  await app.register(jobs, options.plugins?.jobs ?? {})
  await app.register(backends, options.plugins?.backends ?? {})
  await app.register(backendProbe, options.plugins?.backendProbe ?? {})
  await app.register(audit, options.plugins?.audit ?? {})
  await app.register(notify, options.plugins?.notify ?? {})
  await app.register(toolRegistry)
  for (const domain of domains) await app.register(domain)
  for (const tool of options.extraTools ?? []) app.tools.register(tool)
  await app.register(mcp, options.plugins?.mcp ?? {})
  await app.register(healthRoutes)
  await app.register(dashboardRoutes, options.plugins?.dashboard ?? {})
  await app.register(notices, options.plugins?.notices ?? {})
  await app.register(chatRoutes, options.plugins?.chat ?? {})
  await app.register(noticeRoutes)
  await app.register(keepRoutes)
  await app.register(keepApiRoutes)
  await app.register(signInRoutes)
  await app.register(leavingApiRoutes)
  await app.register(setupRoutes, options.plugins?.setup ?? {})
  await app.register(openApiRoutes)
  await app.register(webRoutes)
  await app.register(memoryTrim, options.plugins?.memoryTrim ?? {})
  // After the memory trim: each background list fetch it starts tells the trim it worked.
  await app.register(libraryPrefetch, options.plugins?.libraryPrefetch ?? {})
  return app
}
