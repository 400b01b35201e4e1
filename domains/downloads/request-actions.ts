// download_status's Seerr actions, present only when REQUESTS_URL and REQUESTS_API_KEY are set: "requests"
// lists Seerr's requests (pending, approved, declined, failed, completed; who asked, what, which seasons, 4K),
// "approve" and "decline" decide one as the caller's Seerr user, a decline keeping its reason for the requester.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import type { ToolContext } from '../../core/tool-types.js'
import { decideRequest, listRequests, seerrDeps, type RequestRow } from '../../lib/requests/seerr-requests.js'
import { nextCall, refusal } from '../../lib/answers/next-calls.js'

export const REQUEST_ACTIONS = ['requests', 'approve', 'decline'] as const

export const requestInputs = {
  requestId: Type.Optional(Type.Integer({ minimum: 1, description: 'Seerr request id' })),
  reason: Type.Optional(Type.String({ minLength: 1, maxLength: 300, description: 'decline: why (told to the asker)' }))
}

export const RequestRowSchema = Type.Object({
  requestId: Type.Integer({ description: 'Seerr request id' }),
  status: Type.String({ description: 'pending, approved, declined, failed or completed' }),
  availability: Type.String({ description: 'Seerr media status, e.g. processing, available' }),
  mediaType: Type.String({ description: 'movie or tv' }),
  title: Type.Optional(Type.String({ description: 'Title, when known' })),
  tmdbId: Type.Integer({ description: 'TMDB id' }),
  seasons: Type.Array(Type.Integer(), { description: 'Seasons asked for (tv)' }),
  is4k: Type.Boolean({ description: '4K request' }),
  requestedBy: Type.String({ description: 'Who asked (Seerr user)' }),
  decidedBy: Type.Optional(Type.String({ description: 'Who approved or declined' })),
  declineReason: Type.Optional(Type.String({ description: 'Why it was declined' })),
  requestedAt: Type.String({ description: 'When (ISO 8601)' }),
  movieId: Type.Optional(Type.Integer({ description: 'In the movie manager' })),
  seriesId: Type.Optional(Type.Integer({ description: 'In the series manager' })),
  seerrTells: Type.Optional(Type.Array(Type.String(), { description: 'Events Seerr itself tells you on this chat' }))
})

type Args = { action: string, requestId?: number, reason?: string, offset: number, limit: number }

export async function runRequestAction (app: FastifyInstance, args: Args, ctx: ToolContext) {
  const seerr = app.backends.seerr
  if (!seerr) throw new ToolError('Requests need REQUESTS_URL and REQUESTS_API_KEY (Seerr).')
  const d = seerrDeps(seerr, app.config)
  const managers = {
    movies: (signal?: AbortSignal) => app.backends.radarr.listMovies(signal),
    series: (signal?: AbortSignal) => app.backends.sonarr.listSeries(signal)
  }
  if (args.action === 'requests') {
    const page = await listRequests(d, ctx.principal, { offset: args.offset, limit: args.limit, requestId: args.requestId }, managers, ctx.signal)
    const data = { action: 'requests', items: page.items, total: page.total, offset: args.offset, limit: args.limit, hasMore: args.offset + args.limit < page.total, warnings: [] }
    return { data, summary: page.total === 0 ? 'Seerr holds no requests.' : `${page.total} Seerr request${page.total === 1 ? '' : 's'}: ${page.items.slice(0, 5).map(line).join('; ')}${page.total > 5 ? '; …' : ''}.` }
  }
  if (args.requestId === undefined) throw refusal(`Action "${args.action}" needs requestId.`, [nextCall('download_status', { action: 'requests' }, 'list the requests and their ids')])
  if (args.action === 'approve' && args.reason !== undefined) throw new ToolError('reason goes with action "decline" only.')
  const decided = await decideRequest(d, ctx.principal, args.requestId, args.action as 'approve' | 'decline', args.reason, ctx.signal)
  const [row] = (await listRequests(d, ctx.principal, { offset: 0, limit: 1, requestId: args.requestId }, managers, ctx.signal)).items
  const lost = decided.reasonKept ? '' : ' The reason could not be saved (STATE_DIR is not writable): tell the requester yourself.'
  const data = { action: args.action, items: row ? [row] : [], total: row ? 1 : 0, offset: 0, limit: 1, hasMore: false, warnings: [] }
  return { data, summary: `${decided.by} ${args.action === 'approve' ? 'approved' : 'declined'} request ${args.requestId}${row ? ` (${line(row)})` : ''}.${lost}` }
}

function line (r: RequestRow): string {
  const what = r.title ? `"${r.title}"` : `${r.mediaType} tmdb:${r.tmdbId}`
  const seasons = r.seasons.length > 0 ? ` seasons ${r.seasons.join(', ')}` : ''
  return `${what}${seasons}${r.is4k ? ' 4K' : ''} by ${r.requestedBy}, ${r.status}${r.declineReason ? ` (${r.declineReason})` : ''}`
}
