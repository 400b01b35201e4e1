// How fast a disk fills, from the managers' import history (issue 37): the bytes imported into it over the
// last 30 days give a rate, and the free space above DISK_MIN_FREE_GIB divided by that rate says roughly when it
// falls below. Only imports are counted (a replaced file's space coming back is not), so the forecast leans
// early, which is the side a warning should err on. Fewer than MIN_IMPORTS imports, or history reaching back
// less than MIN_SPAN_DAYS, is too short to tell, and the answer says so instead of guessing.
import { Type, type Static } from '@sinclair/typebox'
import { formatBytes } from '../../core/format.js'

export const FILL_WINDOW_DAYS = 30
export const MIN_SPAN_DAYS = 7
export const MIN_IMPORTS = 3
const DAY = 86_400_000

/** One imported file: when, and its size. */
export interface ImportedFile { at: number, sizeBytes: number }

export const FillForecastSchema = Type.Object({
  state: Type.Union([Type.Literal('filling'), Type.Literal('below'), Type.Literal('tooShort')], {
    description: 'filling: rate and days left are known; below: already under DISK_MIN_FREE_GIB; tooShort: too little import history to tell'
  }),
  imports: Type.Integer({ minimum: 0, description: 'Files imported into this disk in the window' }),
  spanDays: Type.Number({ minimum: 0, description: 'Days from the oldest counted import to now (at most 30)' }),
  bytesPerDay: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes imported per day (filling, below)' })),
  daysLeft: Type.Optional(Type.Number({ minimum: 0, description: 'filling: days until free space falls below DISK_MIN_FREE_GIB (rough)' })),
  reachesAt: Type.Optional(Type.String({ description: 'filling: the date that happens (ISO 8601, rough)' }))
}, { additionalProperties: false, description: 'How fast the disk fills, from the managers\' imports of the last 30 days' })

export type FillForecast = Static<typeof FillForecastSchema>

/** The forecast for one disk from the files imported into it (any age: those outside the window are left out). */
export function fillForecast (o: { imports: ImportedFile[], freeBytes: number, minFreeBytes: number, now: number }): FillForecast {
  const from = o.now - FILL_WINDOW_DAYS * DAY
  const counted = o.imports.filter(i => i.at >= from && i.at <= o.now && i.sizeBytes > 0)
  const oldest = Math.min(...counted.map(i => i.at))
  const spanDays = counted.length ? round1((o.now - oldest) / DAY) : 0
  if (counted.length < MIN_IMPORTS || spanDays < MIN_SPAN_DAYS) return { state: 'tooShort', imports: counted.length, spanDays }
  const bytesPerDay = Math.round(counted.reduce((sum, i) => sum + i.sizeBytes, 0) / spanDays)
  const above = o.freeBytes - o.minFreeBytes
  if (above <= 0) return { state: 'below', imports: counted.length, spanDays, bytesPerDay }
  const daysLeft = round1(above / bytesPerDay)
  return { state: 'filling', imports: counted.length, spanDays, bytesPerDay, daysLeft, reachesAt: new Date(o.now + daysLeft * DAY).toISOString() }
}

const round1 = (n: number) => Math.round(n * 10) / 10

/** Each file once: Sonarr records one import per episode of a multi-episode file, each with the file's size. */
export function distinctFiles<T extends { fileKey?: string }> (imports: T[]): T[] {
  const seen = new Set<string>()
  return imports.filter(i => i.fileKey === undefined || (!seen.has(i.fileKey) && seen.add(i.fileKey) !== undefined))
}

/** "the media disk fills by about 12 GB a day (40 imports in 30 days): below DISK_MIN_FREE_GIB (10 GiB) in about 9 days, around 2026-12-07" */
export function fillSentence (disk: string, f: FillForecast, minFreeGiB: number): string {
  const seen = `${f.imports} import${f.imports === 1 ? '' : 's'} in ${f.spanDays} day${f.spanDays === 1 ? '' : 's'}`
  if (f.state === 'tooShort') return `the ${disk} disk: import history too short to tell how fast it fills (${seen}; needs ${MIN_IMPORTS} over ${MIN_SPAN_DAYS} days)`
  const rate = `the ${disk} disk fills by about ${formatBytes(f.bytesPerDay!)} a day (${seen})`
  if (f.state === 'below') return `${rate}, and is already below DISK_MIN_FREE_GIB (${minFreeGiB} GiB)`
  return `${rate}: below DISK_MIN_FREE_GIB (${minFreeGiB} GiB) in about ${f.daysLeft} day${f.daysLeft === 1 ? '' : 's'}, around ${f.reachesAt!.slice(0, 10)}`
}
