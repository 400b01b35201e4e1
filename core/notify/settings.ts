// Who a person is, and which events go where. NOTIFY_PEOPLE ties a person's name (as in NOTIFY_URLS) to the
// identities the server sees: their Telegram user id (the bot), their media-server user name (who watched a
// title) and `owner`: the web chat is theirs (every web-chat credential is the owner's, as REQUESTS_USERS has it). NOTIFY_EVENTS routes each event to `person` (the people it concerns), `household` (the household's
// URLs), both (`person+household`), a named person (e.g. the owner for sign-in notices), or `off`.
import { NOTIFY_EVENTS, type NotifyEvent } from './types.js'
import { PERSON_NAME, parseNotifyUrls } from './urls.js'

export interface Person {
  name: string
  telegram: string[]
  media: string[]
  /** The web chat's notices reach this person's channels; a sign-in as this person is the owner's. */
  owner: boolean
  /** A sign-in as this person gets the read-only tools only. */
  readOnly?: boolean
}

export type Route = { person: boolean, household: boolean, named: string[] }

export const DEFAULT_ROUTES: Record<NotifyEvent, string> = {
  ready: 'person', leaving: 'person', stuck: 'household', disk: 'household', down: 'household', signin: 'household', test: 'person+household'
}

/** `alice=telegram:123,media:Alice,owner bob=telegram:456` (entries separated by spaces or semicolons). */
export function parsePeople (value: string, problems: string[]): Map<string, Person> {
  const out = new Map<string, Person>()
  for (const entry of value.split(/[\s;]+/).filter(Boolean)) {
    const m = /^([^=]+)=(.+)$/.exec(entry)
    const name = m?.[1]?.toLowerCase() ?? ''
    if (!m || !PERSON_NAME.test(name)) {
      problems.push(`NOTIFY_PEOPLE: "${entry.slice(0, 60)}" is not name=telegram:<user id>,media:<media-server user name>,owner`)
      continue
    }
    const person = out.get(name) ?? { name, telegram: [], media: [], owner: false }
    for (const id of m[2]!.split(',').filter(Boolean)) {
      const t = /^telegram:(\d{1,20})$/.exec(id)
      const media = /^media:(.{1,100})$/.exec(id)
      if (t) person.telegram.push(t[1]!)
      else if (media) person.media.push(media[1]!)
      else if (id === 'owner') person.owner = true
      else if (id === 'readonly') person.readOnly = true
      else problems.push(`NOTIFY_PEOPLE: ${name}: "${id.slice(0, 60)}" is neither telegram:<user id>, media:<media-server user name>, owner nor readonly`)
    }
    out.set(name, person)
  }
  for (const p of out.values()) if (p.owner && p.readOnly) problems.push(`NOTIFY_PEOPLE: ${p.name} is both owner and readonly; the owner always has every tool`)
  const owners = [...out.values()].filter(p => p.owner).map(p => p.name)
  if (owners.length > 1) problems.push(`NOTIFY_PEOPLE: owner is given to ${owners.join(' and ')}; the web chat is one person's, so give it to one`)
  return out
}

/** `ready=person leaving=person+household signin=alice disk=off` over the defaults. */
export function parseRoutes (value: string, problems: string[]): Record<NotifyEvent, Route> {
  const text: Record<string, string> = { ...DEFAULT_ROUTES }
  for (const entry of value.split(/[\s;,]+/).filter(Boolean)) {
    const [event, to] = entry.split('=', 2)
    if (!event || !to || !(NOTIFY_EVENTS as readonly string[]).includes(event.toLowerCase())) {
      problems.push(`NOTIFY_EVENTS: "${entry.slice(0, 60)}" is not event=destination (events: ${NOTIFY_EVENTS.filter(e => e !== 'test').join(', ')})`)
      continue
    }
    text[event.toLowerCase()] = to.toLowerCase()
  }
  const out = {} as Record<NotifyEvent, Route>
  for (const event of NOTIFY_EVENTS) {
    const route: Route = { person: false, household: false, named: [] }
    for (const part of text[event]!.split('+')) {
      if (part === 'person') route.person = true
      else if (part === 'household') route.household = true
      else if (part === 'off') continue
      else if (PERSON_NAME.test(part)) route.named.push(part)
      else problems.push(`NOTIFY_EVENTS: ${event}: "${part}" is not person, household, off or a person's name`)
    }
    out[event] = route
  }
  return out
}

/** The person a Telegram user, a media-server user name or the web chat's owner is, when NOTIFY_PEOPLE says. */
export function personOf (people: Map<string, Person>, who: { telegramUser?: string, mediaUser?: string, owner?: boolean }): string | undefined {
  for (const p of people.values()) {
    if (who.owner && p.owner) return p.name
    if (who.telegramUser && p.telegram.includes(who.telegramUser)) return p.name
    if (who.mediaUser && p.media.some(m => m.toLowerCase() === who.mediaUser!.toLowerCase())) return p.name
  }
  return undefined
}

/**
 * Every problem in the three settings, for the config check at start. With the household's bot
 * (CHAT_BOT_TOKEN) a person with a Telegram id needs no URL: the bot's chat is their channel for the notices
 * it carries (the leaving-soon Keep).
 */
export function notifySettingsProblems (s: { NOTIFY_URLS: string, NOTIFY_PEOPLE: string, NOTIFY_EVENTS: string, CHAT_BOT_TOKEN?: string }): string[] {
  const problems: string[] = []
  const targets = parseNotifyUrls(s.NOTIFY_URLS, problems)
  const people = parsePeople(s.NOTIFY_PEOPLE, problems)
  const routes = parseRoutes(s.NOTIFY_EVENTS, problems)
  for (const name of new Set(Object.values(routes).flatMap(r => r.named))) {
    if (!targets.people.has(name)) problems.push(`NOTIFY_EVENTS: ${name} has no URL in NOTIFY_URLS (add ${name}=scheme://…)`)
  }
  const bot = (s.CHAT_BOT_TOKEN ?? '') !== ''
  for (const [name, person] of people) {
    if (targets.people.has(name) || (bot && person.telegram.length > 0)) continue
    problems.push(`NOTIFY_PEOPLE: ${name} has no URL in NOTIFY_URLS (add ${name}=scheme://…${bot ? ', or give them a telegram:<user id> for the bot' : ''})`)
  }
  return problems
}
