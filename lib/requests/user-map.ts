// Who a caller is in Seerr. A request goes through Seerr as the person who asked, never as the admin:
//  - a chat-bot user (actor telegram:<chat>:<user>) is the Seerr user whose notification settings hold that
//    Telegram chat id (Seerr stores one per user, server/entity/UserSettings.ts : 60-61; a private chat's id is
//    the Telegram user's id), unless REQUESTS_USERS names one explicitly (telegram:<user>=<Seerr id>). Any Seerr
//    user can type any chat id into their settings, so a chat id that more than one Seerr user names decides
//    nothing: the person is refused and told to have the owner map them (issue 35 #9; "first match wins" filed
//    one person's requests as another's);
//  - everyone else (MCP clients, the web chat, the internal key without a person) is the household's owner:
//    each of them was let in by the owner's passphrase, and none carries an e-mail or a name to match on, so
//    they map only through an explicit owner=<Seerr id>.
// Without a mapping the caller is refused with how to link the account.
import { ToolError } from '../../core/errors.js'
import type { Principal } from '../../core/principal.js'
import type { SeerrClient } from '../../clients/seerr/client.js'
import type { SeerrUser } from '../../clients/seerr/types.js'
import { parseRequestUsers } from '../../core/request-users.js'

export type Person = { kind: 'telegram', userId: string } | { kind: 'owner' } | { kind: 'person', name: string } | { kind: 'unknown', actor: string }

export interface SeerrPerson extends SeerrUser {
  /** How the mapping was found: REQUESTS_USERS, or Seerr's own Telegram chat id. */
  via: 'setting' | 'telegram'
}

/** The person behind a principal: the bot names its chat user as actor; anyone else is the owner's client. */
export function personOf (principal: Principal): Person {
  // A sign-in made for a person (chosen on the approval page) is that person; the owner's is the owner.
  if (principal.person) return principal.person.owner ? { kind: 'owner' } : { kind: 'person', name: principal.person.name }
  if (principal.actor === undefined) return { kind: 'owner' }
  const m = /^telegram:-?\d{1,20}:(\d{1,20})$/.exec(principal.actor)
  return m ? { kind: 'telegram', userId: m[1] } : { kind: 'unknown', actor: principal.actor }
}

/** How long the Telegram chat ids read from Seerr are reused before they are read again. */
const INDEX_TTL_MS = 5 * 60_000

export function createSeerrUserMap (client: SeerrClient, setting: string, now: () => number = Date.now) {
  const explicit = parseRequestUsers(setting)
  let index: { at: number, byChat: Map<string, SeerrUser[]>, users: SeerrUser[] } | undefined

  async function telegramIndex (signal?: AbortSignal, fresh = false) {
    if (index && !fresh && now() - index.at < INDEX_TTL_MS) return index
    const users = await client.users(signal)
    const byChat = new Map<string, SeerrUser[]>()
    for (const u of users) {
      const s = await client.notificationSettings(u.id, signal)
      if (s.telegramChatId !== undefined) byChat.set(s.telegramChatId, [...byChat.get(s.telegramChatId) ?? [], u])
    }
    index = { at: now(), byChat, users }
    return index
  }

  /** The Seerr user to act as, or a ToolError saying how to link the account. */
  async function resolve (principal: Principal, signal?: AbortSignal): Promise<SeerrPerson> {
    const person = personOf(principal)
    if (person.kind === 'unknown') throw new ToolError('This chat account cannot be matched to a Seerr user, so nothing was requested. Ask through the Telegram bot, or ask the owner to map the account in REQUESTS_USERS.')
    const key = person.kind === 'telegram' ? `telegram:${person.userId}` : person.kind === 'person' ? person.name : 'owner'
    const named = explicit.get(key)
    if (named !== undefined) {
      let found = (await telegramIndex(signal)).users.find(u => u.id === named)
      found ??= (await telegramIndex(signal, true)).users.find(u => u.id === named)
      if (!found) throw new ToolError(`REQUESTS_USERS maps ${key} to Seerr user ${named}, but Seerr has no user with that id. Fix REQUESTS_USERS (Seerr > Users lists the ids).`)
      return { ...found, via: 'setting' }
    }
    if (person.kind === 'person') {
      throw new ToolError(`${person.name} is not linked to a Seerr user, so nothing was requested (requests are never made as the Seerr admin or as someone else). Ask the owner to add ${person.name}=<your Seerr user id> to REQUESTS_USERS (Seerr > Users shows the id).`)
    }
    if (person.kind === 'owner') {
      throw new ToolError('This client is not linked to a Seerr user, so nothing was requested (requests are never made as the Seerr admin). Set REQUESTS_USERS=owner=<your Seerr user id> (Seerr > Users shows the id).')
    }
    let claims = (await telegramIndex(signal)).byChat.get(person.userId)
    claims ??= (await telegramIndex(signal, true)).byChat.get(person.userId)
    if (claims && claims.length > 1) {
      throw new ToolError(`More than one Seerr user (${claims.map(u => JSON.stringify(u.displayName)).join(', ')}) gives your Telegram id ${person.userId} as their chat id, and any Seerr user can type any id there, so nothing was requested. Ask the owner to add telegram:${person.userId}=<your Seerr user id> to REQUESTS_USERS.`)
    }
    const found = claims?.[0]
    if (!found) {
      throw new ToolError(`Your Telegram account is not linked to a Seerr user, so nothing was requested (requests are never made as the Seerr admin). To link it, in Seerr open your profile > Settings > Notifications > Telegram and set Chat ID to ${person.userId}; or ask the owner to add telegram:${person.userId}=<your Seerr user id> to REQUESTS_USERS.`)
    }
    return { ...found, via: 'telegram' }
  }

  return { resolve }
}

export type SeerrUserMap = ReturnType<typeof createSeerrUserMap>
