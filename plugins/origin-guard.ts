// Origin and Host guard (docs/security.md, "Origin and Host"; MCP transport "DNS rebinding"), CORS and rate limits.
// On /mcp, /api/* and the OAuth endpoints:
// - a browser Origin that is neither PUBLIC_URL's origin nor in ALLOWED_ORIGINS → 403 (requests
//   without Origin, such as the chat bot and native clients, pass on to authentication);
// - a Host that is not PUBLIC_URL's host, localhost/127.0.0.1/[::1] or in ALLOWED_HOSTS → 403, so a
//   page on a rebinding domain that resolves to this server cannot talk to it.
// CORS answers only allowed origins. Rate limits: strict per IP on the OAuth endpoints, generous on
// /mcp and /api/* keyed by the authenticated principal.
import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { ServerResponse } from 'node:http'
import { listSetting, type Config } from '../config.js'
import { redactPath, redactQuery } from '../lib/request-log.js'
import { originAliases } from '../lib/loopback-url.js'

/** Per-window request budgets. OAuth endpoints are keyed by client IP, the rest by principal (else IP); /mcp's max is MCP_RATE_LIMIT. */
export const RATE_LIMITS = {
  register: { max: 20, timeWindow: 10 * 60_000 },
  authorize: { max: 60, timeWindow: 60_000 },
  token: { max: 60, timeWindow: 60_000 },
  revoke: { max: 60, timeWindow: 60_000 },
  mcp: { max: 1200, timeWindow: 60_000 },
  api: { max: 600, timeWindow: 60_000 }
} as const
/** Distinct keys the in-memory limiter tracks (LRU). */
const RATE_LIMIT_KEYS = 10_000

export const CORS_EXPOSED_HEADERS = ['Mcp-Session-Id', 'WWW-Authenticate', 'Retry-After']
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'Last-Event-ID', 'Mcp-Method', 'Mcp-Name']
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1']
const OAUTH_PATHS = new Set(['/register', '/authorize', '/token', '/revoke'])

export interface OriginPolicy {
  origins: Set<string>
  hosts: Set<string>
}

const policies = new WeakMap<Config, OriginPolicy>()

/** The allowed origins and hosts for a config; throws with one line per bad entry. */
export function originPolicy (config: Config): OriginPolicy {
  const cached = policies.get(config)
  if (cached) return cached
  const publicUrl = new URL(config.PUBLIC_URL)
  const problems: string[] = []
  // A loopback PUBLIC_URL is reachable as localhost, 127.0.0.1 and [::1]: all three are its origin.
  const origins = new Set(originAliases(config.PUBLIC_URL))
  for (const entry of listSetting(config.ALLOWED_ORIGINS)) {
    try {
      const u = new URL(entry)
      if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin !== entry.replace(/\/$/, '').toLowerCase()) throw new Error('not an origin')
      origins.add(u.origin)
    } catch {
      problems.push(`ALLOWED_ORIGINS: "${entry}" is not an origin (expected scheme://host[:port], e.g. https://chat.example.com)`)
    }
  }
  const hosts = new Set([publicUrl.hostname.toLowerCase(), ...LOCAL_HOSTS])
  for (const entry of listSetting(config.ALLOWED_HOSTS)) {
    const host = hostnameOf(entry)
    if (host === undefined) problems.push(`ALLOWED_HOSTS: "${entry}" is not a host name (expected e.g. media.example.com or mcp-server)`)
    else hosts.add(host)
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map(p => `  - ${p}`).join('\n')}`)
  const policy = { origins, hosts }
  policies.set(config, policy)
  return policy
}

/** Lowercased host name without port ("[::1]:3000" → "[::1]"), or undefined when malformed. */
function hostnameOf (hostHeader: string): string | undefined {
  try {
    const u = new URL(`http://${hostHeader.trim()}`)
    if (u.username || u.password || u.pathname !== '/' || u.search || u.hash) return undefined
    return u.hostname.toLowerCase()
  } catch {
    return undefined
  }
}

/** Which guarded area a request belongs to, from the matched route (or the path for 404s/preflights). */
function areaOf (request: FastifyRequest): 'mcp' | 'api' | 'oauth' | undefined {
  const route = request.routeOptions.url
  const path = route && route !== '*' ? route : request.url.split('?')[0]
  return areaOfPath(path)
}

function areaOfPath (path: string): 'mcp' | 'api' | 'oauth' | undefined {
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp'
  if (path === '/api' || path.startsWith('/api/')) return 'api'
  if (OAUTH_PATHS.has(path)) return 'oauth'
  return undefined
}

