// download_status: the download queue (direct-download manager and torrent client merged), finished
// packages, and organizing a finished package into the library as a background job.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../../core/errors.js'
import { within } from '../../../lib/sandbox/sandbox.js'
import { defineTool } from '../../../core/tool-types.js'
import { pageInputs, pageOf, pagingFields } from '../../../core/paging.js'
import { JobStartedSchema, gather, jobStarted, seconds } from '../download-shared.js'
import { defineOrganizeKind, resolveLibraryDestination, startOrganizeJob } from '../organize-job.js'
import { readDownloadQueue } from '../queue-read.js'
import { hasExtraInstances } from '../../each-instance.js'
import { queueLine } from '../queue-line.js'
import { DOWNLOAD_STATES } from '../../../core/download-state/index.js'
import { REQUEST_ACTIONS, RequestRowSchema, requestInputs, runRequestAction } from '../request-actions.js'
import { listedText, PartsSchema } from '../../../lib/answers/parts.js'
import { NEXT_FIELD, nextCall, nextText, refusal } from '../../../lib/answers/next-calls.js'
import { followJob, watchQueue } from '../../../lib/answers/common-calls.js'

const ACTIONS = ['queue', 'finished', 'organize'] as const
const input = Type.Object({
  action: Type.Union(ACTIONS.map(a => Type.Literal(a)), { default: 'queue', description: 'queue (downloaders, managers), finished, or organize (needs packageId, destination)' }),
  packageId: Type.Optional(Type.Integer({ minimum: 1, description: 'organize: package id from finished' })),
  destination: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'organize: library folder, e.g. "movies/Heat (1995)"' })),
  ...pageInputs(100, 25)
}, { additionalProperties: false })

/** With Seerr configured: its requests, approve and decline (domains/downloads/request-actions.ts); the catalogue is otherwise unchanged. */
const seerrInput = Type.Object({
  ...input.properties,
  action: Type.Union([...ACTIONS, ...REQUEST_ACTIONS].map(a => Type.Literal(a)), { default: 'queue', description: 'queue, finished, organize (packageId, destination), requests, approve, decline' }),
  ...requestInputs
}, { additionalProperties: false })

const QueueItemSchema = Type.Object({
  source: Type.String({ description: 'direct, torrent, usenet, series or movies (that manager\'s queue, unless a downloader lists it)' }),
  id: Type.String({ description: 'Package id (direct), info-hash (torrent) or download id (usenet, series, movies)' }),
  name: Type.String({ description: 'Package, torrent or release name' }),
  about: Type.Optional(Type.String({ description: 'What the series or movie manager grabbed it for, e.g. "Show S01E02"' })),
  state: Type.String({ description: 'The program\'s own state word, e.g. stalledDL, fetching, unpacking, importPending' }),
  status: Type.Union(DOWNLOAD_STATES.map(s => Type.Literal(s)), { description: 'One vocabulary for every downloader and manager: downloading, stalled, failed, importBlocked, waitingForImport, queued, paused, completed' }),
  reason: Type.Optional(Type.String({ description: 'Why it is stalled, failed or blocked, e.g. "no one is sharing it", "missing articles"' })),
  progressPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'How far it is; absent while the total size is unknown' })),
  bytesPerSecond: Type.Optional(Type.Number({ minimum: 0, description: 'Current speed; absent when no source reports it' })),
  etaSeconds: Type.Optional(Type.Integer({ minimum: 0, description: 'Estimated seconds left, when known' })),
  sizeBytes: Type.Optional(Type.Number({ minimum: 0, description: 'Total size; absent while unknown' })),
  path: Type.Optional(Type.String({ description: 'Where the files are (torrents)' })),
  instance: Type.Optional(Type.String({ description: 'The series or movie manager instance it came from' }))
})

/** A queue item names its manager instance only when there are extra ones (published unchanged otherwise). */
const queueItemOf = (named: boolean) => named ? QueueItemSchema : Type.Omit(QueueItemSchema, ['instance']) as unknown as typeof QueueItemSchema

const FinishedSchema = Type.Object({
  packageId: Type.Integer({ description: 'Package id, for action "organize"' }),
  name: Type.String({ description: 'Package name' }),
  files: Type.Array(Type.String(), { description: 'File names in the package' }),
  sizeBytes: Type.Number({ minimum: 0, description: 'Total size' }),
  folder: Type.Optional(Type.String({ description: 'Where the files are, when known' }))
})

const outputOf = (named: boolean, seerr: boolean) => Type.Object({
  action: Type.String({ description: 'The action performed' }),
  ...Type.Partial(Type.Object(pagingFields(Type.Union([queueItemOf(named), FinishedSchema, ...(seerr ? [RequestRowSchema] : [])]), 'downloads'))).properties,
  warnings: Type.Array(Type.String(), { description: 'Downloaders that could not be asked (their items are missing)' }),
  parts: Type.Optional(PartsSchema),
  job: Type.Optional(JobStartedSchema),
  ...NEXT_FIELD
}, { additionalProperties: false })

