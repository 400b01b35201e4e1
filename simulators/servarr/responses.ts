// Response conventions Sonarr and Radarr share: status codes, the FluentValidation 400 body, 404s, paging,
// id-list query parameters and .NET TimeSpan strings.
import type { FastifyReply } from 'fastify'

/**
 * Real Sonarr/Radarr answer 201 Created to POST /series, /movie and /command and 202 Accepted to PUT.
 * Their OpenAPI files (Swashbuckle) declare only 200 with the same body; the contract harness validates
 * 201/202 bodies against that 200 schema. The clients accept any 2xx.
 */
export const CREATED = 201
export const ACCEPTED = 202

export interface ValidationFailure { propertyName: string, errorMessage: string, errorCode: string, attemptedValue?: unknown }

/** The managers' 400 answer: a list of FluentValidation failures. */
export function invalid (reply: FastifyReply, failures: ValidationFailure[]) {
  return reply.code(400).send(failures.map(f => ({ ...f, severity: 'error', formattedMessagePlaceholderValues: {} })))
}

export function notFound (reply: FastifyReply, message = 'NotFound') {
  return reply.code(404).send({ message })
}

export function paged<T> (records: T[], q: { page?: string, pageSize?: string }, sortKey: string) {
  const page = Math.max(1, Number(q.page ?? 1) || 1)
  const pageSize = Math.max(1, Number(q.pageSize ?? 10) || 10)
  return { page, pageSize, sortKey, sortDirection: 'descending', totalRecords: records.length, records: records.slice((page - 1) * pageSize, page * pageSize) }
}

/**
 * A page of a list the manager sorts by one of `keys` (MapToPagingSpec: sortKey when it is allowed, else the
 * first key; sortDirection as asked, descending by default: PagingResource's constructor, src/*.Http/PagingResource.cs).
 */
export function sortedPage<T extends Record<string, unknown>> (records: T[], q: { page?: string, pageSize?: string, sortKey?: string, sortDirection?: string }, keys: string[]) {
  const sortKey = keys.find(k => k.toLowerCase() === q.sortKey?.toLowerCase()) ?? keys[0]
  const dir = q.sortDirection?.toLowerCase() === 'ascending' ? 1 : -1
  const value = (r: T) => r[sortKey] as string | number
  const sorted = [...records].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * dir)
  return { ...paged(sorted, q, sortKey), sortDirection: dir === 1 ? 'ascending' : 'descending' }
}

export function idList (q: Record<string, unknown>, key: string): number[] | undefined {
  const raw = q[key]
  if (raw === undefined || raw === '') return undefined
  return (Array.isArray(raw) ? raw : String(raw).split(',')).map(Number).filter(n => Number.isInteger(n))
}

export function timespan (seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}