function forbid (reply: FastifyReply, area: string, message: string) {
  reply.code(403).header('vary', 'Origin').header('cache-control', 'no-store')
  // The MCP transport spec allows a JSON-RPC error body without id on this 403.
  return area === 'mcp'
    ? reply.send({ jsonrpc: '2.0', error: { code: -32000, message: `Forbidden: ${message}` }, id: null })
    : reply.send({ error: 'forbidden', error_description: message })
}

/**
 * Why an Origin was refused and what to do. "null" is the opaque origin of a page that withholds its own
 * (a sandboxed frame, a local file, a page sent with no-referrer): no setting may allow it, since any
 * site can produce it, so the advice is to open the page from the server itself.
 */
export function refusedOrigin (origin: string, publicUrl: string): string {
  if (origin === 'null') return `Origin "null" (a page that withholds its origin: a sandboxed frame, a local file or a no-referrer page) cannot reach the server. Open the page from ${publicUrl}.`
  return `Origin "${origin}" is not allowed. Add it to ALLOWED_ORIGINS if this web page should reach the server.`
}

/**
 * Writes the CORS response headers straight onto a raw response, for routes that hijack the reply
 * (Fastify's onSend hooks, and with them @fastify/cors, never run for those).
 */
export function applyCorsHeaders (request: FastifyRequest, raw: ServerResponse) {
  const origin = request.headers.origin
  const vary = raw.getHeader('vary')
  if (!String(vary ?? '').toLowerCase().includes('origin')) raw.setHeader('vary', vary ? `${String(vary)}, Origin` : 'Origin')
  if (typeof origin !== 'string' || !originPolicy(request.server.config).origins.has(origin)) return
  raw.setHeader('access-control-allow-origin', origin)
  raw.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '))
}

export default fp(async function originGuard (app) {
  const policy = originPolicy(app.config)
  // The verdict per Host value, kept for the few names a server is reached by (parsing it as a URL on every
  // request cost more than the rest of the guard); names beyond those are checked each time.
  const hostVerdicts = new Map<string, boolean>()
  const hostAllowed = (hostname: string) => {
    let allowed = hostVerdicts.get(hostname)
    if (allowed === undefined) {
      const host = hostnameOf(hostname)
      allowed = host !== undefined && policy.hosts.has(host)
      if (hostVerdicts.size < 32) hostVerdicts.set(hostname, allowed)
    }
    return allowed
  }

  app.addHook('onRequest', async (request, reply) => {
    const area = areaOf(request)
    if (!area) return
    reply.header('vary', 'Origin')
    if (typeof request.headers.host !== 'string' || !hostAllowed(request.hostname)) {
      request.log.warn({ host: request.headers.host, url: redactQuery(redactPath(request.url)) }, 'request refused: Host not allowed')
      return forbid(reply, area, `Host "${String(request.headers.host ?? '')}" is not allowed. Use ${app.config.PUBLIC_URL} or add the name to ALLOWED_HOSTS.`)
    }
    const origin = request.headers.origin
    if (origin !== undefined && !policy.origins.has(origin)) {
      request.log.warn({ origin, url: redactQuery(redactPath(request.url)) }, 'request refused: Origin not allowed')
      return forbid(reply, area, refusedOrigin(origin, app.config.PUBLIC_URL))
    }
  })

  // Registered after the guard hook so a refused origin never reaches the preflight handler.
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && policy.origins.has(origin) ? origin : false),
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600
  })

  // Attach the limits to matching routes as they are declared (routes may set their own config.rateLimit).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config && 'rateLimit' in route.config) return
    const area = areaOfPath(route.url ?? '')
    if (!area) return
    const name = area === 'oauth' ? route.url.slice(1) as 'register' | 'authorize' | 'token' | 'revoke' : area
    const limit = name === 'mcp' ? { ...RATE_LIMITS.mcp, max: app.config.MCP_RATE_LIMIT } : RATE_LIMITS[name]
    route.config = {
      ...route.config,
      rateLimit: area === 'oauth'
        ? { ...limit }
        : { ...limit, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => req.principal ? `principal:${req.principal.id}` : `ip:${req.ip}` }
    } as RouteOptions['config']
  })
  await app.register(rateLimit, {
    global: false,
    cache: RATE_LIMIT_KEYS,
    errorResponseBuilder: (request, ctx) => Object.assign(
      new Error(`Too many requests to ${request.url.split('?')[0]}; retry in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} s.`),
      { statusCode: ctx.statusCode }
    )
  })
}, { name: 'origin-guard', dependencies: ['config'] })
