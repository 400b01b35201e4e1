// Interactive release search, shared by series_releases and movie_releases: the list inputs, the output
// around the tool's own target record, and the sorted, filtered page of releases.
import { Type, type TObject } from '@sinclair/typebox'
import type { Release } from '../../clients/servarr/types.js'
import { IdUsedSchema } from './ids.js'
import { ReleaseItemSchema, sortReleases, toReleaseItem } from './items.js'
import { pageInputs, pageOf, pagingFields } from '../../core/paging.js'
import { formatBytes } from '../../core/format.js'
import { NEXT_FIELD, nextCall, nextText, type NextCall } from '../../lib/answers/next-calls.js'
import { quoted } from './text.js'

export const RELEASE_LIST_INPUTS = {
  includeRejected: Type.Boolean({ default: true, description: 'Also list rejected releases' }),
  ...pageInputs(50, 15)
}

export function releasesOutput<T extends TObject> (target: T) {
  return Type.Object({
    target,
    idUsed: IdUsedSchema,
    approvedCount: Type.Integer({ description: 'How many releases the manager approves' }),
    ...pagingFields(ReleaseItemSchema, 'releases'),
    ...NEXT_FIELD
  }, { additionalProperties: false })
}

/** Best first; rejected releases only when asked for. approvedCount counts everything found. */
export function releasePage (found: Release[], includeRejected: boolean, offset: number, limit: number) {
  const sorted = sortReleases(found).filter(r => includeRejected || r.approved === true)
  const page = pageOf(sorted.map(toReleaseItem), offset, limit)
  const approvedCount = found.filter(r => r.approved === true).length
  return { page, approvedCount }
}

/** The page's sizes and its first (best) release, for the summary: what a person picks a release by. */
export function releasePageLine (items: ReadonlyArray<{ title: string, quality: string, sizeBytes: number, seeders?: number, approved: boolean }>): string {
  if (items.length === 0) return ''
  const sizes = items.map(r => r.sizeBytes)
  const low = formatBytes(Math.min(...sizes))
  const high = formatBytes(Math.max(...sizes))
  const best = items[0]
  const seeders = best.seeders === undefined ? '' : `, ${best.seeders} seeders`
  return ` Sizes ${low === high ? low : `${low} to ${high}`}. First: ${quoted(best.title)} (${best.quality}, ${formatBytes(best.sizeBytes)}${seeders}${best.approved ? '' : ', rejected'}).`
}

/**
 * The grab call for the best approved release on the page, complete (the title's id, the season and episode
 * searched, the instance): `target` holds every argument the grab tool needs besides the release's own.
 */
export function grabNext (items: ReadonlyArray<{ guid: string, indexerId: number, approved: boolean }>, grabTool: string, target: Record<string, unknown>): { next: NextCall[], text: string } {
  const best = items.find(r => r.approved)
  if (!best) return { next: [], text: ` None on this page is approved; to grab a rejected one anyway, call ${grabTool} with its guid and indexerId.` }
  const next = [nextCall(grabTool, { ...target, guid: best.guid, indexerId: best.indexerId }, 'grab the best approved release')]
  return { next, text: `${nextText(next)} Another release: the same call with its guid and indexerId.` }
}
