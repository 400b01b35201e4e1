// POST /register: dynamic client registration (RFC 7591). Validates the metadata we act on, ignores
// the rest (application_type, logo_uri, ...), and answers 201 with the client_id (plus a client_secret
// unless the client is public).
import type { FastifyInstance } from 'fastify'
import { randomToken, sha256hex } from '../../lib/secrets.js'
import type { OAuthContext } from './context.js'
import { parseScopes } from './form.js'
import { checkRedirectUri, MAX_REDIRECT_URIS } from '../../core/redirect-uri.js'
import { OAuthError, SUPPORTED_SCOPES, type ClientRecord, type GrantType, type TokenEndpointAuthMethod } from './types.js'

const AUTH_METHODS: TokenEndpointAuthMethod[] = ['none', 'client_secret_post', 'client_secret_basic']
const GRANT_TYPES: GrantType[] = ['authorization_code', 'refresh_token']
const MAX_NAME = 200

export function registrationRoute (app: FastifyInstance, ctx: OAuthContext) {
  app.post('/register', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    if (!String(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      throw new OAuthError('invalid_client_metadata', 'Send the client metadata as a JSON object (Content-Type: application/json).')
    }
    const client = await register(ctx, request.body, request.ip)
    return reply.code(201).header('cache-control', 'no-store').send(client)
  })
}

async function register (ctx: OAuthContext, body: unknown, sourceIp: string) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_client_metadata', 'Send the client metadata as a JSON object (Content-Type: application/json).')
  }
  const meta = body as Record<string, unknown>

  const uris = meta.redirect_uris
  if (!Array.isArray(uris) || uris.length === 0) throw new OAuthError('invalid_redirect_uri', 'redirect_uris is required: a list of 1 to 5 redirect URIs.')
  if (uris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri', `Too many redirect_uris (${uris.length}); at most ${MAX_REDIRECT_URIS}.`)
  for (const uri of uris) {
    const problem = checkRedirectUri(uri)
    if (problem) throw new OAuthError('invalid_redirect_uri', `Invalid redirect URI: ${problem}.`)
  }

  const authMethod = meta.token_endpoint_auth_method ?? 'client_secret_basic'
  if (!AUTH_METHODS.includes(authMethod as TokenEndpointAuthMethod)) {
    throw new OAuthError('invalid_client_metadata', `token_endpoint_auth_method must be one of: ${AUTH_METHODS.join(', ')}.`)
  }
  const grantTypes = meta.grant_types ?? GRANT_TYPES
  if (!Array.isArray(grantTypes) || grantTypes.length === 0 || !grantTypes.every(g => GRANT_TYPES.includes(g))) {
    throw new OAuthError('invalid_client_metadata', `grant_types must be a non-empty subset of: ${GRANT_TYPES.join(', ')}.`)
  }
  if (!grantTypes.includes('authorization_code')) throw new OAuthError('invalid_client_metadata', 'grant_types must include authorization_code.')
  const responseTypes = meta.response_types ?? ['code']
  if (!Array.isArray(responseTypes) || responseTypes.length !== 1 || responseTypes[0] !== 'code') {
    throw new OAuthError('invalid_client_metadata', 'response_types must be ["code"].')
  }
  const name = meta.client_name
  // eslint-disable-next-line no-control-regex
  if (name !== undefined && (typeof name !== 'string' || name.length > MAX_NAME || /[\x00-\x1f\x7f]/.test(name))) {
    throw new OAuthError('invalid_client_metadata', `client_name must be a string of at most ${MAX_NAME} characters without control characters.`)
  }
  const scope = meta.scope
  if (scope !== undefined) {
    const unknown = typeof scope === 'string' ? parseScopes(scope).filter(s => !(SUPPORTED_SCOPES as readonly string[]).includes(s)) : ['(not a string)']
    if (unknown.length > 0) throw new OAuthError('invalid_client_metadata', `Unknown scope ${unknown.join(', ')}; supported: ${SUPPORTED_SCOPES.join(' ')}.`)
  }

  const now = ctx.now()
  const secret = authMethod === 'none' ? undefined : randomToken(32)
  const record: ClientRecord = {
    clientId: `mcp_${randomToken(18)}`,
    ...(secret ? { secretHash: sha256hex(secret) } : {}),
    authMethod: authMethod as TokenEndpointAuthMethod,
    redirectUris: [...new Set(uris as string[])],
    grantTypes: [...new Set(grantTypes as GrantType[])],
    ...(typeof name === 'string' && name.trim() !== '' ? { clientName: name.trim() } : {}),
    createdAt: now,
    lastUsedAt: now,
    approvedScopes: [],
    registeredFrom: sha256hex(sourceIp).slice(0, 16)
  }
  await ctx.store.saveClient(record)
  // A client_id is what a sign-in presents, so it is logged at debug only, never at info.
  ctx.log.info({ clientName: record.clientName, authMethod: record.authMethod }, 'OAuth client registered')
  ctx.log.debug({ clientId: record.clientId }, 'registered OAuth client id')
  return {
    client_id: record.clientId,
    client_id_issued_at: Math.floor(now / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    redirect_uris: record.redirectUris,
    token_endpoint_auth_method: record.authMethod,
    grant_types: record.grantTypes,
    response_types: ['code'],
    ...(record.clientName ? { client_name: record.clientName } : {}),
    ...(typeof scope === 'string' ? { scope } : {})
  }
}
