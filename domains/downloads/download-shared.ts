// Schemas and helpers shared by the download tools.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { JobRecord } from '../../core/job-types.js'
import { refusal } from '../../lib/answers/next-calls.js'
import { freeSpacePreview } from '../../lib/answers/common-calls.js'
import { lowDiskSentence, lowDisks } from '../../lib/library/low-disk.js'
import { missingLines, readSources, type MissingSource } from '../../lib/sources/sources.js'
import { partsOfSources, type Part } from '../../lib/answers/parts.js'

export const JobStartedSchema = Type.Object({
  id: Type.String({ description: 'Job id: pass it to check_jobs to follow progress and get the result' }),
  status: Type.String({ description: 'Job status right after starting (queued or running)' }),
  description: Type.String({ description: 'What the job does' }),
  estimatedDurationMs: Type.Optional(Type.Integer({ minimum: 0, description: 'Rough estimate of how long it takes, in milliseconds' }))
}, { description: 'The background job that was started' })

export function jobStarted (job: JobRecord): Static<typeof JobStartedSchema> {
  return { id: job.id, status: job.status, description: job.description, ...(job.estimatedDurationMs !== undefined ? { estimatedDurationMs: job.estimatedDurationMs } : {}) }
}

/**
 * Progress and total size of a download, only when its total size is known: a torrent still fetching its
 * metadata, or a package whose size the direct-download manager has not learnt, reports 0 bytes, and
 * "0 % of 0 B" would state what nobody checked.
 */
export function sizedProgress (totalBytes: number | undefined, doneFraction: () => number): { progressPercent?: number, sizeBytes?: number } {
  if (totalBytes === undefined || !(totalBytes > 0)) return {}
  return { progressPercent: Math.min(100, Math.max(0, Math.round(doneFraction() * 1000) / 10)), sizeBytes: totalBytes }
}

export function seconds (ms: number | undefined): string {
  if (ms === undefined) return 'an unknown time'
  return ms < 90_000 ? `about ${Math.max(1, Math.round(ms / 1000))} s` : `about ${Math.round(ms / 60_000)} min`
}

/**
 * Runs each source; a failing backend becomes a warning instead of failing the whole answer. `answered` and
 * `missing` say which sources the items cover; `parts` is their record (listedText renders the headline from it).
 */
export async function gather<T> (sources: Array<[string, () => Promise<T[]>]>): Promise<{ items: T[], warnings: string[], answered: string[], missing: MissingSource[], parts: Part[] }> {
  const reads = await readSources(sources)
  const { answered, missing } = reads
  return { items: answered.flatMap(a => a.value), warnings: missingLines(missing), answered: answered.map(a => a.source), missing, parts: partsOfSources(reads) }
}

/** Refuses a download of unknown size while the downloads disk is below DISK_MIN_FREE_GIB. */
export async function refuseWhenDownloadsDiskLow (app: FastifyInstance): Promise<void> {
  const min = app.config.DISK_MIN_FREE_GIB
  const [low] = await lowDisks([{ label: 'downloads', path: app.config.DOWNLOADS_ROOT }], min, app.disk.figures)
  if (low) {
    throw refusal(`Not starting this download: ${lowDiskSentence(low, min)}, and its size is not known in advance. ` +
      'Free space first, or lower DISK_MIN_FREE_GIB.', [freeSpacePreview()])
  }
}
