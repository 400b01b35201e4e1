// The people a sign-in can be for (NOTIFY_PEOPLE): the choices of the approval page and the person a token
// carries. A person marked `owner` is the owner; when nobody is, "owner" is offered as a choice of its own.
import { parsePeople } from '../../core/notify/settings.js'
import type { SignedInPerson } from '../../core/principal.js'

export type SignInChoice = SignedInPerson

export const OWNER_CHOICE = 'owner'

export function signInChoices (notifyPeople: string): SignInChoice[] {
  const people = [...parsePeople(notifyPeople, []).values()]
  if (people.length === 0) return []
  const choices = people.map(p => ({ name: p.name, owner: p.owner, readOnly: p.readOnly === true && !p.owner }))
  if (!choices.some(c => c.owner)) choices.push({ name: OWNER_CHOICE, owner: true, readOnly: false })
  return choices
}

/** The person a stored name stands for now (NOTIFY_PEOPLE may have changed since the sign-in: then nobody). */
export function personNamed (choices: SignInChoice[], name: string | undefined): SignedInPerson | undefined {
  if (name === undefined) return undefined
  return choices.find(c => c.name === name)
}
