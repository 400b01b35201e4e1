// "It's ready" notices for a person other than the owner: a title is named to them only when their own media-server
// user may open it, by the rule the status tools use for a title the media server has (a ready notice always names
// one the media server lists: lib/notices/readiness.ts): GET /Items/{id} as that user (itemJudgeOf, seen-titles.ts).
// A ready title with no item to open as them (no media server is configured, or only Seerr knows the title) is not
// named (fail closed). A person whose media-server user cannot be checked (no media: name, a name the server does
// not list or, on Plex, does not share with, the server or plex.tv unreachable) is told nothing yet: the check
// fails with that plain reason, which the notice watcher logs, and the next round tries again.
import { ToolError } from '../../core/errors.js'
import { parsePeople } from '../../core/notify/settings.js'
import type { Principal } from '../../core/principal.js'
import type { MediaServerClient } from '../../clients/media-server/contract.js'
import { CheckFailed } from '../notices/lookups.js'
import { itemJudgeOf } from './seen-titles.js'

type Server = Pick<MediaServerClient, 'service' | 'users' | 'item'>

/** The watcher's mayTell (lib/notices/watcher.ts) for these NOTIFY_PEOPLE and this media server. */
export function noticeLimits (notifyPeople: string, server: Server) {
  return async function mayTell (person: string, item: string | null | undefined, signal: AbortSignal): Promise<boolean> {
    const held = (why: string) => new CheckFailed(`"it's ready" notices for ${person} are held, not sent: ${why}`)
    const entry = parsePeople(notifyPeople, []).get(person)
    if (!entry) throw held(`${person} is no longer in NOTIFY_PEOPLE.`)
    if (entry.owner) return true
    const principal: Principal = { id: `notices:${person}`, kind: 'oauth', clientId: 'notices', scopes: [], person: { name: person, owner: false, readOnly: entry.readOnly === true } }
    try {
      const sees = await itemJudgeOf(principal, notifyPeople, server, signal)
      if (!sees) return true
      return typeof item === 'string' && await sees(item)
    } catch (err) {
      if (err instanceof ToolError) throw held(err.message)
      throw err
    }
  }
}
