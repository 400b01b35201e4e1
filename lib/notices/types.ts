// What "it's ready" notices remember across restarts: requests (a title or season someone asked for, told
// once when it is imported and playable), follows (a show whose new episodes someone wants to hear of, with
// the episodes already told) and the outbox (notices decided but not yet delivered or read).
import { Type, type Static } from '@sinclair/typebox'
import { noticeName, noticeText } from '../../core/notify/render.js'

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const Owner = Type.String({ minLength: 1, maxLength: 200 })
const Title = Type.String({ maxLength: 300 })
/** The series/movie manager instance that holds the title, when several are configured and the answer named it. */
const Instance = Type.Optional(Type.String({ pattern: '^[a-z0-9]{1,20}$' }))
/**
 * The person (a NOTIFY_PEOPLE name) who asked, when a person other than the owner did: what they are told is judged
 * by their own media-server user's limits (lib/people/notice-limits.ts). Absent: the owner's or the bot's, told as before.
 */
const Person = Type.Optional(Type.String({ minLength: 1, maxLength: 100 }))

export const TargetSchema = Type.Union([
  Type.Object({ kind: Type.Literal('movie'), movieId: Id, title: Title, instance: Instance }),
  Type.Object({
    kind: Type.Literal('series'),
    seriesId: Id,
    title: Title,
    instance: Instance,
    /** Absent: the whole series (it was just added). */
    seasonNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    episodeNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 }))
  }),
  /** A request made through Seerr (lib/notices/seerr-request.ts): told when declined or ready, once. */
  Type.Object({ kind: Type.Literal('request'), requestId: Id, title: Title, mediaType: Type.Union([Type.Literal('movie'), Type.Literal('tv')]) })
])

export const RequestSchema = Type.Object({
  owner: Owner,
  target: TargetSchema,
  /** When it was asked for (ISO 8601): only imports from then on count. */
  since: Type.String(),
  person: Person
})

export const FollowSchema = Type.Object({
  owner: Owner,
  seriesId: Id,
  title: Title,
  instance: Instance,
  since: Type.String(),
  person: Person,
  /** Episode ids already told (bounded, newest last), so a re-import is not told again. */
  told: Type.Array(Id)
})

export const NoticeSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  owner: Owner,
  text: Type.String({ maxLength: 2000 }),
  at: Type.String()
})

export const NoticeStateSchema = Type.Object({
  version: Type.Literal(1),
  requests: Type.Array(RequestSchema),
  follows: Type.Array(FollowSchema),
  outbox: Type.Array(NoticeSchema)
})

export type Target = Static<typeof TargetSchema>
export type NoticeRequest = Static<typeof RequestSchema>
export type Follow = Static<typeof FollowSchema>
export type Notice = Static<typeof NoticeSchema>
export type NoticeState = Static<typeof NoticeStateSchema>

/**
 * Hears which media-server item a ready notice names, so a person's limits can judge it (lib/people/notice-limits.ts):
 * its id, null when no media server is configured, undefined for a title only Seerr knows. Not called for a notice
 * that names no ready title (a decline).
 */
export type Names = (item: string | null | undefined) => void

/** Where the notices of a person (an owner) end up: the bot's chat, or the web chat's list. */
export interface NoticeLog {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
  error: (obj: object, msg: string) => void
}

export function targetKey (t: Target): string {
  if (t.kind === 'request') return `request:${t.requestId}`
  const at = t.instance ? `@${t.instance}` : ''
  return t.kind === 'movie' ? `movie${at}:${t.movieId}` : `series${at}:${t.seriesId}:${t.seasonNumber ?? '*'}:${t.episodeNumber ?? '*'}`
}

/** How a target reads in a message: "Heat", "Severance" season 2, "Severance" S02E03. */
export function targetLabel (t: Target): string {
  const title = quotedLine(t.title)
  if (t.kind === 'movie' || t.kind === 'request' || t.seasonNumber === undefined) return title
  if (t.episodeNumber === undefined) return `${title} season ${t.seasonNumber}`
  return `${title} S${pad(t.seasonNumber)}E${pad(t.episodeNumber)}`
}

export function pad (n: number): string {
  return String(n).padStart(2, '0')
}

export function oneLine (s: string): string {
  return noticeText(s, 100)
}

/** An untrusted title in a notice: quoted, its own quotes escaped, one line (core/notify/render.ts). */
export function quotedLine (s: string): string {
  return noticeName(s, 100)
}

/** A notice's title on the household's channels (lib/notify), from what its text says. */
export function noticeTitle (text: string): string {
  if (text.startsWith('🚫')) return 'Request declined'
  if (text.startsWith('⌛')) return 'Stopped waiting'
  return 'Ready to watch'
}
