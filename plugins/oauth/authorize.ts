// GET /authorize: validates the request in two phases. Until client_id and redirect_uri are trusted,
// errors are shown (never redirected: no open redirect). After that, errors go back to the client's
// redirect_uri with error=, state and iss. A valid request is approved automatically, or, with
// OAUTH_APPROVAL_PASSPHRASE set, through the approval page once per client and browser.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { randomToken, sha256hex } from '../../lib/secrets.js'
import type { OAuthContext } from './context.js'
import { optional, parseScopes, type Params } from './form.js'
import { isValidChallenge } from './pkce.js'
import { cookieJar, isOwnerBrowser } from './owner-session.js'
import { matchRedirectUri } from '../../core/redirect-uri.js'
import { DEFAULT_SCOPE, OAuthError, SUPPORTED_SCOPES, type ClientRecord } from './types.js'
import { renderErrorPage } from './pages.js'
import { ClientDocumentError } from './client-document.js'

/** A validated authorization request, ready to be approved. */
export interface AuthorizationRequest {
  client: ClientRecord
  redirectUri: string
  redirectUriSent: boolean
  state?: string
  codeChallenge: string
  scopes: string[]
  resource: string
  /** The issuer the client used (the `iss` of the answer). */
  issuer: string
  /** Whom the sign-in is for, once the approval page asked (NOTIFY_PEOPLE). */
  person?: string
  /** This browser approved this client before: the passphrase is not asked again. */
  remembered?: boolean
}

const MAX_STATE = 1024

/** Raised while the redirect_uri is not yet trusted: shown to the user, never redirected. */
export class UntrustedRequestError extends Error {}

export function authorizeRoute (app: FastifyInstance, ctx: OAuthContext, showApprovalPage: (req: AuthorizationRequest, reply: FastifyReply, request: FastifyRequest) => Promise<unknown>) {
  const jar = cookieJar(ctx.issuer)
  app.get('/authorize', async (request, reply) => {
    const params = request.query as Params
    let client: ClientRecord, redirectUri: string, redirectUriSent: boolean
    try {
      ({ client, redirectUri, redirectUriSent } = await trustClient(ctx, params))
    } catch (err) {
      if (err instanceof UntrustedRequestError || err instanceof OAuthError) return showError(request, reply, err.message)
      throw err
    }
    const stateRaw = params.state
    const state = typeof stateRaw === 'string' && stateRaw.length <= MAX_STATE ? stateRaw : undefined
    try {
      if (Array.isArray(stateRaw) || (typeof stateRaw === 'string' && stateRaw.length > MAX_STATE)) {
        throw new OAuthError('invalid_request', `state must be sent once and be at most ${MAX_STATE} characters.`)
      }
      const req = checkRequest(ctx, client, params, { redirectUri, redirectUriSent, state, issuer: ctx.issuerFor(request) })
      const remembered = req.scopes.every(s => client.approvedScopes.includes(s)) && isOwnerBrowser(jar, request, client)
      // With people named, every sign-in says whom it is for, even where approval is otherwise automatic.
      if (ctx.people.length === 0 && (ctx.passphrase === '' || remembered)) {
        return await approve(ctx, reply, req)
      }
      return await showApprovalPage({ ...req, remembered }, reply, request)
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err
      return redirectWith(ctx.issuerFor(request), reply, redirectUri, { error: err.code, error_description: err.description, ...(state !== undefined ? { state } : {}) })
    }
  })
}

async function trustClient (ctx: OAuthContext, params: Params) {
  const clientId = optional(params, 'client_id')
  if (clientId === undefined) throw new UntrustedRequestError('Missing client_id. The application must register (POST /register) and send its client_id.')
  let client: ClientRecord | undefined
  try {
    client = await ctx.clients.resolve(clientId)
  } catch (err) {
    if (err instanceof ClientDocumentError) throw new UntrustedRequestError(err.message)
    throw err
  }
  if (!client) throw new UntrustedRequestError('Unknown client_id. The application must register again (POST /register); registrations are lost when the server restarts with the memory store.')
  const requested = optional(params, 'redirect_uri')
  if (requested === undefined) {
    if (client.redirectUris.length !== 1) throw new UntrustedRequestError('Missing redirect_uri: this client registered several, so the request must name one.')
    return { client, redirectUri: client.redirectUris[0], redirectUriSent: false }
  }
  const match = matchRedirectUri(client.redirectUris, requested)
  if (!match) throw new UntrustedRequestError('redirect_uri does not match any redirect URI registered for this client. Nothing was sent to it.')
  return { client, redirectUri: match, redirectUriSent: true }
}

