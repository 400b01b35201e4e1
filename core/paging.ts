// One paging contract for every list: { items, total, offset, limit, hasMore }.
import { Type, type TSchema } from '@sinclair/typebox'

export function pagingFields<T extends TSchema> (item: T, what: string) {
  return {
    items: Type.Array(item, { description: `This page of ${what}` }),
    total: Type.Integer({ minimum: 0, description: `How many ${what} there are in all` }),
    offset: Type.Integer({ minimum: 0, description: 'Index of the first item of this page' }),
    limit: Type.Integer({ minimum: 1, description: 'Page size used' }),
    hasMore: Type.Boolean({ description: 'True when more items follow: call again with offset = offset + limit' })
  }
}

export function pageInputs (maxLimit: number, defaultLimit: number) {
  return {
    offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0, description: 'Items to skip (paging)' }),
    limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit, description: 'Items per page' })
  }
}

export interface Page<T> { items: T[], total: number, offset: number, limit: number, hasMore: boolean }

export function pageOf<T> (all: T[], offset: number, limit: number): Page<T> {
  return { items: all.slice(offset, offset + limit), total: all.length, offset, limit, hasMore: offset + limit < all.length }
}

/**
 * Pages a server-paged list (page numbers from 1) by offset: one call when the offset falls on a page
 * boundary, else two adjacent pages sliced together.
 */
export async function serverPage<T> (offset: number, limit: number, fetch: (page: number, pageSize: number) => Promise<{ totalRecords: number, records: T[] }>): Promise<Page<T>> {
  const first = Math.floor(offset / limit) + 1
  const a = await fetch(first, limit)
  let records = a.records ?? []
  const skip = offset - (first - 1) * limit
  if (skip > 0 && offset + limit <= a.totalRecords) records = records.concat((await fetch(first + 1, limit)).records ?? [])
  const items = records.slice(skip, skip + limit)
  return { items, total: a.totalRecords, offset, limit, hasMore: offset + limit < a.totalRecords }
}
