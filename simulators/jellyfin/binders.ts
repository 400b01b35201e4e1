// How Jellyfin reads request values the simulator's routes share: list parameters, GUIDs, and the
// plain-text answer its exception middleware gives.
import type { FastifyReply } from 'fastify'

type Raw = string | string[] | undefined

/**
 * A list parameter as CommaDelimitedCollectionModelBinder reads it (jellyfin/jellyfin
 * Jellyfin.Api/ModelBinders/CommaDelimitedCollectionModelBinder.cs, v10.11.11): a repeated parameter is
 * taken value by value, unsplit; a single value is split on every comma (empty parts dropped); each part is
 * trimmed. `parse` returns undefined for a value its type converter rejects: such values are dropped
 * silently (the binder catches the FormatException), never answered with 400.
 */
export function commaList<T = string> (v: Raw, parse: (s: string) => T | undefined = s => s as T): T[] {
  if (v === undefined) return []
  const single = Array.isArray(v) ? (v.length === 1 ? v[0] : undefined) : v
  const parts = single === undefined ? v as string[] : single.split(',').filter(p => p !== '')
  return parts.map(p => parse(p.trim())).filter((x): x is T => x !== undefined)
}

const GUID = /^[0-9a-f]{32}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A GUID in the simulator's "N" form (32 lower-case hex digits), or undefined when it is not one. */
export function guid (raw: unknown): string | undefined {
  return typeof raw === 'string' && GUID.test(raw) ? raw.replace(/-/g, '').toLowerCase() : undefined
}

export const EMPTY_USER_ID = '00000000000000000000000000000000'

/**
 * An exception turned into a response by ExceptionMiddleware (Jellyfin.Api/Middleware/ExceptionMiddleware.cs,
 * v10.11.11): ArgumentException → 400, SecurityException → 403, ResourceNotFoundException → 404; the body is
 * text/plain "Error processing request." outside a Development environment.
 */
export function exceptionReply (reply: FastifyReply, status: 400 | 403 | 404) {
  return reply.code(status).type('text/plain; charset=utf-8').send('Error processing request.')
}
