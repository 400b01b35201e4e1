// What every OAuth endpoint shares: the store, the clock, lifetimes and this server's identifiers.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { ClientDirectory } from './client-directory.js'
import type { SignInChoice } from './people.js'
import type { OAuthStore } from './store.js'
import type { Lifetimes } from './types.js'

export interface OAuthContext {
  store: OAuthStore
  /** Every client_id resolves here: configured, metadata document or registered (client-directory.ts). */
  clients: ClientDirectory
  lifetimes: Lifetimes
  /** Milliseconds since epoch; injectable so tests can expire codes and tokens. */
  now: () => number
  /** PUBLIC_URL exactly. */
  issuer: string
  /** PUBLIC_URL + '/mcp': the resource (audience) tokens are issued for. */
  resource: string
  /** The issuer as this request named the server (a loopback PUBLIC_URL follows the loopback name used). */
  issuerFor: (request: Pick<FastifyRequest, 'headers'>) => string
  /** True for PUBLIC_URL + '/mcp' under any accepted name of this server. */
  isOwnResource: (url: string) => boolean
  /** OAUTH_APPROVAL_PASSPHRASE, or '' when authorization is approved automatically. */
  passphrase: string
  /**
   * Who may sign in, from NOTIFY_PEOPLE (people.ts): empty when it names nobody (every sign-in is the owner's). When
   * it names people the approval page always asks who is signing in, and each token carries the answer.
   */
  people: SignInChoice[]
  log: FastifyBaseLogger
  /** When each grant's access token was last accepted (grant id → ms), in memory: the dashboard's "last used". */
  lastUsed: Map<string, number>
  /** Called once per authorization that ends in tokens (a new sign-in; refreshes are not): the owner's security notice. */
  onSignIn?: (client: { clientId: string, clientName?: string, scopes: string[] }) => void
}

export const endpoints = (issuer: string) => ({
  authorization: `${issuer}/authorize`,
  token: `${issuer}/token`,
  registration: `${issuer}/register`,
  revocation: `${issuer}/revoke`
})
