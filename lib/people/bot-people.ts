// The chat bot's users as people. The bot authenticates with the internal key and names, on each call, the
// Telegram user it acts for (ACTOR_META: telegram:<chat>:<user>). A user NOTIFY_PEOPLE lists (name=telegram:<id>)
// is that person, as their own sign-in would be (docs/security.md, "A person behind every sign-in"): not the owner
// unless marked owner, the read-only tools when marked readonly, never the setup scope, and what their own
// media-server user may see. A Telegram user NOTIFY_PEOPLE does not list acts as the bot, as before: the bot's own
// allow-list admitted them, and nothing says who they are.
import { parsePeople, type Person } from '../../core/notify/settings.js'
import type { Principal } from '../../core/principal.js'

let kept: { setting: string, people: Map<string, Person> } | undefined

/** The principal a bot call acts as: the NOTIFY_PEOPLE person its Telegram user is, else unchanged. */
export function asBotPerson (principal: Principal, notifyPeople: string): Principal {
  if (principal.kind !== 'internal' || principal.actor === undefined || principal.person !== undefined) return principal
  const user = /^telegram:-?\d{1,20}:(\d{1,20})$/.exec(principal.actor)?.[1]
  if (user === undefined || notifyPeople === '') return principal
  if (kept?.setting !== notifyPeople) kept = { setting: notifyPeople, people: parsePeople(notifyPeople, []) }
  const person = [...kept.people.values()].find(p => p.telegram.includes(user))
  if (!person) return principal
  return {
    ...principal,
    scopes: person.owner ? principal.scopes : principal.scopes.filter(s => s !== 'setup'),
    person: { name: person.name, owner: person.owner, readOnly: person.readOnly === true && !person.owner }
  }
}
