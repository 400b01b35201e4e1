// Who a caller is in Seerr. A request goes through Seerr as the person who asked, never as the admin, and only
// as the Seerr user the operator said they are:
//  - a chat-bot user (actor telegram:<chat>:<user>) is the Seerr user REQUESTS_USERS names for them: by their
//    Telegram id (telegram:<user>=<Seerr id>), or by the name NOTIFY_PEOPLE gives that Telegram id
//    (alice=telegram:<user> there, alice=<Seerr id> here; a NOTIFY_PEOPLE owner without a name entry is owner=).
//    The Telegram chat id in a Seerr user's notification settings (server/entity/UserSettings.ts : 60-61) names
//    nobody: any Seerr user can type anyone's id there, so one such claim alone filed one person's requests as
//    another's (issue 35 #9). It is only quoted in the refusal, as the entry the owner may add to confirm it;
//  - everyone else (MCP clients, the web chat, the internal key without a person) is the household's owner:
//    each of them was let in by the owner's passphrase, and none carries an e-mail or a name to match on, so
//    they map only through an explicit owner=<Seerr id>; a sign-in made for a person, through <person>=<Seerr id>.
// Without a mapping the caller is refused with the entry to add.
import { ToolError } from '../../core/errors.js'
import type { Principal } from '../../core/principal.js'
import type { SeerrClient } from '../../clients/seerr/client.js'
import type { SeerrUser } from '../../clients/seerr/types.js'
import { parseRequestUsers } from '../../core/request-users.js'
import { parsePeople, personOf as notifyPersonOf } from '../../core/notify/settings.js'

export type Person = { kind: 'telegram', userId: string } | { kind: 'owner' } | { kind: 'person', name: string } | { kind: 'unknown', actor: string }

export interface SeerrPerson extends SeerrUser {
  /** How the mapping was found: always REQUESTS_USERS (directly, or through the caller's NOTIFY_PEOPLE name). */
  via: 'setting'
}

/** The person behind a principal: the bot names its chat user as actor; anyone else is the owner's client. */
export function personOf (principal: Principal): Person {
  // The bot's user is mapped by Telegram id first (keyOf), also when NOTIFY_PEOPLE makes them a person
  // (lib/people/bot-people.ts). A sign-in made for a person (chosen on the approval page) is that person.
  const m = principal.actor === undefined ? null : /^telegram:-?\d{1,20}:(\d{1,20})$/.exec(principal.actor)
  if (m) return { kind: 'telegram', userId: m[1]! }
  if (principal.person) return principal.person.owner ? { kind: 'owner' } : { kind: 'person', name: principal.person.name }
  return principal.actor === undefined ? { kind: 'owner' } : { kind: 'unknown', actor: principal.actor }
}

/** How long the Telegram chat ids read from Seerr are reused before they are read again. */
const INDEX_TTL_MS = 5 * 60_000

export function createSeerrUserMap (client: SeerrClient, setting: string, now: () => number = Date.now, notifyPeople = '') {
  const explicit = parseRequestUsers(setting)
  const people = parsePeople(notifyPeople, [])

  /** The REQUESTS_USERS key that names this caller: their Telegram id's entry first, then their NOTIFY_PEOPLE name's. */
  function keyOf (person: Person): string {
    if (person.kind === 'person') return person.name
    if (person.kind !== 'telegram') return 'owner'
    const own = `telegram:${person.userId}`
    if (explicit.has(own)) return own
    const name = notifyPersonOf(people, { telegramUser: person.userId })
    if (name === undefined) return own
    return explicit.has(name) || !people.get(name)?.owner ? name : 'owner'
  }
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
    const key = keyOf(person)
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
    // The owner's entry for this person: by their NOTIFY_PEOPLE name when they have one, else by Telegram id.
    const entry = key.startsWith('telegram:') ? `telegram:${person.userId}` : key
    let claims = (await telegramIndex(signal)).byChat.get(person.userId)
    claims ??= (await telegramIndex(signal, true)).byChat.get(person.userId)
    const refused = 'Your Telegram account is not linked to a Seerr user, so nothing was requested (requests are never made as the Seerr admin or as someone else).'
    if (claims?.length === 1) {
      throw new ToolError(`${refused} Seerr user ${JSON.stringify(claims[0].displayName)} gives your Telegram id ${person.userId} as chat id in their Seerr settings, but any Seerr user can type any id there, so that does not say who you are. If that Seerr account is yours, ask the owner to confirm it by adding ${entry}=${claims[0].id} to REQUESTS_USERS.`)
    }
    const several = claims && claims.length > 1 ? ` More than one Seerr user (${claims.map(u => JSON.stringify(u.displayName)).join(', ')}) gives your Telegram id ${person.userId} as chat id, and any Seerr user can type any id there.` : ''
    throw new ToolError(`${refused}${several} Ask the owner to add ${entry}=<your Seerr user id> to REQUESTS_USERS (Seerr > Users shows the id).`)
  }

  return { resolve }
}

export type SeerrUserMap = ReturnType<typeof createSeerrUserMap>
