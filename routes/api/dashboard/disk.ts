// Disk use of the media and downloads roots (fs.statfs: the figures `df` shows).
import { statfs } from 'node:fs/promises'
import type { Static } from '@sinclair/typebox'
import type { Disk } from './schemas.js'

export async function diskUse (root: 'media' | 'downloads', path: string): Promise<Static<typeof Disk>> {
  const variable = root === 'media' ? 'MEDIA_ROOT' : 'DOWNLOADS_ROOT'
  try {
    const s = await statfs(path)
    const total = s.blocks * s.bsize
    const used = total - s.bfree * s.bsize
    return {
      root,
      available: true,
      totalBytes: total,
      freeBytes: s.bavail * s.bsize,
      usedPercent: total > 0 ? Math.min(100, Math.round(1000 * used / total) / 10) : 0
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error'
    // The path itself stays out of the answer: only the variable to check is named.
    return { root, available: false, reason: `Cannot read the disk use of ${variable} (${code}); check that the folder exists and is mounted.` }
  }
}
