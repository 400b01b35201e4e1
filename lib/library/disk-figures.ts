// Disk use from fs.statfs, computed the way df computes it (GNU coreutils src/df.c, get_dev): used is
// blocks − bfree; the used share is used / (used + bavail), so blocks reserved for root count as neither,
// rounded up to a whole percent.
import { statfs } from 'node:fs/promises'

export interface DiskFigures { totalBytes: number, usedBytes: number, freeBytes: number, usedPercent: number }

export function diskFigures (s: { bsize: number, blocks: number, bfree: number, bavail: number }): DiskFigures {
  const totalBytes = s.blocks * s.bsize
  const usedBytes = (s.blocks - s.bfree) * s.bsize
  const freeBytes = s.bavail * s.bsize
  const usable = usedBytes + freeBytes
  const usedPercent = usable > 0 ? Math.min(100, Math.ceil(100 * usedBytes / usable)) : 0
  return { totalBytes, usedBytes, freeBytes, usedPercent }
}

export async function readDiskFigures (path: string): Promise<DiskFigures> {
  return diskFigures(await statfs(path))
}
