// Token issuance and the two grant types: authorization_code (single-use code, replay revokes what it
// issued) and refresh_token (rotation, replay of a rotated token revokes the whole family).
// Also the resource-server check used by the bearer auth.
import { randomToken, sha256hex } from '../../lib/secrets.js'
import type { Principal } from '../../core/principal.js'
import type { RefusedToken } from '../auth.js'
import type { OAuthContext } from './context.js'
import { verifierMatches, isValidVerifier } from './pkce.js'
import { OAuthError, type ClientRecord, type TokenRecord } from './types.js'
import { personNamed } from './people.js'

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token?: string
  scope: string
}

/** What a grant carries from its first tokens to every refresh: whom it is for and when it began. */
export interface GrantOrigin { person?: string, signedInAt?: number }

export async function issueTokens (ctx: OAuthContext, client: ClientRecord, grantId: string, scopes: string[], resource: string, origin: GrantOrigin = {}): Promise<TokenResponse> {
  const now = ctx.now()
  const access = randomToken(32)
  const withRefresh = client.grantTypes.includes('refresh_token')
  const refresh = withRefresh ? randomToken(32) : undefined
  const { person, signedInAt = now } = origin
  const base = { grantId, clientId: client.clientId, scopes, resource, issuedAt: now, signedInAt, ...(person !== undefined ? { person } : {}) }
  const records: TokenRecord[] = [{ ...base, hash: sha256hex(access), kind: 'access', expiresAt: now + ctx.lifetimes.access }]
  if (refresh) records.push({ ...base, hash: sha256hex(refresh), kind: 'refresh', expiresAt: now + ctx.lifetimes.refresh })
  await ctx.store.saveTokens(records)
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: Math.floor(ctx.lifetimes.access / 1000),
    ...(refresh ? { refresh_token: refresh } : {}),
    scope: scopes.join(' ')
  }
}

export interface CodeExchange { code: string, redirectUri?: string, verifier?: string, resource?: string }

