// The OAuth store: a small interface and the in-memory implementation (the default: a restart signs
// every client out). Records are keyed by hashes; every collection is capped and expires.
// Mutations happen synchronously before the first await, so "take the code" and "rotate the refresh
// token" are atomic even with concurrent requests.
import { LIMITS, OAuthError, type ClientRecord, type CodeRecord, type TokenRecord } from './types.js'

export interface OAuthStore {
  readonly kind: 'memory' | 'file'
  getClient (clientId: string): Promise<ClientRecord | undefined>
  /**
   * Inserts or replaces. A new client makes room by dropping the oldest never-used registration (of its own
   * address first, LIMITS.unusedClientsPerSource); throws OAuthError temporarily_unavailable only when
   * every registered client has signed in.
   */
  saveClient (client: ClientRecord): Promise<void>
  /** Records use of a client (keeps it from expiring); no-op for an unknown client. */
  touchClient (clientId: string, now: number): Promise<void>
  saveCode (code: CodeRecord): Promise<void>
  /** Marks the code used and returns it as it was before (usedAt set means it had been redeemed already). */
  takeCode (hash: string, now: number): Promise<CodeRecord | undefined>
  saveTokens (tokens: TokenRecord[]): Promise<void>
  getToken (hash: string): Promise<TokenRecord | undefined>
  /** Marks a refresh token rotated; returns it as it was before (usedAt set means reuse). */
  takeRefreshToken (hash: string, now: number): Promise<TokenRecord | undefined>
  deleteToken (hash: string): Promise<void>
  /** Deletes every token of the grant (and codes pointing at it). */
  revokeGrant (grantId: string): Promise<void>
  /**
   * The owner ends a sign-in: every token of the grant is marked ended (kept until it expires, so its next use is
   * told why it fails) and codes pointing at it are dropped. Returns false when the grant has no token.
   */
  endGrant (grantId: string, now: number): Promise<boolean>
  /** Every token record (hashes only), for the dashboard's list of sign-ins. */
  listTokens (): Promise<TokenRecord[]>
  /** Drops expired records. */
  sweep (now: number): Promise<void>
  close (): Promise<void>
}

/** Records before `used` existed count as used once they were touched after registration. */
export function isUsed (client: ClientRecord): boolean {
  return client.used === true || client.lastUsedAt !== client.createdAt
}

export interface StoreSnapshot {
  clients: ClientRecord[]
  tokens: TokenRecord[]
}

export class MemoryOAuthStore implements OAuthStore {
  readonly kind: 'memory' | 'file' = 'memory'
  protected clients = new Map<string, ClientRecord>()
  protected codes = new Map<string, CodeRecord>()
  protected tokens = new Map<string, TokenRecord>()
  /** grantId -> token hashes, so revoking a family is one lookup. */
  protected grants = new Map<string, Set<string>>()

  constructor (protected readonly lifetimes: { unusedClient: number, refresh: number }) {}

  /** Hook for persistent stores: called after every mutation, awaited by the caller. */
  protected async changed (): Promise<void> {}

  async getClient (clientId: string) {
    return this.clients.get(clientId)
  }

  async saveClient (client: ClientRecord) {
    // A configured or metadata-document client is stored only for the owner's approvals: it takes no slot.
    const takesSlot = client.source === undefined || client.source === 'registered'
    if (takesSlot && !this.clients.has(client.clientId)) {
      const unused = [...this.clients.values()].filter(c => !isUsed(c)).sort((a, b) => a.createdAt - b.createdAt)
      const sameSource = unused.filter(c => client.registeredFrom !== undefined && c.registeredFrom === client.registeredFrom)
      if (sameSource.length >= LIMITS.unusedClientsPerSource) this.clients.delete(sameSource[0].clientId)
      else if (this.registeredCount() >= LIMITS.clients && unused.length > 0) this.clients.delete(unused[0].clientId)
      if (this.registeredCount() >= LIMITS.clients) {
        throw new OAuthError('temporarily_unavailable', `The client registry is full (${LIMITS.clients} clients that have all signed in). Clients are dropped once their sign-ins end or after 30 idle days; revoke unused ones or restart with OAUTH_STORE=memory to clear it.`)
      }
    }
    this.clients.set(client.clientId, client)
    await this.changed()
  }

  private registeredCount (): number {
    let n = 0
    for (const c of this.clients.values()) if (c.source === undefined || c.source === 'registered') n++
    return n
  }

  async touchClient (clientId: string, now: number) {
    const client = this.clients.get(clientId)
    if (!client) return
    client.lastUsedAt = now
    client.used = true
    await this.changed()
  }

  async saveCode (code: CodeRecord) {
    if (this.codes.size >= LIMITS.codes) this.sweepCodes(Date.now())
    if (this.codes.size >= LIMITS.codes) throw new OAuthError('temporarily_unavailable', 'Too many pending authorization codes; try again in a minute.')
    this.codes.set(code.hash, code)
  }

