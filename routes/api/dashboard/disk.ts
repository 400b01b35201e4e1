// Disk use of the media and downloads roots: the figures `df` shows. When both roots live on one
// filesystem (the usual single-disk setup) the two figures are the same disk, so it is reported once,
// as root "both": two identical bars would read as two disks with twice the space.
import { stat } from 'node:fs/promises'
import { readDiskFigures } from '../../../lib/library/disk-figures.js'
import type { Static } from '@sinclair/typebox'
import type { Disk } from './schemas.js'

type DiskT = Static<typeof Disk>
type Root = 'media' | 'downloads'

const VARIABLE: Record<Root, string> = { media: 'MEDIA_ROOT', downloads: 'DOWNLOADS_ROOT' }

export async function diskUse (root: Root, path: string): Promise<DiskT> {
  try {
    const { totalBytes, freeBytes, usedPercent } = await readDiskFigures(path)
    return { root, available: true, totalBytes, freeBytes, usedPercent }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error'
    // The path itself stays out of the answer: only the variable to check is named.
    return { root, available: false, reason: `Cannot read the disk use of ${VARIABLE[root]} (${code}); check that the folder exists and is mounted.` }
  }
}

/** The filesystem a path is on (stat's st_dev), or undefined when it cannot be read. */
async function filesystemOf (path: string): Promise<bigint | undefined> {
  try {
    return (await stat(path, { bigint: true })).dev
  } catch {
    return undefined
  }
}

/** One entry per filesystem: "both" when MEDIA_ROOT and DOWNLOADS_ROOT share one, else one per root. */
export async function disksOf (mediaPath: string, downloadsPath: string): Promise<DiskT[]> {
  const [mediaDev, downloadsDev] = await Promise.all([filesystemOf(mediaPath), filesystemOf(downloadsPath)])
  const media = await diskUse('media', mediaPath)
  if (media.available && mediaDev !== undefined && mediaDev === downloadsDev) return [{ ...media, root: 'both' }]
  // Separate filesystems, or one that could not be read: each root answers for itself.
  return [media, await diskUse('downloads', downloadsPath)]
}
