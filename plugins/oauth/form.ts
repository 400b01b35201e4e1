// Request parameter helpers shared by the OAuth endpoints: the form-urlencoded body parser and
// single-valued parameter reads (RFC 6749 §3.1: a parameter must not be sent more than once).
import type { FastifyInstance } from 'fastify'
import { OAuthError } from './types.js'

export type Params = Record<string, string | string[] | undefined>

/** Form bodies on the OAuth endpoints are small; anything bigger is refused before parsing. */
export const FORM_BODY_LIMIT = 16 * 1024

/** Adds the application/x-www-form-urlencoded parser to an encapsulated instance (repeated keys become arrays). */
export function addFormParser (app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    const out: Params = Object.create(null)
    for (const [k, v] of new URLSearchParams(body as string)) {
      const prev = out[k]
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]
    }
    done(null, out)
  })
}

/** Reads one optional parameter; a repeated parameter is an invalid_request. Empty counts as absent. */
export function optional (params: Params | undefined, name: string): string | undefined {
  const v = params?.[name]
  if (Array.isArray(v)) throw new OAuthError('invalid_request', `Parameter "${name}" was sent more than once; send it once.`)
  if (typeof v !== 'string' || v === '') return undefined
  return v
}

export function required (params: Params | undefined, name: string, hint = ''): string {
  const v = optional(params, name)
  if (v === undefined) throw new OAuthError('invalid_request', `Missing required parameter "${name}".${hint ? ' ' + hint : ''}`)
  return v
}

/** Parses a space-separated scope parameter into a de-duplicated list. */
export function parseScopes (scope: string | undefined): string[] {
  return [...new Set((scope ?? '').split(' ').filter(s => s.length > 0))]
}