  async takeCode (hash: string, now: number) {
    const code = this.codes.get(hash)
    if (!code) return undefined
    const before = { ...code }
    if (code.usedAt === undefined) code.usedAt = now
    return before
  }

  async saveTokens (tokens: TokenRecord[]) {
    if (this.tokens.size + tokens.length > LIMITS.tokens) this.sweepTokens(Date.now())
    if (this.tokens.size + tokens.length > LIMITS.tokens) throw new OAuthError('temporarily_unavailable', 'The token store is full; try again later.')
    for (const t of tokens) {
      this.tokens.set(t.hash, t)
      let family = this.grants.get(t.grantId)
      if (!family) this.grants.set(t.grantId, family = new Set())
      family.add(t.hash)
      if (t.kind === 'access') this.trimAccessTokens(family)
    }
    await this.changed()
  }

  async getToken (hash: string) {
    return this.tokens.get(hash)
  }

  async takeRefreshToken (hash: string, now: number) {
    const token = this.tokens.get(hash)
    if (!token || token.kind !== 'refresh') return undefined
    const before = { ...token }
    if (token.usedAt === undefined) {
      token.usedAt = now
      await this.changed()
    }
    return before
  }

  async deleteToken (hash: string) {
    const token = this.tokens.get(hash)
    if (!token) return
    this.removeToken(token)
    await this.changed()
  }

  async revokeGrant (grantId: string) {
    for (const hash of this.grants.get(grantId) ?? []) this.tokens.delete(hash)
    this.grants.delete(grantId)
    for (const [hash, code] of this.codes) if (code.grantId === grantId) this.codes.delete(hash)
    await this.changed()
  }

  async endGrant (grantId: string, now: number) {
    const family = this.grants.get(grantId)
    if (!family || family.size === 0) return false
    for (const hash of family) {
      const token = this.tokens.get(hash)
      if (token && token.endedAt === undefined) token.endedAt = now
    }
    for (const [hash, code] of this.codes) if (code.grantId === grantId) this.codes.delete(hash)
    await this.changed()
    return true
  }

  async listTokens () {
    return [...this.tokens.values()]
  }

  async sweep (now: number) {
    this.sweepCodes(now)
    const removed = this.sweepTokens(now)
    let clientsRemoved = 0
    const withGrants = new Set([...this.tokens.values()].filter(t => t.endedAt === undefined).map(t => t.clientId))
    for (const code of this.codes.values()) withGrants.add(code.clientId)
    for (const [id, c] of this.clients) {
      const idle = now - c.lastUsedAt
      // Never used, or used but every grant is gone (signed out, revoked, expired): dropped after a short grace.
      const idleWithoutGrants = !withGrants.has(id) && idle > this.lifetimes.unusedClient
      if (idleWithoutGrants || idle > this.lifetimes.refresh) {
        this.clients.delete(id)
        clientsRemoved++
      }
    }
    if (removed + clientsRemoved > 0) await this.changed()
  }

  async close () {}

  snapshot (): StoreSnapshot {
    return { clients: [...this.clients.values()], tokens: [...this.tokens.values()] }
  }

  protected restore (snapshot: StoreSnapshot) {
    for (const c of snapshot.clients) this.clients.set(c.clientId, c)
    for (const t of snapshot.tokens) {
      this.tokens.set(t.hash, t)
      let family = this.grants.get(t.grantId)
      if (!family) this.grants.set(t.grantId, family = new Set())
      family.add(t.hash)
    }
  }

  private sweepCodes (now: number) {
    for (const [hash, code] of this.codes) {
      const keepUntil = code.usedAt === undefined ? code.expiresAt : Math.max(code.expiresAt, code.usedAt + LIMITS.codeTombstone)
      if (keepUntil <= now) this.codes.delete(hash)
    }
  }

  private sweepTokens (now: number): number {
    let removed = 0
    for (const token of [...this.tokens.values()]) {
      if (token.expiresAt <= now) {
        this.removeToken(token)
        removed++
      }
    }
    return removed
  }

  private removeToken (token: TokenRecord) {
    this.tokens.delete(token.hash)
    const family = this.grants.get(token.grantId)
    family?.delete(token.hash)
    if (family && family.size === 0) this.grants.delete(token.grantId)
  }

  /** Keeps at most LIMITS.accessTokensPerGrant live access tokens per grant (the newest). */
  private trimAccessTokens (family: Set<string>) {
    const access = [...family].map(h => this.tokens.get(h)).filter((t): t is TokenRecord => t?.kind === 'access')
    if (access.length <= LIMITS.accessTokensPerGrant) return
    access.sort((a, b) => a.issuedAt - b.issuedAt)
    for (const t of access.slice(0, access.length - LIMITS.accessTokensPerGrant)) this.removeToken(t)
  }
}
