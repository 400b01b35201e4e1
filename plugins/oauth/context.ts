// What every OAuth endpoint shares: the store, the clock, lifetimes and this server's identifiers.
import type { FastifyBaseLogger } from 'fastify'
import type { OAuthStore } from './store.js'
import type { Lifetimes } from './types.js'

export interface OAuthContext {
  store: OAuthStore
  lifetimes: Lifetimes
  /** Milliseconds since epoch; injectable so tests can expire codes and tokens. */
  now: () => number
  /** PUBLIC_URL exactly: the `iss` of every authorization response. */
  issuer: string
  /** PUBLIC_URL + '/mcp': the only resource (audience) tokens are issued for. */
  resource: string
  /** OAUTH_APPROVAL_PASSPHRASE, or '' when authorization is approved automatically. */
  passphrase: string
  log: FastifyBaseLogger
}

export const endpoints = (issuer: string) => ({
  authorization: `${issuer}/authorize`,
  token: `${issuer}/token`,
  registration: `${issuer}/register`,
  revocation: `${issuer}/revoke`
})
