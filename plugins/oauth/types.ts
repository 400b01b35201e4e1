// Records the authorization server keeps, its lifetimes and caps, and the OAuth error type.
// Every secret (client secret, code, access and refresh token) is stored only as its SHA-256 hex hash.

export type TokenEndpointAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic'
export type GrantType = 'authorization_code' | 'refresh_token'

/** Scopes this server knows: `mcp` (tool calls) and `setup` (first-run setup API, approval page only). */
export const SUPPORTED_SCOPES = ['mcp', 'setup'] as const
export const DEFAULT_SCOPE = 'mcp'

export interface ClientRecord {
  clientId: string
  /** sha256 hex of the client secret; absent for public clients (auth method none). */
  secretHash?: string
  authMethod: TokenEndpointAuthMethod
  redirectUris: string[]
  grantTypes: GrantType[]
  clientName?: string
  /** Milliseconds since epoch. */
  createdAt: number
  lastUsedAt: number
  /** Scopes the owner approved on the approval page (only used with OAUTH_APPROVAL_PASSPHRASE). */
  approvedScopes: string[]
  /** sha256 hex of the owner-session cookies of the browsers that approved it (owner-session.ts). */
  approvedBy?: string[]
  /** Hash of the address that registered it: never-used registrations are capped per address. */
  registeredFrom?: string
  /** Set once the client completed an authorization; never-used registrations expire fast and make room. */
  used?: boolean
  /**
   * Where the client comes from: registered (POST /register, the default), its metadata document (an https
   * client_id, read from the document, never a slot in the store) or configured (OAUTH_CLIENTS).
   */
  source?: 'registered' | 'document' | 'configured'
}

export interface CodeRecord {
  hash: string
  clientId: string
  grantId: string
  redirectUri: string
  /** Whether the authorize request carried redirect_uri explicitly (then the token request must repeat it). */
  redirectUriSent: boolean
  codeChallenge: string
  resource: string
  scopes: string[]
  /** Whom the sign-in is for (a NOTIFY_PEOPLE name or `owner`), chosen on the approval page. */
  person?: string
  expiresAt: number
  /** Set when redeemed; the record stays as a tombstone so a replay can revoke what it issued. */
  usedAt?: number
}

export interface TokenRecord {
  hash: string
  kind: 'access' | 'refresh'
  /** One grant per successful authorization; all its refresh rotations form one family. */
  grantId: string
  clientId: string
  scopes: string[]
  /** Whom the sign-in is for; refresh keeps it. */
  person?: string
  resource: string
  issuedAt: number
  /** When the sign-in (the grant) began; refresh keeps it. Absent on records older than it: the grant's oldest issuedAt. */
  signedInAt?: number
  /** Set when the owner ended the sign-in from the dashboard: kept until it expires, so its use is told why it fails. */
  endedAt?: number
  expiresAt: number
  /** Refresh tokens only: set when rotated; a second use revokes the whole grant. */
  usedAt?: number
}

export interface Lifetimes {
  /** Authorization code lifetime, ms. */
  code: number
  access: number
  refresh: number
  /** A registered client that never authorizes is dropped after this, ms; so is a client whose grants are all gone. */
  unusedClient: number
  /** Pending approval page requests, ms. */
  approval: number
}

export const DEFAULT_LIFETIMES: Lifetimes = {
  code: 60_000,
  access: 24 * 3600_000,
  refresh: 30 * 24 * 3600_000,
  unusedClient: 15 * 60_000,
  approval: 10 * 60_000
}

/**
 * Store caps. Live credentials are never evicted; what strangers can create without the owner (never-used
 * registrations, pending approvals) makes room oldest first instead of refusing everyone.
 */
export const LIMITS = {
  clients: 200,
  /** Never-used registrations kept per registering address; the oldest goes first. */
  unusedClientsPerSource: 10,
  codes: 1000,
  tokens: 20_000,
  /** Live access tokens kept per grant; older ones are revoked as new ones are issued by refresh. */
  accessTokensPerGrant: 5,
  /** How long a redeemed code's tombstone is kept to catch late replays, ms. */
  codeTombstone: 10 * 60_000,
  pendingApprovals: 200,
  /** Pending approval pages per address; the oldest goes first. */
  pendingApprovalsPerSource: 5,
  approvalAttempts: 5
}

export type OAuthErrorCode =
  | 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type'
  | 'invalid_scope' | 'invalid_target' | 'access_denied' | 'unsupported_response_type' | 'server_error'
  | 'temporarily_unavailable' | 'invalid_redirect_uri' | 'invalid_client_metadata' | 'unsupported_token_type'

const STATUS: Partial<Record<OAuthErrorCode, number>> = {
  invalid_client: 401, server_error: 500, temporarily_unavailable: 503
}

/** An OAuth protocol error (RFC 6749 §5.2, RFC 7591 §3.2.2); the description is safe to show. */
export class OAuthError extends Error {
  readonly status: number
  constructor (readonly code: OAuthErrorCode, readonly description: string, status?: number) {
    super(description)
    this.name = 'OAuthError'
    this.status = status ?? STATUS[code] ?? 400
  }

  toJSON () {
    return { error: this.code, error_description: this.description }
  }
}
