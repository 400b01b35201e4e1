// Interactive release search, shared by series_releases and movie_releases: the list inputs, the output
// around the tool's own target record, and the sorted, filtered page of releases.
import { Type, type TObject } from '@sinclair/typebox'
import type { Release } from '../../clients/servarr/types.js'
import { IdUsedSchema } from './ids.js'
import { ReleaseItemSchema, sortReleases, toReleaseItem } from './items.js'
import { pageInputs, pageOf, pagingFields } from '../../core/paging.js'

export const RELEASE_LIST_INPUTS = {
  includeRejected: Type.Boolean({ default: true, description: 'Also list rejected releases' }),
  ...pageInputs(50, 15)
}

export function releasesOutput<T extends TObject> (target: T) {
  return Type.Object({
    target,
    idUsed: IdUsedSchema,
    approvedCount: Type.Integer({ description: 'How many releases the manager approves' }),
    ...pagingFields(ReleaseItemSchema, 'releases')
  }, { additionalProperties: false })
}

/** Best first; rejected releases only when asked for. approvedCount counts everything found. */
export function releasePage (found: Release[], includeRejected: boolean, offset: number, limit: number) {
  const sorted = sortReleases(found).filter(r => includeRejected || r.approved === true)
  const page = pageOf(sorted.map(toReleaseItem), offset, limit)
  const approvedCount = found.filter(r => r.approved === true).length
  return { page, approvedCount }
}