export async function exchangeCode (ctx: OAuthContext, client: ClientRecord, req: CodeExchange): Promise<TokenResponse> {
  const now = ctx.now()
  // Taken (marked used) before any other check: a code can only ever be tried once.
  const code = await ctx.store.takeCode(sha256hex(req.code), now)
  if (!code) throw new OAuthError('invalid_grant', 'The authorization code is unknown or has expired. Start the authorization again.')
  if (code.usedAt !== undefined) {
    await ctx.store.revokeGrant(code.grantId)
    ctx.log.warn({ grant: code.grantId.slice(0, 8) }, 'authorization code replayed; tokens issued from it were revoked')
    throw new OAuthError('invalid_grant', 'The authorization code was already used; the tokens issued from it have been revoked. Start the authorization again.')
  }
  if (code.expiresAt <= now) throw new OAuthError('invalid_grant', 'The authorization code has expired (codes live 60 seconds). Start the authorization again.')
  if (code.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.')
  if (req.redirectUri === undefined ? code.redirectUriSent : req.redirectUri !== code.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri does not match the one used in the authorization request.')
  }
  if (req.verifier === undefined) throw new OAuthError('invalid_request', 'Missing code_verifier: PKCE is required.')
  if (!isValidVerifier(req.verifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636).')
  if (!verifierMatches(req.verifier, code.codeChallenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge of the authorization request.')
  if (req.resource !== undefined && req.resource !== code.resource) {
    throw new OAuthError('invalid_target', `resource must be ${code.resource}, the resource the code was issued for.`)
  }
  const tokens = await issueTokens(ctx, client, code.grantId, code.scopes, code.resource, { ...(code.person !== undefined && { person: code.person }), signedInAt: now })
  try { ctx.onSignIn?.({ clientId: client.clientId, clientName: client.clientName, scopes: code.scopes }) } catch { /* a notice never fails a sign-in */ }
  return tokens
}

export interface RefreshRequest { refreshToken: string, scope?: string[], resource?: string }

export async function refreshGrant (ctx: OAuthContext, client: ClientRecord, req: RefreshRequest): Promise<TokenResponse> {
  if (!client.grantTypes.includes('refresh_token')) throw new OAuthError('unauthorized_client', 'This client did not register the refresh_token grant type.')
  const now = ctx.now()
  const hash = sha256hex(req.refreshToken)
  const peek = await ctx.store.getToken(hash)
  // A token of another client is not touched (it would let one client burn another's family).
  if (!peek || peek.kind !== 'refresh' || peek.clientId !== client.clientId) {
    throw new OAuthError('invalid_grant', 'The refresh token is unknown, revoked or was issued to another client. Sign in again.')
  }
  if (peek.endedAt !== undefined) throw new OAuthError('invalid_grant', ENDED)
  if (peek.usedAt !== undefined) return replayed(ctx, peek)
  // Every check that can fail runs before the token is consumed, so a bad request never burns it.
  if (peek.expiresAt <= now) throw new OAuthError('invalid_grant', 'The refresh token has expired. Sign in again.')
  if (req.resource !== undefined && req.resource !== peek.resource) {
    throw new OAuthError('invalid_target', `resource must be ${peek.resource}, the resource this sign-in was issued for.`)
  }
  const scopes = req.scope && req.scope.length > 0 ? req.scope : peek.scopes
  const extra = scopes.filter(s => !peek.scopes.includes(s))
  if (extra.length > 0) throw new OAuthError('invalid_scope', `A refresh cannot add scopes (${extra.join(', ')}); granted: ${peek.scopes.join(' ')}.`)
  const old = await ctx.store.takeRefreshToken(hash, now)
  if (!old) throw new OAuthError('invalid_grant', 'The refresh token is unknown or revoked. Sign in again.')
  if (old.usedAt !== undefined) return replayed(ctx, old) // lost a race against a concurrent use
  return issueTokens(ctx, client, old.grantId, scopes, old.resource, { ...(old.person !== undefined && { person: old.person }), signedInAt: old.signedInAt ?? old.issuedAt })
}

/** Said to a client whose sign-in the owner ended (the bearer check and the refresh grant). */
export const ENDED = 'The owner ended this sign-in from the dashboard: its tokens no longer work. Sign in again.'

async function replayed (ctx: OAuthContext, token: TokenRecord): Promise<never> {
  await ctx.store.revokeGrant(token.grantId)
  ctx.log.warn({ grant: token.grantId.slice(0, 8) }, 'rotated refresh token replayed; the whole token family was revoked')
  throw new OAuthError('invalid_grant', 'The refresh token was already used; every token of this sign-in has been revoked. Sign in again.')
}

/** The resource-server check: a live access token issued for this server's resource. */
export async function verifyAccessToken (ctx: OAuthContext, token: string): Promise<Principal | RefusedToken | undefined> {
  if (token.length < 32 || token.length > 256) return undefined
  const record = await ctx.store.getToken(sha256hex(token))
  if (!record || record.kind !== 'access') return undefined
  const now = ctx.now()
  if (record.expiresAt <= now) return undefined
  if (record.endedAt !== undefined) return { refused: ENDED }
  if (!ctx.isOwnResource(record.resource)) return undefined
  if (!await ctx.clients.exists(record.clientId)) return undefined
  // A sign-in for a person NOTIFY_PEOPLE no longer names acts for nobody: it is refused, never widened to the owner.
  const person = personNamed(ctx.people, record.person)
  if (record.person !== undefined && person === undefined) return undefined
  // A sign-in made before NOTIFY_PEOPLE named anyone names no person: it must sign in again and say who it is.
  if (record.person === undefined && ctx.people.length > 0) return undefined
  const client = await ctx.store.getClient(record.clientId)
  ctx.lastUsed.set(record.grantId, now)
  return {
    id: `oauth:${record.grantId}`,
    kind: 'oauth',
    clientId: record.clientId,
    ...(client?.registeredFrom !== undefined && { registeredFrom: client.registeredFrom }),
    scopes: [...record.scopes],
    ...(person !== undefined ? { person } : {}),
    expiresAt: Math.floor(record.expiresAt / 1000)
  }
}
