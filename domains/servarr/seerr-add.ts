// movie_search addTmdbId and series_search addTvdbId with Seerr configured: the title is requested through
// Seerr as the person who asks (lib/requests/seerr-requests.ts) instead of being added to the manager
// directly, so Seerr's permissions, quotas, 4K rules and auto-approval apply. Without Seerr the tools and
// their schemas are unchanged.
import { Type, type TObject, type TProperties } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ToolContext } from '../../core/tool-types.js'
import { requestThroughSeerr, seerrDeps, type Requested, type TitleToRequest } from '../../lib/requests/seerr-requests.js'

export const RequestedSchema = Type.Object({
  requestId: Type.Integer({ description: 'Seerr request id' }),
  title: Type.String({ description: 'Title' }),
  status: Type.String({ description: 'pending (waits for an owner) or approved' }),
  is4k: Type.Boolean({ description: '4K request' }),
  seasons: Type.Array(Type.Integer(), { description: 'Seasons requested (tv)' }),
  requestedAs: Type.String({ description: 'Seerr user it was made as' })
}, { description: 'With Seerr: the request made instead of an add' })

export const uhdInput = { uhd: Type.Optional(Type.Boolean({ description: 'Seerr: 4K' })) }

/** The tool's description, input and output with the Seerr fields, when Seerr is configured. */
export function withSeerr<I extends TObject, O extends TObject> (app: FastifyInstance, s: { description: string, seerrDescription: string, input: I, output: O, extra: TProperties }): { description: string, input: I, output: O } {
  const { input, output, extra } = s
  if (!app.backends.seerr) return { description: s.description, input, output }
  return {
    description: s.seerrDescription,
    input: Type.Object({ ...input.properties, ...extra }, { additionalProperties: false }) as unknown as I,
    output: Type.Object({ ...output.properties, requested: Type.Optional(RequestedSchema) }, { additionalProperties: false }) as unknown as O
  }
}

export interface SeerrAdded extends Requested { title: string }

export async function addThroughSeerr (app: FastifyInstance, want: TitleToRequest, ctx: ToolContext): Promise<SeerrAdded> {
  const d = seerrDeps(app.backends.seerr!, app.config)
  return { ...await requestThroughSeerr(d, ctx.principal, want, ctx.signal), title: want.title }
}

export function requestedSummary (r: SeerrAdded): string {
  const what = `"${r.title}"${r.seasons.length > 0 ? ` seasons ${r.seasons.join(', ')}` : ''}${r.is4k ? ' in 4K' : ''}`
  return r.status === 'pending'
    ? `Requested ${what} in Seerr as ${r.requestedAs} (request ${r.requestId}); it waits for an owner's approval.`
    : `Requested ${what} in Seerr as ${r.requestedAs} (request ${r.requestId}, ${r.status}); Seerr sends it to the manager.`
}
