// The dashboard's disk forecast (issue 37): how fast the media and downloads disks fill, from the managers'
// imports of the last 30 days (lib/library/disk-filling*.ts), attached to each disk entry of the library
// section. A manager that does not answer is named in the sentence; the forecast then rests on the others.
import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type { Disk } from './schemas.js'
import { fillSentence } from '../../../lib/library/disk-filling.js'
import { managerImportSources, readDiskFilling } from '../../../lib/library/disk-filling-read.js'

type DiskT = Static<typeof Disk>
const LABEL: Record<DiskT['root'], string> = { media: 'media', downloads: 'downloads', both: 'media and downloads' }

/** A function that adds its forecast to a disk entry (unchanged when the disk was not measured). */
/** `deadlineMs`: a manager slower than the other sections' deadline leaves the forecast out, never the panel waiting. */
export async function withFilling (app: FastifyInstance, deadlineMs: number): Promise<(disk: DiskT) => DiskT> {
  const min = app.config.DISK_MIN_FREE_GIB
  const read = await readDiskFilling({
    sources: managerImportSources(app.backends),
    places: [{ label: 'media', path: app.config.MEDIA_ROOT }, { label: 'downloads', path: app.config.DOWNLOADS_ROOT }],
    figures: app.disk.figures,
    minFreeBytes: min * 1024 ** 3,
    signal: AbortSignal.timeout(deadlineMs)
  }).catch(() => undefined)
  const unanswered = read?.missing.length ? ` Not counted, did not answer: ${read.missing.map(m => m.source).join(', ')}.` : ''
  return disk => {
    const found = read?.disks.find(d => d.labels.includes(disk.root === 'downloads' ? 'downloads' : 'media'))
    if (!disk.available || !found) return disk
    const { labels: _, path: __, freeBytes: ___, ...filling } = found
    const sentence = fillSentence(LABEL[disk.root], filling, min)
    return { ...disk, filling, fillingSentence: `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.${unanswered}` }
  }
}
