// GET /api/openapi.json: an OpenAPI 3.1 document of the /api/* routes, built from the same route
// declarations and TypeBox schemas the server registers (dashboard/routes.ts, chat.ts), so it cannot drift.
// Public (no token): it describes the interface, never data.
import fp from 'fastify-plugin'
import { packageVersion } from '../../core/package-version.js'
import { Type, type TSchema } from '@sinclair/typebox'
import type { ApiRoute } from './kit/api-route.js'
import { DASHBOARD_ROUTES } from './dashboard/routes.js'
import { ApiError } from './dashboard/schemas.js'
import { CHAT_ROUTES } from './chat.js'
import { NOTICE_ROUTES } from './notices.js'
import { SETUP_ROUTES } from './setup.js'
import { KEEP_ROUTES } from './keeps/routes.js'
import { SIGNIN_ROUTES } from './signins/routes.js'
import { LEAVING_ROUTES } from './leaving/routes.js'

const OAuthErrorBody = Type.Object({
  error: Type.String({ description: 'unauthorized, invalid_token, forbidden, …' }),
  error_description: Type.String({ description: 'What went wrong and what to do' })
}, { description: 'Bearer and origin errors (RFC 6750 style)' })

/** Every /api route, in the order the document lists them. */
export const API_ROUTES: ApiRoute[] = [...Object.values(DASHBOARD_ROUTES), ...Object.values(CHAT_ROUTES), ...Object.values(NOTICE_ROUTES), ...Object.values(SETUP_ROUTES), ...Object.values(KEEP_ROUTES), ...Object.values(SIGNIN_ROUTES), ...Object.values(LEAVING_ROUTES)]

/** A plain JSON Schema: TypeBox's symbol keys are not JSON, and stringify/parse drops them. */
const plain = (s: TSchema) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>

/** `/api/x/:id/stop` → `/api/x/{id}/stop` */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

function operation (r: ApiRoute) {
  const responses: Record<string, unknown> = {}
  for (const [status, schema] of Object.entries(r.schema.response ?? {})) {
    const s = plain(schema)
    responses[status] = { description: typeof s.description === 'string' ? s.description : status === '200' ? 'OK' : 'Error', content: { 'application/json': { schema: s } } }
  }
  if (r.events) {
    responses['200'] = {
      description: `text/event-stream; events: ${Object.keys(r.events).join(', ')}. Each event's data is one JSON object (schemas under x-events).`,
      content: { 'text/event-stream': { schema: { type: 'string' } } }
    }
  }
  for (const [status, description] of Object.entries(r.errors ?? {})) {
    responses[status] ??= { description, content: { 'application/json': { schema: plain(ApiError) } } }
  }
  responses['400'] ??= { description: 'Invalid parameters or body', content: { 'application/json': { schema: plain(ApiError) } } }
  responses['401'] = { description: 'Missing, expired or invalid bearer token', content: { 'application/json': { schema: plain(OAuthErrorBody) } } }
  responses['403'] = { description: 'Origin or Host not allowed', content: { 'application/json': { schema: plain(OAuthErrorBody) } } }
  responses['429'] ??= { description: 'Rate limited', content: { 'application/json': { schema: plain(ApiError) } } }

  const parameters: unknown[] = []
  const params = r.schema.params ? plain(r.schema.params) : undefined
  for (const [name, schema] of Object.entries((params?.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    parameters.push({ name, in: 'path', required: true, description: schema.description, schema })
  }
  return {
    operationId: `${r.method.toLowerCase()}${openApiPath(r.url).replace(/[{}]/g, '').split(/[/-]/).filter(Boolean).map(p => p[0].toUpperCase() + p.slice(1)).join('')}`,
    summary: r.schema.summary,
    description: r.schema.description,
    tags: r.schema.tags,
    security: [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(r.schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(r.schema.body) } } } } : {}),
    responses,
    ...(r.events ? { 'x-events': Object.fromEntries(Object.entries(r.events).map(([k, v]) => [k, plain(v)])) } : {})
  }
}

export function buildOpenApiDocument (publicUrl: string, version: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const r of API_ROUTES) {
    const path = openApiPath(r.url)
    paths[path] ??= {}
    paths[path][r.method.toLowerCase()] = operation(r)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mediastack MCP web API',
      version,
      description: 'The browser-callable API behind the dashboard and the web chat. Every route needs a bearer token (an OAuth access token from this server, or the internal key) and, from a browser, an allowed Origin.'
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: `OAuth 2.1 access token (authorization code + PKCE; metadata at ${publicUrl}/.well-known/oauth-authorization-server) or INTERNAL_API_KEY` }
      }
    },
    paths
  }
}

export default fp(async function openApiRoutes (app) {
  let doc: string | undefined
  app.get('/api/openapi.json', { config: { rateLimit: false } }, async (_request, reply) => {
    doc ??= JSON.stringify(buildOpenApiDocument(app.config.PUBLIC_URL, packageVersion()))
    return reply.type('application/json').header('cache-control', 'public, max-age=300').send(doc)
  })
}, { name: 'openapi-routes', dependencies: ['config'] })
