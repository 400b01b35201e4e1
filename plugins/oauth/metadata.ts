// Discovery documents: RFC 8414 authorization server metadata and RFC 9728 protected resource metadata
// (root and path-specific for /mcp). Built once from PUBLIC_URL.
import type { FastifyInstance } from 'fastify'
import { endpoints, type OAuthContext } from './context.js'
import { SUPPORTED_SCOPES } from './types.js'

export function metadataRoutes (app: FastifyInstance, ctx: OAuthContext) {
  const urls = endpoints(ctx.issuer)
  const authorizationServer = Object.freeze({
    issuer: ctx.issuer,
    authorization_endpoint: urls.authorization,
    token_endpoint: urls.token,
    registration_endpoint: urls.registration,
    revocation_endpoint: urls.revocation,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    scopes_supported: [...SUPPORTED_SCOPES],
    authorization_response_iss_parameter_supported: true
  })
  const protectedResource = Object.freeze({
    resource: ctx.resource,
    authorization_servers: [ctx.issuer],
    bearer_methods_supported: ['header'],
    scopes_supported: ['mcp'],
    resource_name: 'Mediastack MCP'
  })

  app.get('/.well-known/oauth-authorization-server', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(authorizationServer))
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    app.get(path, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(protectedResource))
  }
}
