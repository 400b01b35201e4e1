// Will a download of a known size fit where it lands? A release lands twice: in the downloads folder while
// it downloads, then in the library when the manager imports it. Places on one filesystem share its free
// space (an import there is a hardlink or a move, so the size is needed once); each other filesystem needs
// the whole size again (the import copies). Folders that do not exist yet (a new title's folder) are
// measured at their nearest existing parent.
import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DiskFigures } from './disk-figures.js'

export interface LandingPlace {
  /** For messages: "downloads", "library". */
  label: string
  /** The folder as this server sees it. */
  path: string
}

export interface LandingDisk {
  labels: string[]
  path: string
  freeBytes: number
}

export interface LandingVerdict {
  /** Filesystems that have less free space than the size. */
  short: LandingDisk[]
  /** Filesystems that have room. */
  roomy: LandingDisk[]
  /** Places that could not be measured (not mounted here): named so the answer can say what was not checked. */
  unchecked: LandingPlace[]
}

export type ReadFigures = (path: string) => Promise<DiskFigures>

/** The nearest folder of `path` that exists (itself or a parent), with the filesystem it is on. */
export async function nearestExisting (path: string): Promise<{ path: string, dev: number } | undefined> {
  for (let p = path; ; p = dirname(p)) {
    try {
      const s = await stat(p)
      return { path: p, dev: s.dev }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(p) === p) return undefined
    }
  }
}

export async function checkLanding (sizeBytes: number, places: LandingPlace[], figures: ReadFigures): Promise<LandingVerdict> {
  const disks = new Map<number, LandingDisk>()
  const unchecked: LandingPlace[] = []
  for (const place of places) {
    const found = await nearestExisting(place.path)
    if (!found) { unchecked.push(place); continue }
    const known = disks.get(found.dev)
    if (known) { if (!known.labels.includes(place.label)) known.labels.push(place.label); continue }
    try {
      disks.set(found.dev, { labels: [place.label], path: place.path, freeBytes: (await figures(found.path)).freeBytes })
    } catch {
      unchecked.push(place)
    }
  }
  const all = [...disks.values()]
  return { short: all.filter(d => d.freeBytes < sizeBytes), roomy: all.filter(d => d.freeBytes >= sizeBytes), unchecked }
}
