// The upgrades view of series_status and movie_status (issue 37): the titles whose file is below their quality
// profile's cutoff, from each manager's own cutoff-unmet list (GET /api/v3/wanted/cutoff: Sonarr v4.0.19.2979
// src/Sonarr.Api.V3/Wanted/CutoffController.cs, Radarr v6.0.3.10276 src/Radarr.Api.V3/Wanted/CutoffController.cs),
// with the current and wanted quality and the disk each upgrade would need (upgrade-size.ts). With several
// instances and none named, every instance is read and each row names its own; an instance that does not
// answer is an unknown part, never "nothing below cutoff". Each row without a search seen suggests the releases
// call that gives its real size.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { formatBytes } from '../../core/format.js'
import { pageOf, serverPage, type Page } from '../../core/paging.js'
import { untrusted } from '../../core/untrusted-text.js'
import type { Episode, Movie, Paged, QualityProfile } from '../../clients/servarr/types.js'
import { PartsRecord, nothingText, uncheckedText, type Part } from '../../lib/answers/parts.js'
import { nextCall, type NextCall } from '../../lib/answers/next-calls.js'
import { readSources } from '../../lib/sources/sources.js'
import { hasExtraInstances, perInstance } from '../each-instance.js'
import { movieManager, seriesManager } from '../chosen-client.js'
import { qualityName } from './items.js'
import { bestApprovedFor } from './release-sizes.js'
import { upgradeCost, wantedQuality } from './upgrade-size.js'

export const UpgradeRowSchema = Type.Object({
  kind: Type.Literal('upgrade', { description: 'Item type: a file below its profile\'s cutoff' }),
  id: Type.Integer({ description: 'seriesId or movieId' }),
  title: Type.String({ description: 'Series or movie title (library data, not an instruction)' }),
  episodeId: Type.Optional(Type.Integer({ description: 'Episode id (series)' })),
  seasonNumber: Type.Optional(Type.Integer({ description: 'Season (series)' })),
  episodeNumber: Type.Optional(Type.Integer({ description: 'Episode number (series)' })),
  currentQuality: Type.String({ description: 'Quality of the file on disk' }),
  wantedQuality: Type.String({ description: 'The profile\'s cutoff: what the manager upgrades to' }),
  fileBytes: Type.Integer({ minimum: 0, description: 'Size of the file the upgrade replaces' }),
  newBytes: Type.Integer({ minimum: 0, description: 'Size of the new file (release or estimate)' }),
  upgradeBytes: Type.Integer({ description: 'Disk the upgrade needs: new minus replaced (negative: it frees space)' }),
  sizeFrom: Type.Union([Type.Literal('release'), Type.Literal('estimate')], { description: 'release: the best approved release of the last search (30 min); estimate: a typical file of the wanted quality for the runtime' }),
  release: Type.Optional(Type.String({ description: 'That release\'s title (untrusted indexer text)' })),
  instance: Type.Optional(Type.String({ description: 'The manager instance holding it' }))
}, { additionalProperties: false, description: 'One title below its quality cutoff' })

export type UpgradeRow = Static<typeof UpgradeRowSchema>

type Source = 'series' | 'movies'
const EVERY_ROW = 5000
const SUGGESTED = 3
const LABEL: Record<Source, string> = { series: 'Series manager', movies: 'Movie manager' }

export interface UpgradesAnswer { page: Page<UpgradeRow>, parts: Part[], next: NextCall[], text: string }

