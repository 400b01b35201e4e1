// /api/* routes declared as data: the same declaration registers the route and documents it in
// /api/openapi.json, so the document cannot drift from what the server does.
import type { TSchema } from '@sinclair/typebox'

export interface ApiRoute {
  method: 'GET' | 'POST'
  url: string
  schema: {
    summary: string
    description: string
    tags: string[]
    params?: TSchema
    querystring?: TSchema
    body?: TSchema
    /** JSON responses (validated and serialized by Fastify). Stream routes leave this out. */
    response?: Record<number, TSchema>
  }
  /** For text/event-stream routes: each event name and the schema of its data. */
  events?: Record<string, TSchema>
  /** Error statuses the route itself answers (besides the 400/401/403/429 every /api route may). */
  errors?: Record<number, string>
}
