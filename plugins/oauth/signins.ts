// The sign-ins the dashboard lists and the owner ends (issue 36 item 8): one per grant (an authorization and every
// refresh after it), by person and client, when it began and was last used. A sign-in is named by the start of its
// grant id, which the audit trail already shows (`oauth:<grant id>`): never a token, a hash or a secret.
// Ending one marks every token of its grant ended (store.endGrant): the client's next call and refresh are refused
// with the reason, and it must sign in again, with the passphrase (when one is set) even in a browser that approved it.
import type { OAuthContext } from './context.js'
import type { ClientRecord, TokenRecord } from './types.js'

/** Characters of the grant id that name a sign-in. */
export const SIGN_IN_ID_LENGTH = 12

export interface SignIn {
  /** The first SIGN_IN_ID_LENGTH characters of the grant id. */
  id: string
  /** The principal id of its tokens (`oauth:<grant id>`): MCP sessions and the audit trail are bound to it. */
  principalId: string
  clientId: string
  clientName?: string
  clientSource: NonNullable<ClientRecord['source']>
  /** The NOTIFY_PEOPLE name (or `owner`) it was made for; absent when NOTIFY_PEOPLE named nobody then. */
  person?: string
  scopes: string[]
  /** Milliseconds since epoch. */
  signedInAt: number
  /** The last time its access token was accepted or a token was issued to it (sign-in, refresh). */
  lastUsedAt: number
  /** When its last live token expires, unless refreshed. */
  expiresAt: number
}

export type EndResult = { ok: true, signIn: SignIn } | { ok: false, reason: 'unknown' | 'ambiguous' }

/** A token that can still be used: not expired, not ended, and (a refresh token) not rotated. */
const live = (t: TokenRecord, now: number) => t.expiresAt > now && t.endedAt === undefined && !(t.kind === 'refresh' && t.usedAt !== undefined)

export function createSignIns (ctx: OAuthContext) {
  async function grants (now: number): Promise<Map<string, TokenRecord[]>> {
    const byGrant = new Map<string, TokenRecord[]>()
    for (const t of await ctx.store.listTokens()) {
      if (!live(t, now)) continue
      byGrant.set(t.grantId, [...byGrant.get(t.grantId) ?? [], t])
    }
    return byGrant
  }

  async function describe (grantId: string, tokens: TokenRecord[]): Promise<SignIn> {
    const first = tokens[0]!
    const client = await ctx.clients.describe(first.clientId)
    const issued = Math.max(...tokens.map(t => t.issuedAt))
    return {
      id: grantId.slice(0, SIGN_IN_ID_LENGTH),
      principalId: `oauth:${grantId}`,
      clientId: first.clientId,
      ...(client.name !== undefined && { clientName: client.name }),
      clientSource: client.source,
      ...(first.person !== undefined && { person: first.person }),
      scopes: [...first.scopes],
      signedInAt: Math.min(...tokens.map(t => t.signedInAt ?? t.issuedAt)),
      lastUsedAt: Math.max(issued, ctx.lastUsed.get(grantId) ?? 0),
      expiresAt: Math.max(...tokens.map(t => t.expiresAt))
    }
  }

  return {
    /** Every live sign-in, the most recently used first. */
    async list (now = ctx.now()): Promise<SignIn[]> {
      const rows = await Promise.all([...await grants(now)].map(([grantId, tokens]) => describe(grantId, tokens)))
      return rows.sort((a, b) => b.lastUsedAt - a.lastUsedAt)
    },

    /** Ends the live sign-in named `id`: its tokens are refused from now on, with the reason. */
    async end (id: string, now = ctx.now()): Promise<EndResult> {
      const matches = [...await grants(now)].filter(([grantId]) => grantId.slice(0, SIGN_IN_ID_LENGTH) === id)
      if (matches.length === 0) return { ok: false, reason: 'unknown' }
      if (matches.length > 1) return { ok: false, reason: 'ambiguous' }
      const [grantId, tokens] = matches[0]!
      const signIn = await describe(grantId, tokens)
      await ctx.store.endGrant(grantId, now)
      ctx.lastUsed.delete(grantId)
      // The browsers that approved the client must type the passphrase again: otherwise the ended sign-in could sign
      // straight back in from the same browser (owner-session.ts remembers approvals per browser).
      const stored = await ctx.store.getClient(signIn.clientId)
      if (stored?.approvedBy?.length) await ctx.store.saveClient({ ...stored, approvedBy: [] })
      ctx.log.info({ grant: grantId.slice(0, 8), person: signIn.person, clientName: signIn.clientName }, 'OAuth sign-in ended by the owner')
      return { ok: true, signIn }
    },

    /** Forgets "last used" times of grants that have no token left (run with the store's sweep). */
    async prune (): Promise<void> {
      const held = new Set((await ctx.store.listTokens()).map(t => t.grantId))
      for (const grantId of ctx.lastUsed.keys()) if (!held.has(grantId)) ctx.lastUsed.delete(grantId)
    }
  }
}

export type SignIns = ReturnType<typeof createSignIns>