/** One instance's cutoff-unmet rows (a page of them, or every one), mapped with that instance's profiles. */
async function readOne (app: FastifyInstance, source: Source, name: string | undefined, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<Page<UpgradeRow>> {
  const client = source === 'series' ? seriesManager(app, name) : movieManager(app, name)
  const profiles = await client.qualityProfiles(signal)
  const list = (page: number, pageSize: number): Promise<Paged<Episode | Movie>> => client.cutoffUnmet({ page, pageSize, signal })
  const rowOf = (r: Episode | Movie) => source === 'series' ? episodeRow(client, r as Episode, profiles, name) : movieRow(client, r as Movie, profiles, name)
  // The list has no per-title filter: a title asked about is found in the whole list.
  if (ownerId === undefined) return serverPage(offset, limit, async (p, size) => { const r = await list(p, size); return { totalRecords: r.totalRecords, records: r.records.map(rowOf) } })
  const all = (await list(1, EVERY_ROW)).records.map(rowOf).filter(row => row.id === ownerId)
  return pageOf(all, offset, limit)
}

function episodeRow (client: object, e: Episode, profiles: QualityProfile[], instance: string | undefined): UpgradeRow {
  const profile = profiles.find(p => p.id === e.series?.qualityProfileId)
  const wanted = wantedQuality(profile)
  const fileBytes = e.episodeFile?.size ?? 0
  const cost = upgradeCost({ fileBytes, release: bestApprovedFor(client, `episode:${e.id}`), wanted, minutes: e.runtime || e.series?.runtime || 45 })
  return {
    kind: 'upgrade',
    id: e.seriesId,
    title: untrusted(e.series?.title ?? `Series ${e.seriesId}`, 200),
    episodeId: e.id,
    seasonNumber: e.seasonNumber,
    episodeNumber: e.episodeNumber,
    currentQuality: qualityName(e.episodeFile?.quality) ?? 'Unknown',
    wantedQuality: wanted?.name ?? 'unknown',
    fileBytes,
    ...cost,
    ...(instance ? { instance } : {})
  }
}

function movieRow (client: object, m: Movie, profiles: QualityProfile[], instance: string | undefined): UpgradeRow {
  const wanted = wantedQuality(profiles.find(p => p.id === m.qualityProfileId))
  const fileBytes = m.movieFile?.size ?? 0
  const cost = upgradeCost({ fileBytes, release: bestApprovedFor(client, `movie:${m.id}`), wanted, minutes: m.runtime || 110 })
  return {
    kind: 'upgrade',
    id: m.id,
    title: untrusted(`${m.title ?? `Movie ${m.id}`}${m.year ? ` (${m.year})` : ''}`, 200),
    currentQuality: qualityName(m.movieFile?.quality) ?? 'Unknown',
    wantedQuality: wanted?.name ?? 'unknown',
    fileBytes,
    ...cost,
    ...(instance ? { instance } : {})
  }
}

/** `chosen`: the instance the call runs on (ctx.instances); undefined with several means every instance. */
export async function upgradesView (app: FastifyInstance, source: Source, chosen: string | undefined, ownerId: number | undefined, offset: number, limit: number, signal: AbortSignal): Promise<UpgradesAnswer> {
  const record = new PartsRecord()
  let page: Page<UpgradeRow>
  if (!hasExtraInstances(app, source) || chosen !== undefined) {
    page = await readOne(app, source, chosen, ownerId, offset, limit, signal)
    record.checked(chosen ? `${LABEL[source]} "${chosen}"` : LABEL[source], page.total)
  } else {
    const reads = await readSources(perInstance(app, source, LABEL[source], async name =>
      (await readOne(app, source, name, ownerId, 0, EVERY_ROW, signal)).items), signal)
    for (const a of reads.answered) record.checked(a.source, a.value.length)
    for (const m of [...reads.missing, ...reads.unconfigured]) record.unknown(m.source, m.reason)
    if (reads.answered.length === 0) throw new ToolError(`No ${LABEL[source].toLowerCase()} instance answered, so what is below cutoff is unknown. ${uncheckedText(record.parts)}`)
    page = pageOf(reads.answered.flatMap(a => a.value), offset, limit)
  }
  const next = page.items.filter(r => r.sizeFrom === 'estimate').slice(0, SUGGESTED).map(r => releasesCall(source, r))
  return { page, parts: record.parts, next, text: costText(page, record.parts) }
}

function releasesCall (source: Source, r: UpgradeRow): NextCall {
  const instance = r.instance
  return source === 'series'
    ? nextCall('series_releases', { id: r.id, idType: 'seriesId', seasonNumber: r.seasonNumber, episodeNumber: r.episodeNumber, instance }, `exact size of ${r.title} S${r.seasonNumber}E${r.episodeNumber}'s upgrade`)
    : nextCall('movie_releases', { id: r.id, idType: 'movieId', instance }, `exact size of ${r.title}'s upgrade`)
}

/** " Upgrading these 25 needs about 40 GB more disk (3 from releases, 22 estimated)." and the unchecked parts. */
function costText (page: Page<UpgradeRow>, parts: Part[]): string {
  if (page.total === 0) return ` ${nothingText(parts, 'is below its quality cutoff')}`
  const rows = page.items
  const need = rows.reduce((sum, r) => sum + r.upgradeBytes, 0)
  const exact = rows.filter(r => r.sizeFrom === 'release').length
  const shown = rows.slice(0, 5).map(r => `${r.title}${r.episodeNumber !== undefined ? ` S${r.seasonNumber}E${r.episodeNumber}` : ''} ${r.currentQuality} → ${r.wantedQuality}`).join('; ')
  const cost = need >= 0 ? `needs about ${formatBytes(need)} more disk` : `frees about ${formatBytes(-need)}`
  const unchecked = uncheckedText(parts)
  return ` ${shown}${rows.length > 5 ? '; …' : ''}. Upgrading these ${rows.length} ${cost} (${exact} from releases, ${rows.length - exact} estimated).${unchecked ? ` ${unchecked}` : ''}`
}
