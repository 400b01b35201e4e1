// Who is calling: an OAuth client or the internal (chat bot) key. Confirm tokens, MCP sessions
// and conversations are bound to `id`, so one credential can never use another's.
export interface Principal {
  /** Stable id: `internal` for INTERNAL_API_KEY, `oauth:<grantId>` for an OAuth grant. */
  id: string
  kind: 'internal' | 'oauth'
  clientId: string
  scopes: string[]
  /** Hash of the address that registered the OAuth client (OAuth only): sessions are capped per registering address. */
  registeredFrom?: string
  /** Seconds since epoch when the credential expires (OAuth only). */
  expiresAt?: number
  /** Whom the internal key acts for, when the chat bot says (e.g. `telegram:<chat>:<user>`); recorded in the audit log. */
  actor?: string
  /**
   * The person (NOTIFY_PEOPLE) an OAuth sign-in was made for, chosen on the approval page; absent when NOTIFY_PEOPLE
   * names nobody (the sign-in is the owner's, as before).
   */
  person?: SignedInPerson
}

export interface SignedInPerson {
  /** A NOTIFY_PEOPLE name, or `owner` for the owner when no person is marked owner. */
  name: string
  /** The owner may do everything; another person may not delete, approve, override keeps or run setup. */
  owner: boolean
  /** The owner gave this person the read-only tools only (NOTIFY_PEOPLE `readonly`). */
  readOnly: boolean
}

/** True when the caller is someone other than the owner: a person signed in as themselves. */
export function isNonOwnerPerson (principal: Principal): boolean {
  return principal.person !== undefined && !principal.person.owner
}

/** The `_meta` key of a tools/call in which the internal key names whom it acts for (the chat bot's user). */
export const ACTOR_META = 'io.mediastack/actor'

/** The principal acting for the user named in `_meta`: only the internal key may say so (an OAuth client could claim anyone). */
export function actingFor (principal: Principal, meta: unknown): Principal {
  const actor = (meta as Record<string, unknown> | undefined)?.[ACTOR_META]
  if (principal.kind !== 'internal' || typeof actor !== 'string' || !/^[\w:.@-]{1,100}$/.test(actor)) return principal
  return { ...principal, actor }
}

export const INTERNAL_PRINCIPAL: Principal = Object.freeze({
  id: 'internal', kind: 'internal', clientId: 'internal', scopes: ['mcp', 'setup']
}) as Principal
