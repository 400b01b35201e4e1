// Discovery documents: RFC 8414 authorization server metadata and RFC 9728 protected resource metadata
// (root and path-specific for /mcp). Built from PUBLIC_URL, under the loopback name the client used
// when PUBLIC_URL is a loopback address (lib/loopback-url.ts), once per name.
import type { FastifyInstance } from 'fastify'
import { endpoints, type OAuthContext } from './context.js'
import { SUPPORTED_SCOPES } from './types.js'

export function metadataRoutes (app: FastifyInstance, ctx: OAuthContext) {
  const built = new Map<string, ReturnType<typeof documents>>()
  const docsFor = (issuer: string) => {
    let docs = built.get(issuer)
    if (!docs) built.set(issuer, docs = documents(issuer))
    return docs
  }

  app.get('/.well-known/oauth-authorization-server', async (request, reply) =>
    reply.header('cache-control', 'public, max-age=300').header('vary', 'Host').send(docsFor(ctx.issuerFor(request)).authorizationServer))
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    app.get(path, async (request, reply) => reply.header('cache-control', 'public, max-age=300').header('vary', 'Host').send(docsFor(ctx.issuerFor(request)).protectedResource))
  }
}

function documents (issuer: string) {
  const urls = endpoints(issuer)
  const authorizationServer = Object.freeze({
    issuer,
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
    authorization_response_iss_parameter_supported: true,
    // An https client_id is read as the client's metadata document (client-document.ts); `none` is listed above,
    // which clients such as Claude require before they use one.
    client_id_metadata_document_supported: true
  })
  const protectedResource = Object.freeze({
    resource: `${issuer}/mcp`,
    authorization_servers: [issuer],
    bearer_methods_supported: ['header'],
    scopes_supported: ['mcp'],
    resource_name: 'Mediastack MCP'
  })

  return { authorizationServer, protectedResource }
}
