// POST /token (RFC 6749 §3.2, form-urlencoded): authorization_code and refresh_token grants, and
// POST /revoke (RFC 7009). Responses are never cached.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sha256hex } from '../../lib/secrets.js'
import { authenticateClient } from './client-auth.js'
import type { OAuthContext } from './context.js'
import { FORM_BODY_LIMIT, optional, parseScopes, required, type Params } from './form.js'
import { exchangeCode, refreshGrant } from './grants.js'
import { OAuthError } from './types.js'

export function tokenRoutes (app: FastifyInstance, ctx: OAuthContext) {
  app.post('/token', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const params = formBody(request)
    const grantType = required(params, 'grant_type', 'Use authorization_code or refresh_token.')
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthError('unsupported_grant_type', `grant_type "${grantType}" is not supported; use authorization_code or refresh_token.`)
    }
    const client = await authenticateClient(ctx, request, params)
    const resource = optional(params, 'resource')
    if (resource !== undefined && !ctx.isOwnResource(resource)) throw new OAuthError('invalid_target', `This server only issues tokens for the resource ${ctx.issuerFor(request)}/mcp.`)
    const tokens = grantType === 'authorization_code'
      ? await exchangeCode(ctx, client, {
        code: required(params, 'code'),
        redirectUri: optional(params, 'redirect_uri'),
        verifier: optional(params, 'code_verifier'),
        resource
      })
      : await refreshGrant(ctx, client, { refreshToken: required(params, 'refresh_token'), scope: parseScopes(optional(params, 'scope')), resource })
    await ctx.store.touchClient(client.clientId, ctx.now())
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens)
  })

  app.post('/revoke', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const params = formBody(request)
    const token = required(params, 'token')
    const client = await authenticateClient(ctx, request, params)
    const record = await ctx.store.getToken(sha256hex(token))
    // RFC 7009 §2.2: unknown tokens (and tokens of other clients, which we do not touch) still get 200.
    if (record && record.clientId === client.clientId) {
      if (record.kind === 'refresh') await ctx.store.revokeGrant(record.grantId)
      else await ctx.store.deleteToken(record.hash)
    }
    return reply.header('cache-control', 'no-store').code(200).send({})
  })
}

function formBody (request: FastifyRequest): Params {
  const body = request.body
  const form = String(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')
  if (!form || typeof body !== 'object' || body === null) {
    throw new OAuthError('invalid_request', 'Send the parameters as an application/x-www-form-urlencoded body.')
  }
  return body as Params
}
