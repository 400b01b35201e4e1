// Starts the background job that organizes downloaded files into the library (file moves run as jobs:
// they outlast one call and can be watched and cancelled). The destination must be inside MEDIA_ROOT; the job records its moves as the inverse, so the
// library's undo can put every file back.
import { mkdir } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { within } from '../../lib/sandbox/sandbox.js'
import type { JobHandle, JobRecord } from '../../core/job-types.js'
import { collectFiles, organizeFiles, type OrganizeMove, type SkippedEntry } from './organize-files.js'

export const ORGANIZE_KIND = 'organize-download'
/** Rough copy speed for the estimate when source and destination are on different filesystems. */
const BYTES_PER_MS = 50 * 1024

/** Resolves and checks an organize destination: inside the media library, never the library root itself. */
export async function resolveLibraryDestination (app: FastifyInstance, destination: string): Promise<string> {
  const abs = await app.sandbox.resolve(destination)
  const media = app.sandbox.roots().media
  if (!media || !within(media, abs) || abs === media) {
    throw new ToolError(`The destination must be a folder inside the media library, e.g. "movies/Heat (1995)" (got ${JSON.stringify(destination)}).`)
  }
  return abs
}

/** Moves files from `source` (a file or folder under DOWNLOADS_ROOT) into `destination`. Runs inside a job. */
export async function runOrganize (app: FastifyInstance, job: Pick<JobHandle, 'signal' | 'progress' | 'setInverse'>, source: string, destination: string) {
  const skipped: SkippedEntry[] = []
  const files = await collectFiles(await app.sandbox.recheck(source), skipped)
  const links = skipped.length > 0 ? ` ${skipped.length} symbolic link(s) were left alone: links are never followed.` : ''
  if (files.length === 0) throw new ToolError(`There is nothing to organize: the download folder has no finished files.${links}`)
  await app.sandbox.recheck(destination)
  await mkdir(destination, { recursive: true })
  const moves = await organizeFiles(files, destination, {
    guard: abs => app.sandbox.recheckEntry(abs),
    signal: job.signal,
    onFile: (done, total, name) => job.progress(Math.round(100 * done / total), name ? `Moving ${name} (${done + 1}/${total})` : 'Done'),
    onMoved: (m: OrganizeMove[]) => job.setInverse({ moves: m.map(x => ({ from: x.from, to: x.to })) })
  })
  return {
    destination: app.sandbox.display(destination),
    files: moves.map(m => ({ from: app.sandbox.display(m.from), to: app.sandbox.display(m.to), sizeBytes: m.sizeBytes })),
    skipped: skipped.map(s => ({ path: app.sandbox.display(s.path), reason: s.reason }))
  }
}

export function defineOrganizeKind (app: FastifyInstance) {
  app.jobs.defineKind(ORGANIZE_KIND, { concurrency: 1, queueLimit: 20, changesLibrary: true })
}

export async function startOrganizeJob (app: FastifyInstance, owner: string, source: string, destination: string, description: string): Promise<JobRecord> {
  const files = await collectFiles(source)
  if (files.length === 0) throw new ToolError('There is nothing to organize: the download folder has no finished files.')
  const bytes = files.reduce((n, f) => n + f.sizeBytes, 0)
  return app.jobs.start({
    kind: ORGANIZE_KIND,
    owner,
    description,
    estimatedDurationMs: 500 + bytes / BYTES_PER_MS,
    run: job => runOrganize(app, job, source, destination)
  })
}