function checkRequest (ctx: OAuthContext, client: ClientRecord, params: Params, trusted: { redirectUri: string, redirectUriSent: boolean, state?: string, issuer: string }): AuthorizationRequest {
  const responseType = optional(params, 'response_type')
  if (responseType !== 'code') throw new OAuthError('unsupported_response_type', 'response_type must be "code".')
  const codeChallenge = optional(params, 'code_challenge')
  if (codeChallenge === undefined) throw new OAuthError('invalid_request', 'PKCE is required: send code_challenge and code_challenge_method=S256.')
  const method = optional(params, 'code_challenge_method')
  if (method !== 'S256') throw new OAuthError('invalid_request', `code_challenge_method must be S256 (${method === undefined ? 'a missing method means plain' : `"${method}"`} is not accepted).`)
  if (!isValidChallenge(codeChallenge)) throw new OAuthError('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code verifier.')
  const resource = optional(params, 'resource')
  if (resource !== undefined && !ctx.isOwnResource(resource)) throw new OAuthError('invalid_target', `This server only issues tokens for the resource ${trusted.issuer}/mcp.`)

  const requested = parseScopes(optional(params, 'scope'))
  const unknown = requested.filter(s => !(SUPPORTED_SCOPES as readonly string[]).includes(s))
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope ${unknown.join(', ')}; supported: ${SUPPORTED_SCOPES.join(' ')}.`)
  let scopes = requested.length > 0 ? requested : [DEFAULT_SCOPE]
  // `setup` is granted only by the owner on the approval page; automatic approval drops it.
  if (ctx.passphrase === '') scopes = scopes.filter(s => s !== 'setup')
  if (scopes.length === 0) throw new OAuthError('invalid_scope', 'The setup scope can only be granted on the approval page (set OAUTH_APPROVAL_PASSPHRASE); request the mcp scope.')
  return { client, ...trusted, codeChallenge, scopes, resource: resource ?? `${trusted.issuer}/mcp` }
}

/** Issues a 60-second single-use code bound to client, redirect_uri, PKCE challenge, resource and scopes. */
export async function approve (ctx: OAuthContext, reply: FastifyReply, req: AuthorizationRequest) {
  const now = ctx.now()
  const code = randomToken(32)
  await ctx.store.saveCode({
    hash: sha256hex(code),
    clientId: req.client.clientId,
    grantId: randomToken(16),
    redirectUri: req.redirectUri,
    redirectUriSent: req.redirectUriSent,
    codeChallenge: req.codeChallenge,
    resource: req.resource,
    scopes: req.scopes,
    ...(req.person !== undefined ? { person: req.person } : {}),
    expiresAt: now + ctx.lifetimes.code
  })
  await ctx.store.touchClient(req.client.clientId, now)
  return redirectWith(req.issuer, reply, req.redirectUri, { code, ...(req.state !== undefined ? { state: req.state } : {}) })
}

export function redirectWith (issuer: string, reply: FastifyReply, redirectUri: string, params: Record<string, string>) {
  // Appended, not re-serialized, so the registered URI's own query stays byte-for-byte intact.
  const query = new URLSearchParams({ ...params, iss: issuer }).toString()
  const location = redirectUri + (redirectUri.includes('?') ? '&' : '?') + query
  return reply.code(302).header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send()
}

function showError (request: FastifyRequest, reply: FastifyReply, message: string) {
  reply.code(400).header('cache-control', 'no-store')
  if (request.headers.accept?.includes('text/html')) return renderErrorPage(reply, message)
  return reply.send({ error: 'invalid_request', error_description: message })
}
