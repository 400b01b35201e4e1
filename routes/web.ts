// The dashboard page: GET / redirects to /dashboard; /dashboard (and its OAuth callback) serve
// web/index.html; the page's own scripts and styles are served from /dashboard/<file>. Files are read
// once at start (a small fixed set, no directory walking per request), sent with a strict CSP that
// allows no inline script, and never contain a secret: the page signs in through OAuth like any client.
import fp from 'fastify-plugin'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { webDir } from '../core/web-dir.js'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'"
].join('; ')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json'
}

interface Asset { body: Buffer, type: string, etag: string }

function loadAssets (dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  for (const name of readdirSync(dir)) {
    const type = TYPES[extname(name)]
    if (!type || !/^[a-z0-9][a-z0-9._-]*$/.test(name)) continue
    const body = readFileSync(join(dir, name))
    assets.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` })
  }
  return assets
}

export interface WebRouteOptions { dir?: string }

export default fp<WebRouteOptions>(async function webRoutes (app, opts) {
  const assets = loadAssets(opts.dir ?? webDir())
  const page = assets.get('index.html')!

  function send (request: FastifyRequest, reply: FastifyReply, asset: Asset) {
    reply
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer') // the callback URL carries the authorization code
      .header('x-frame-options', 'DENY')
      .header('cross-origin-opener-policy', 'same-origin')
      .header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
      // Revalidated each time: a new server version must never run with an old script.
      .header('cache-control', 'no-cache')
      .header('etag', asset.etag)
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send()
    return reply.type(asset.type).send(asset.body)
  }

  app.get('/', async (_request, reply) => reply.redirect('/dashboard', 302))
  for (const url of ['/dashboard', '/dashboard/', '/dashboard/callback']) {
    app.get(url, async (request, reply) => send(request, reply, page))
  }
  app.get<{ Params: { file: string } }>('/dashboard/:file', async (request, reply) => {
    const asset = request.params.file === 'index.html' ? undefined : assets.get(request.params.file)
    if (!asset) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not_found', message: `No dashboard file ${request.params.file}.`, hint: 'Open /dashboard.' })
    return send(request, reply, asset)
  })
}, { name: 'web-routes' })
