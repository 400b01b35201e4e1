// Whose view of the library a caller gets. A person signed in as themselves (not the owner) sees what their own
// media-server user may see: NOTIFY_PEOPLE's `media:<user name>` names that user (the same entry that says whose
// play history is theirs), and the media server applies that user's limits itself (Jellyfin: parental rating,
// blocked tags, blocked unrated items, libraries; see clients/jellyfin/client.ts; Plex: the restrictions of the
// user's share, read with the user's own token for this server from plex.tv, see clients/plex/shares.ts). Rather
// than guess, a person without such a user, one whose user the server does not list, a Plex user plex.tv lists no
// share for, or a plex.tv that cannot be read is refused: nobody sees more than their own media-server user would.
import { BackendError, ToolError } from '../../core/errors.js'
import { parsePeople } from '../../core/notify/settings.js'
import { isNonOwnerPerson, type Principal } from '../../core/principal.js'
import type { MediaServerClient } from '../../clients/media-server/contract.js'
import type { CallOptions, UserLimits } from '../../clients/media-server/types.js'

export interface MediaView {
  /** The media-server user id the reads are made as; absent: the owner's view (everything). */
  asUser?: string
  /** That user's name, for answers that say whose view they show. */
  userName?: string
  /** That user's limits as the server reports them (request-limits.ts judges new titles by them). */
  limits?: UserLimits
}

/** The media-server user name NOTIFY_PEOPLE gives a person (their first `media:`), if any. */
export function mediaUserNameOf (notifyPeople: string, person: string): string | undefined {
  return parsePeople(notifyPeople, []).get(person)?.media[0]
}

/** The view a caller reads the library with, or a ToolError that says why they cannot and who can fix it. */
export async function mediaViewOf (principal: Principal, notifyPeople: string, server: Pick<MediaServerClient, 'service' | 'users'> & Partial<Pick<MediaServerClient, 'userLimits'>>, o: CallOptions = {}): Promise<MediaView> {
  if (!isNonOwnerPerson(principal)) return {}
  const service = server.service
  const who = principal.person!.name
  const name = mediaUserNameOf(notifyPeople, who)
  if (name === undefined) {
    throw new ToolError(`${who} has no media-server user in NOTIFY_PEOPLE, so the library is not shown (a person sees what their own media-server user may see). Ask the owner to add media:<your ${service} user name> to ${who}'s NOTIFY_PEOPLE entry.`)
  }
  if (service !== 'Jellyfin' && !server.userLimits) {
    throw new ToolError(`${service}'s per-user restrictions cannot be applied here yet, so the library is shown to the owner only. Ask the owner, or use ${service}'s own apps as ${name}.`)
  }
  const user = (await server.users({ signal: o.signal })).find(u => u.name.toLowerCase() === name.toLowerCase())
  if (!user) throw new ToolError(`NOTIFY_PEOPLE gives ${who} the ${service} user ${JSON.stringify(name)}, which ${service} does not list, so the library is not shown. Ask the owner to fix ${who}'s media: name in NOTIFY_PEOPLE.`)
  const limits = server.userLimits ? await sharedLimits(service, server.userLimits, user, who, o) : user.limits
  return { asUser: user.id, userName: user.name, ...(limits ? { limits } : {}) }
}

/** Limits kept outside the user list (Plex: the user's share on plex.tv); fails closed with what to do next. */
async function sharedLimits (service: string, read: NonNullable<MediaServerClient['userLimits']>, user: { id: string, name: string }, who: string, o: CallOptions) {
  let limits
  try {
    limits = await read(user.id, { signal: o.signal })
  } catch (err) {
    if (!(err instanceof BackendError)) throw err
    throw new ToolError(`${err.message} Without them the library is not shown to ${who}. Try again later, or ask the owner.`)
  }
  if (!limits) throw new ToolError(`${service} does not share this server with its user ${JSON.stringify(user.name)} (plex.tv lists no share for them), so the library is not shown to ${who}. Ask the owner to share the server with ${user.name}, or to fix ${who}'s media: name in NOTIFY_PEOPLE.`)
  return limits
}

/** Call options that read as the view's user. */
export function readAs (view: MediaView, signal?: AbortSignal): CallOptions {
  return view.asUser === undefined ? { signal } : { signal, asUser: view.asUser }
}
