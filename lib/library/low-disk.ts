// The disks this server writes to, below the DISK_MIN_FREE_GIB threshold: server_status warns about them,
// and downloads whose size is not known in advance are refused while the downloads disk is one of them.
import { formatBytes } from '../../core/format.js'
import { checkLanding, type LandingPlace, type ReadFigures } from './landing-space.js'

export interface LowDisk { labels: string[], path: string, freeBytes: number }

export async function lowDisks (places: LandingPlace[], minFreeGiB: number, figures: ReadFigures): Promise<LowDisk[]> {
  if (minFreeGiB <= 0) return []
  return (await checkLanding(minFreeGiB * 1024 ** 3, places, figures)).short
}

export function lowDiskSentence (d: LowDisk, minFreeGiB: number): string {
  return `the ${d.labels.join(' and ')} disk (${d.path}) has ${formatBytes(d.freeBytes)} free, below DISK_MIN_FREE_GIB (${minFreeGiB} GiB)`
}
