// Disk use of the media and downloads roots: the figures `df` shows.
import { readDiskFigures } from '../../../lib/library/disk-figures.js'
import type { Static } from '@sinclair/typebox'
import type { Disk } from './schemas.js'

export async function diskUse (root: 'media' | 'downloads', path: string): Promise<Static<typeof Disk>> {
  const variable = root === 'media' ? 'MEDIA_ROOT' : 'DOWNLOADS_ROOT'
  try {
    const { totalBytes, freeBytes, usedPercent } = await readDiskFigures(path)
    return { root, available: true, totalBytes, freeBytes, usedPercent }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error'
    // The path itself stays out of the answer: only the variable to check is named.
    return { root, available: false, reason: `Cannot read the disk use of ${variable} (${code}); check that the folder exists and is mounted.` }
  }
}
