// Requests through Seerr, as the person who asks: made as their Seerr user (lib/requests/user-map.ts), so
// Seerr's permissions, quotas, 4K rules and auto-approval decide; listed with who asked, what, which
// seasons and 4K; approved or declined as the deciding person's Seerr user (Seerr requires MANAGE_REQUESTS),
// a decline keeping its reason for the requester (lib/requests/request-notes.ts).
import { ToolError } from '../../core/errors.js'
import type { Principal } from '../../core/principal.js'
import type { SeerrClient } from '../../clients/seerr/client.js'
import { NOTIFY, SeerrRefused, type RequestRefusal, type SeerrRequest } from '../../clients/seerr/types.js'
import { createRequestNotes, type RequestNotes } from './request-notes.js'
import { createSeerrUserMap, personOf, type SeerrPerson, type SeerrUserMap } from './user-map.js'
import { nextCall, refusal } from '../answers/next-calls.js'

/** download_status' Seerr requests: where a request shows. */
const listSeerrRequests = (why = 'list the requests') => nextCall('download_status', { action: 'requests' }, why)

export interface SeerrDeps { client: SeerrClient, users: SeerrUserMap, notes: RequestNotes }

const deps = new WeakMap<SeerrClient, SeerrDeps>()

/** One user map (with its cache) and one notes file per Seerr client, i.e. per running server. */
export function seerrDeps (client: SeerrClient, settings: { REQUESTS_USERS: string, STATE_DIR: string, NOTIFY_PEOPLE?: string }): SeerrDeps {
  let d = deps.get(client)
  if (!d) {
    d = { client, users: createSeerrUserMap(client, settings.REQUESTS_USERS, Date.now, settings.NOTIFY_PEOPLE ?? ''), notes: createRequestNotes(settings.STATE_DIR) }
    deps.set(client, d)
  }
  return d
}

export interface TitleToRequest {
  mediaType: 'movie' | 'tv'
  tmdbId: number
  tvdbId?: number
  /** Series only: the seasons asked for; absent: all of them. */
  seasons?: number[]
  is4k: boolean
  title: string
}

export interface Requested {
  requestId: number
  status: string
  is4k: boolean
  seasons: number[]
  /** The Seerr user it was made as. */
  requestedAs: string
}

export async function requestThroughSeerr (d: SeerrDeps, principal: Principal, want: TitleToRequest, signal?: AbortSignal): Promise<Requested> {
  const as = await d.users.resolve(principal, signal)
  let made: SeerrRequest
  try {
    made = await d.client.createRequest(as.id, {
      mediaType: want.mediaType,
      mediaId: want.tmdbId,
      ...(want.tvdbId ? { tvdbId: want.tvdbId } : {}),
      ...(want.mediaType === 'tv' ? { seasons: want.seasons && want.seasons.length > 0 ? want.seasons : 'all' } : {}),
      is4k: want.is4k
    }, signal)
  } catch (err) {
    if (err instanceof SeerrRefused) throw refusal(refusalText(err.reason, as, want), err.reason === 'duplicate' ? [listSeerrRequests()] : [])
    throw err
  }
  await d.notes.note(made.id, { title: want.title }).catch(() => {})
  return { requestId: made.id, status: made.status, is4k: made.is4k, seasons: made.seasons, requestedAs: as.displayName }
}

function refusalText (reason: RequestRefusal, as: SeerrPerson, want: TitleToRequest): string {
  const what = `${want.is4k ? '4K ' : ''}${want.mediaType === 'movie' ? 'movie' : 'series'}`
  switch (reason) {
    case 'permission': return `Seerr refused: ${as.displayName} may not make ${what} requests. The owner can grant that permission in Seerr > Users.`
    case 'quota': return `Seerr refused: ${as.displayName} has used up the ${want.mediaType === 'movie' ? 'movie' : 'series'} request quota. Try again when the quota period has passed, or ask the owner.`
    case 'blocklisted': return `Seerr refused: "${want.title}" is on Seerr's blocklist.`
    case 'duplicate': return `Seerr already holds a ${what} request for "${want.title}".`
    case 'nothing-left': return `Every season asked for of "${want.title}" is already requested or available in Seerr; nothing new was requested.`
  }
}

export interface RequestRow {
  requestId: number
  status: string
  availability: string
  mediaType: 'movie' | 'tv'
  title?: string
  tmdbId: number
  seasons: number[]
  is4k: boolean
  requestedBy: string
  decidedBy?: string
  declineReason?: string
  requestedAt: string
  /** Our manager's id of the title, once it is there. */
  movieId?: number
  seriesId?: number
  /** Events Seerr itself sends this caller on the same Telegram chat (so the caller's notices skip them). */
  seerrTells?: string[]
}

export interface ManagerIds {
  movies: (signal?: AbortSignal) => Promise<ReadonlyArray<{ id: number, tmdbId?: number, title?: string | null }>>
  series: (signal?: AbortSignal) => Promise<ReadonlyArray<{ id: number, tvdbId?: number, title?: string | null }>>
}

