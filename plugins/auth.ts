// Bearer authentication for /mcp and /api/*: the INTERNAL_API_KEY (chat bot) or an OAuth access token
// (verified by the verifier the oauth plugin installs). Sets request.principal or answers 401 (RFC 6750).
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { INTERNAL_PRINCIPAL, type Principal } from '../lib/principal.js'
import { safeEqual } from '../lib/secrets.js'

/** Verifies an OAuth access token for this server's resource; returns undefined when invalid or expired. */
export type AccessTokenVerifier = (token: string) => Promise<Principal | undefined> | Principal | undefined

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: authenticates the bearer or replies 401 with WWW-Authenticate. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
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

  const resourceMetadata = `${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp`
  app.decorate('setAccessTokenVerifier', (v: AccessTokenVerifier) => { verifier = v })
  app.decorateRequest('principal', undefined)
  app.decorate('authenticate', async function authenticate (request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization
    const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim()) : null
    if (match) {
      const token = match[1]
      if (INTERNAL_API_KEY !== '' && safeEqual(token, INTERNAL_API_KEY)) {
        request.principal = INTERNAL_PRINCIPAL
        return
      }
      const principal = await verifier(token)
      if (principal) {
        request.principal = principal
        return
      }
    }
    const sent = header !== undefined
    const challenge = `Bearer resource_metadata="${resourceMetadata}"` + (sent ? ', error="invalid_token", error_description="The access token is missing, malformed, expired or not issued for this server"' : '')
    return reply.code(401).header('www-authenticate', challenge).header('cache-control', 'no-store').send({
      error: sent ? 'invalid_token' : 'unauthorized',
      error_description: sent
        ? 'The bearer token is invalid, expired or was issued for another resource. Refresh it or sign in again.'
        : 'Authentication required. Use OAuth 2 (see the metadata documents) or the internal API key as a Bearer token.',
      resource_metadata: resourceMetadata,
      authorization_server_metadata: `${PUBLIC_URL}/.well-known/oauth-authorization-server`
    })
  })
}, { name: 'auth', dependencies: ['config'] })
