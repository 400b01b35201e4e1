// Bearer authentication for /mcp and /api/*: the INTERNAL_API_KEY (chat bot) or an OAuth access token
// (verified by the verifier the oauth plugin installs). Sets request.principal or answers 401 (RFC 6750).
// Tokens are read from the Authorization header only: a token in the query string is refused, never used.
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { INTERNAL_PRINCIPAL, type Principal } from '../core/principal.js'
import { secretMatcher } from '../lib/secrets.js'
import { baseUrlFor } from '../lib/loopback-url.js'

/** A token the verifier knows but refuses, with why (said to the client instead of the generic refusal). */
export interface RefusedToken { refused: string }

/** Verifies an OAuth access token for this server's resource; returns undefined when invalid or expired. */
export type AccessTokenVerifier = (token: string) => Promise<Principal | RefusedToken | undefined> | Principal | RefusedToken | undefined

/** The internal key is compared against, never parsed; shorter keys are guessable and only warned about. */
const MIN_INTERNAL_KEY_LENGTH = 32

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: authenticates the bearer or replies 401 with WWW-Authenticate. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler factory (after authenticate): 403 insufficient_scope unless the principal holds `scope`. */
    requireScope: (scope: string) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Installed by the oauth plugin. */
    setAccessTokenVerifier: (verifier: AccessTokenVerifier) => void
  }
  interface FastifyRequest {
    principal?: Principal
  }
}

export default fp(async function authPlugin (app) {
  const { INTERNAL_API_KEY, PUBLIC_URL } = app.config
  let verifier: AccessTokenVerifier = () => undefined
  if (INTERNAL_API_KEY === '') app.log.warn('INTERNAL_API_KEY is not set: internal (chat bot) authentication is off; only OAuth tokens are accepted')
  else if (INTERNAL_API_KEY.length < MIN_INTERNAL_KEY_LENGTH) app.log.warn(`INTERNAL_API_KEY is shorter than ${MIN_INTERNAL_KEY_LENGTH} characters; use a long random value (e.g. openssl rand -base64 32)`)

  // The metadata links follow the name the client used (a loopback PUBLIC_URL accepts all three).
  const linksFor = (request: FastifyRequest) => {
    const base = baseUrlFor(PUBLIC_URL, request.headers.host)
    return {
      resource_metadata: `${base}/.well-known/oauth-protected-resource/mcp`,
      authorization_server_metadata: `${base}/.well-known/oauth-authorization-server`
    }
  }
  app.decorate('setAccessTokenVerifier', (v: AccessTokenVerifier) => { verifier = v })
  app.decorateRequest('principal', undefined)

  const isInternalKey = INTERNAL_API_KEY === '' ? () => false : secretMatcher(INTERNAL_API_KEY)

  app.decorate('authenticate', async function authenticate (request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown> | undefined
    if (query && typeof query === 'object' && 'access_token' in query) {
      const links = linksFor(request)
      const resourceMetadata = links.resource_metadata
      return reply.code(400)
        .header('www-authenticate', `Bearer resource_metadata="${resourceMetadata}", error="invalid_request", error_description="Send the token in the Authorization header, not the query string"`)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: 'Access tokens are not accepted in the query string. Send them as "Authorization: Bearer <token>".', ...links })
    }
    const header = request.headers.authorization
    const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim()) : null
    if (match) {
      const token = match[1]
      if (isInternalKey(token)) {
        request.principal = INTERNAL_PRINCIPAL
        return
      }
      const verified = await verifier(token)
      if (verified && 'refused' in verified) return refuseToken(request, reply, verified.refused)
      if (verified) {
        request.principal = verified
        return
      }
    }
    // Only a refusal needs the metadata links (they follow the Host the client used).
    const links = linksFor(request)
    const resourceMetadata = links.resource_metadata
    const sent = header !== undefined
    const internal = INTERNAL_API_KEY === ''
      ? 'Internal clients: INTERNAL_API_KEY is not set on this server, so only OAuth tokens are accepted.'
      : 'Internal clients (the chat bot): send exactly the INTERNAL_API_KEY the server was started with.'
    const challenge = `Bearer resource_metadata="${resourceMetadata}"` + (sent ? ', error="invalid_token", error_description="The access token is missing, malformed, expired or not issued for this server"' : '')
    return reply.code(401).header('www-authenticate', challenge).header('cache-control', 'no-store').send({
      error: sent ? 'invalid_token' : 'unauthorized',
      error_description: sent
        ? `The bearer token is neither a valid OAuth access token for this server (it may have expired, been revoked or been issued for another resource) nor the INTERNAL_API_KEY. OAuth clients: refresh the token or sign in again. ${internal}`
        : 'Authentication required. Use OAuth 2 (see the metadata documents) or the internal API key as a Bearer token.',
      ...links
    })
  })

  /** A known token refused for a stated reason (the owner ended its sign-in): the reason is the description. */
  function refuseToken (request: FastifyRequest, reply: FastifyReply, why: string) {
    const links = linksFor(request)
    return reply.code(401)
      .header('www-authenticate', `Bearer resource_metadata="${links.resource_metadata}", error="invalid_token", error_description="${why.replace(/["\\]/g, '')}"`)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_token', error_description: why, ...links })
  }

  app.decorate('requireScope', (scope: string) => async function requireScope (request: FastifyRequest, reply: FastifyReply) {
    if (request.principal?.scopes.includes(scope)) return
    const links = linksFor(request)
    const resourceMetadata = links.resource_metadata
    return reply.code(403)
      .header('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadata}"`)
      .header('cache-control', 'no-store')
      .send({ error: 'insufficient_scope', error_description: `This needs the "${scope}" scope. Sign in again and approve it.`, scope, ...links })
  })
}, { name: 'auth', dependencies: ['config'] })