export default (app: FastifyInstance) => {
  defineOrganizeKind(app)
  const named = { series: hasExtraInstances(app, 'series'), movies: hasExtraInstances(app, 'movies') }
  const seerr = app.backends.seerr !== undefined
  return defineTool({
    name: 'download_status',
    title: 'Download queue, finished packages, organize',
    description: seerr
      ? 'Downloads: torrent, direct-download and manager queues merged (progress, speed, ETA); finished packages; organize one into a library (job); Seerr requests: list, approve, decline.'
      : 'Downloads: the direct-download, torrent and series/movie manager queues merged (progress, speed, time left), finished packages, or organize a finished package into a library folder (background job; never overwrites; removes nothing until the copy is verified). Paged. cancel_downloads cancels; the managers import their own torrents.',
    inputSchema: (seerr ? seerrInput : input) as typeof input,
    outputSchema: outputOf(named.series || named.movies, seerr),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    hasEffects: args => args.action !== undefined && args.action !== 'queue' && args.action !== 'finished' && args.action !== 'requests',
    taskSupport: 'optional',
    guards: { paths: ['destination'] },
    async handler (args, ctx) {
      if ((REQUEST_ACTIONS as readonly string[]).includes(args.action)) return await runRequestAction(app, args, ctx)
      if (args.action === 'organize') {
        if (args.packageId === undefined || args.destination === undefined) {
          throw new ToolError('Action "organize" needs packageId (see action "finished") and destination (a library folder such as "movies/Heat (1995)").')
        }
        const destination = await resolveLibraryDestination(app, args.destination)
        const pkg = await app.backends.pyload.package(args.packageId).catch(() => {
          throw refusal(`No package with id ${args.packageId}.`, [nextCall('download_status', { action: 'finished' }, 'list the finished packages and their ids')])
        })
        if (!pkg.finished) throw refusal(`Package ${pkg.id} ("${pkg.name}") is not finished yet (${pkg.linksDone}/${pkg.linksTotal} links). Check again later.`, [watchQueue()])
        if (!pkg.folderPath) throw new ToolError(`The folder of package ${pkg.id} is unknown: the API key may lack the settings permission, or PATH_MAP does not cover the direct-download manager's storage folder.`)
        const source = await app.sandbox.resolve(pkg.folderPath)
        const downloads = app.sandbox.roots().downloads
        if (!downloads || !within(downloads, source)) throw new ToolError(`Package ${pkg.id} is not inside the downloads folder; add a PATH_MAP entry for the direct-download manager's storage folder.`)
        const job = await startOrganizeJob(app, ctx.principal.id, source, destination, `Organize "${pkg.name}" into ${app.sandbox.display(destination)}`)
        return {
          data: { action: 'organize', warnings: [], job: jobStarted(job), next: [followJob(job.id)] },
          summary: `Started job ${job.id}: moving the files of "${pkg.name}" into ${app.sandbox.display(destination)} (${seconds(job.estimatedDurationMs)}).${nextText([followJob(job.id)])}`
        }
      }

      if (args.action === 'finished') {
        const { items, warnings, parts } = await gather([['Direct-download manager', async () => (await app.backends.pyload.finishedPackages()).map(p => ({
          packageId: p.id,
          name: p.name,
          files: p.files.map(f => f.name),
          sizeBytes: p.bytesTotal,
          ...(p.folderPath ? { folder: displayIfInside(p.folderPath) } : {})
        }))]])
        const page = pageOf(items, args.offset, args.limit)
        return { data: { action: 'finished', ...page, warnings, parts }, summary: listedText({ count: page.total, parts, none: 'No finished packages.', some: n => `${n} finished package${n === 1 ? '' : 's'}.` }) }
      }

      const { items, warnings, parts } = await readDownloadQueue(app, { signal: ctx.signal, named, display: displayIfInside, torrentInstance: ctx.instances?.torrents })
      const page = pageOf(items, args.offset, args.limit)
      // Said only of the sources that answered: with the torrent client down, "nothing" would be a guess.
      const summary = listedText({ count: page.total, parts, none: 'Nothing is downloading.', some: () => queueLine(page.items, items) })
      return { data: { action: 'queue', ...page, warnings, parts }, summary }
    }
  })

  function displayIfInside (abs: string): string {
    const roots = app.sandbox.roots()
    return [roots.media, roots.downloads].some(r => r && within(r, abs)) ? app.sandbox.display(abs) : abs
  }
}