/** Who reads: a chat person as their own Seerr user (Seerr shows them what their permissions allow); the owner as mapped, or with the key. */
async function reader (d: SeerrDeps, principal: Principal, signal?: AbortSignal): Promise<SeerrPerson | undefined> {
  if (personOf(principal).kind !== 'owner') return await d.users.resolve(principal, signal)
  return await d.users.resolve(principal, signal).catch(() => undefined)
}

export async function listRequests (d: SeerrDeps, principal: Principal, q: { offset: number, limit: number, requestId?: number }, managers: ManagerIds, signal?: AbortSignal): Promise<{ total: number, items: RequestRow[] }> {
  const as = await reader(d, principal, signal)
  let page: { total: number, items: SeerrRequest[] }
  if (q.requestId !== undefined) {
    const one = await d.client.requestById(q.requestId, as?.id, signal)
    if (!one) throw refusal(`Seerr has no request ${q.requestId}.`, [listSeerrRequests()])
    if (one === 'forbidden') throw refusal(`Request ${q.requestId} is another person's, and Seerr shows ${as?.displayName ?? 'you'} only their own requests (seeing everyone's needs Seerr's Manage Requests or View Requests permission).`, [listSeerrRequests('list yours')])
    page = { total: 1, items: [one] }
  } else {
    page = await d.client.requests({ take: q.limit, skip: q.offset }, as?.id, signal)
  }
  const notes = await d.notes.all()
  const [movies, series] = await Promise.all([
    page.items.some(r => r.mediaType === 'movie') ? managers.movies(signal).catch(() => []) : [],
    page.items.some(r => r.mediaType === 'tv') ? managers.series(signal).catch(() => []) : []
  ])
  const tells = await seerrTellsFor(d, principal, as, page.items, signal)
  const items = page.items.map(r => {
    const note = notes[String(r.id)]
    const inManager = r.mediaType === 'movie' ? movies.find(m => m.tmdbId === r.tmdbId) : series.find(s => r.tvdbId !== undefined && s.tvdbId === r.tvdbId)
    const title = inManager?.title ?? note?.title
    const row: RequestRow = {
      requestId: r.id,
      status: r.status,
      availability: r.availability,
      mediaType: r.mediaType,
      ...(title ? { title } : {}),
      tmdbId: r.tmdbId,
      seasons: r.seasons,
      is4k: r.is4k,
      requestedBy: r.requestedBy.displayName,
      ...(r.modifiedBy && r.status !== 'pending' ? { decidedBy: r.modifiedBy.displayName } : {}),
      ...(r.status === 'declined' && note?.reason ? { declineReason: note.reason } : {}),
      requestedAt: r.createdAt,
      ...(inManager ? (r.mediaType === 'movie' ? { movieId: inManager.id } : { seriesId: inManager.id }) : {}),
      ...(tells.has(r.requestedBy.id) ? { seerrTells: tells.get(r.requestedBy.id) } : {})
    }
    return row
  })
  return { total: page.total, items }
}

/**
 * For a chat person reading their own requests: which events Seerr's Telegram agent sends them on the chat
 * we answer in. Seerr sends a user an event when its Telegram agent is on, the user's telegram types hold
 * the event's bit and the user has a chat id (server/lib/notifications/agents/telegram.ts : 201-209); the same
 * chat as ours when that chat id is the person's Telegram id (a private chat's id is the user's id).
 */
async function seerrTellsFor (d: SeerrDeps, principal: Principal, as: SeerrPerson | undefined, rows: SeerrRequest[], signal?: AbortSignal): Promise<Map<number, string[]>> {
  const person = personOf(principal)
  const out = new Map<number, string[]>()
  if (person.kind !== 'telegram' || !as || !rows.some(r => r.requestedBy.id === as.id)) return out
  const s = await d.client.notificationSettings(as.id, signal).catch(() => undefined)
  if (!s?.telegramEnabled || s.telegramChatId !== person.userId) return out
  const events = (Object.entries(NOTIFY) as Array<[string, number]>).filter(([, bit]) => (s.telegramTypes & bit) !== 0).map(([name]) => name)
  if (events.length > 0) out.set(as.id, events)
  return out
}

export async function decideRequest (d: SeerrDeps, principal: Principal, id: number, decision: 'approve' | 'decline', reason: string | undefined, signal?: AbortSignal): Promise<{ row: SeerrRequest, by: string, reasonKept: boolean }> {
  const as = await d.users.resolve(principal, signal)
  const r = await d.client.setStatus(id, decision, as.id, signal)
  if (r === 'not-found') throw refusal(`Seerr has no request ${id}.`, [listSeerrRequests()])
  if (r === 'forbidden') throw new ToolError(`Seerr refused: ${as.displayName} may not ${decision} requests (Seerr's Manage Requests permission is needed).`)
  let reasonKept = true
  if (decision === 'decline') await d.notes.note(id, { ...(reason ? { reason } : {}), declinedBy: as.displayName }).catch(() => { reasonKept = false })
  return { row: r, by: as.displayName, reasonKept }
}
