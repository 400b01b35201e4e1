// Client authentication at /token and /revoke (RFC 6749 §2.3), exactly as the client registered:
// none (public client, client_id in the body), client_secret_post or client_secret_basic.
// Secrets are compared in constant time against the stored hash.
import type { FastifyRequest } from 'fastify'
import { timingSafeEqual } from 'node:crypto'
import { sha256 } from '../../lib/secrets.js'
import type { OAuthContext } from './context.js'
import { optional, type Params } from './form.js'
import { OAuthError, type ClientRecord } from './types.js'
import { ClientDocumentError } from './client-document.js'

/** invalid_client from a Basic attempt must carry WWW-Authenticate (RFC 6749 §5.2). */
export class InvalidClientError extends OAuthError {
  constructor (description: string, readonly basic: boolean) {
    super('invalid_client', description)
  }
}

export async function authenticateClient (ctx: OAuthContext, request: FastifyRequest, params: Params): Promise<ClientRecord> {
  const basic = parseBasic(request.headers.authorization)
  const bodyId = optional(params, 'client_id')
  const bodySecret = optional(params, 'client_secret')
  if (basic && bodySecret !== undefined) throw new OAuthError('invalid_request', 'Send the client secret either in the Authorization header or in the body, not both.')
  if (basic && bodyId !== undefined && bodyId !== basic.id) throw new OAuthError('invalid_request', 'client_id in the body differs from the one in the Authorization header.')
  const clientId = basic?.id ?? bodyId
  if (clientId === undefined) throw new InvalidClientError('Client authentication failed: no client_id. Send client_id (public clients) or HTTP Basic credentials.', false)
  let client: ClientRecord | undefined
  try {
    client = await ctx.clients.resolve(clientId)
  } catch (err) {
    if (err instanceof ClientDocumentError) throw new InvalidClientError(err.message, basic !== undefined)
    throw err
  }
  if (!client) throw new InvalidClientError('Unknown client_id. Register the client again (POST /register).', basic !== undefined)

  const method = basic ? 'client_secret_basic' : bodySecret !== undefined ? 'client_secret_post' : 'none'
  // A pre-registered client with a secret may send it either way; a registered one as it registered.
  const sameKind = client.source === 'configured' && method !== 'none' && client.authMethod !== 'none'
  if (method !== client.authMethod && !sameKind) {
    throw new InvalidClientError(`This client registered token_endpoint_auth_method "${client.authMethod}" but authenticated with "${method}".`, basic !== undefined)
  }
  if (method !== 'none') {
    const secret = basic?.secret ?? bodySecret ?? ''
    if (!client.secretHash || !timingSafeEqual(sha256(secret), Buffer.from(client.secretHash, 'hex'))) {
      throw new InvalidClientError('Client authentication failed: wrong client secret.', basic !== undefined)
    }
  }
  return client
}

function parseBasic (header: string | undefined): { id: string, secret: string } | undefined {
  const match = typeof header === 'string' ? /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim()) : null
  if (!match) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) throw new InvalidClientError('Malformed Basic credentials: expected base64(client_id:client_secret).', true)
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) }
  } catch {
    throw new InvalidClientError('Malformed Basic credentials: bad percent-encoding.', true)
  }
}
