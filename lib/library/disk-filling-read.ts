// The disk forecast's reads (lib/library/disk-filling.ts holds the arithmetic): every series and movie manager
// instance's imports of the last 30 days (GET /history/since, eventType downloadFolderImported), each file
// counted once and placed on the disk its imported path is on, and each disk's free space. server_status and
// the dashboard both answer from here. A manager that does not answer is named; its imports are then not
// counted, and the forecast says which managers it rests on.
import type { HistoryRecord } from '../../clients/servarr/types.js'
import type { Backends } from '../../clients/types.js'
import { instanceClient, instanceNames } from '../../clients/instance-clients.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'
import { readSources, type MissingSource } from '../sources/sources.js'
import { FILL_WINDOW_DAYS, distinctFiles, fillForecast, type FillForecast, type ImportedFile } from './disk-filling.js'
import { nearestExisting, type LandingPlace, type ReadFigures } from './landing-space.js'

/** One manager instance as the forecast reads it. */
export interface ImportSource {
  /** "Series manager", 'Movie manager "uhd"'. */
  label: string
  importsSince: (since: string, signal?: AbortSignal) => Promise<HistoryRecord[]>
  /** The manager's paths on our side (PATH_MAP). */
  toOurs: (path: string) => string
}

export interface DiskFilling extends FillForecast {
  /** The places on this disk ("media", "downloads", 'series manager "anime" library'). */
  labels: string[]
  path: string
  freeBytes: number
}

export interface DiskFillingRead { disks: DiskFilling[], answered: string[], missing: MissingSource[] }

const DAY = 86_400_000

/** An import record as a counted file: its time, size and file id, and where it was imported to (our side). */
function importOf (source: ImportSource, r: HistoryRecord): (ImportedFile & { fileKey?: string, path?: string }) | undefined {
  const size = Number(r.data?.size)
  const at = Date.parse(r.date)
  if (!Number.isFinite(size) || size <= 0 || Number.isNaN(at)) return undefined
  const imported = r.data?.importedPath
  return {
    at,
    sizeBytes: size,
    ...(r.data?.fileId ? { fileKey: `${source.label}\u0000${r.data.fileId}` } : {}),
    ...(imported ? { path: source.toOurs(imported) } : {})
  }
}

export async function readDiskFilling (o: {
  sources: ImportSource[]
  places: LandingPlace[]
  figures: ReadFigures
  minFreeBytes: number
  now?: number
  signal?: AbortSignal
}): Promise<DiskFillingRead> {
  const now = o.now ?? Date.now()
  const since = new Date(now - FILL_WINDOW_DAYS * DAY).toISOString()
  const reads = await readSources(o.sources.map(s => [s.label, async () =>
    (await s.importsSince(since, o.signal)).flatMap(r => importOf(s, r) ?? [])] as [string, () => Promise<Array<ImportedFile & { fileKey?: string, path?: string }>>]), o.signal)
  const imports = distinctFiles(reads.answered.flatMap(a => a.value))
  // Places on one filesystem are one disk; each import goes to the disk its folder is on.
  const disks = new Map<number, DiskFilling & { files: ImportedFile[] }>()
  for (const place of o.places) {
    const found = await nearestExisting(place.path)
    if (!found) continue
    const known = disks.get(found.dev)
    if (known) { if (!known.labels.includes(place.label)) known.labels.push(place.label); continue }
    const freeBytes = await o.figures(found.path).then(f => f.freeBytes, () => undefined)
    if (freeBytes === undefined) continue
    disks.set(found.dev, { labels: [place.label], path: place.path, freeBytes, files: [], state: 'tooShort', imports: 0, spanDays: 0 })
  }
  const devOf = new Map<string, number | undefined>()
  for (const i of imports) {
    if (!i.path) continue
    const folder = i.path.slice(0, i.path.lastIndexOf('/')) || '/'
    if (!devOf.has(folder)) devOf.set(folder, (await nearestExisting(folder))?.dev)
    const dev = devOf.get(folder)
    if (dev !== undefined) disks.get(dev)?.files.push(i)
  }
  return {
    disks: [...disks.values()].map(({ files, ...d }) => ({ ...d, ...fillForecast({ imports: files, freeBytes: d.freeBytes, minFreeBytes: o.minFreeBytes, now }) })),
    answered: reads.answered.map(a => a.source),
    missing: [...reads.missing, ...reads.unconfigured]
  }
}

/** Every series and movie manager instance of the stack, as import sources. */
export function managerImportSources (backends: Backends): ImportSource[] {
  return (['series', 'movies'] as const).flatMap(kind => {
    const names = instanceNames(backends, kind)
    const label = kind === 'series' ? 'Series manager' : 'Movie manager'
    return names.map(name => {
      const client = instanceClient(backends, kind, name)
      return { label: names.length > 1 && name !== DEFAULT_INSTANCE ? `${label} "${name}"` : label, importsSince: client.importsSince, toOurs: client.paths.toOurs }
    })
  })
}
