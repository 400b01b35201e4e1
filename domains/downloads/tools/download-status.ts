// download_status: the download queue (direct-download manager and torrent client merged), finished
// packages, and organizing a finished package into the library as a background job.
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { BackendError, ToolError } from '../../../core/errors.js'
import { within } from '../../../lib/sandbox/sandbox.js'
import { defineTool } from '../../../core/tool-types.js'
import { pageInputs, pageOf, pagingFields } from '../../../core/paging.js'
import { JobStartedSchema, gather, jobStarted, seconds } from '../download-shared.js'
import { defineOrganizeKind, resolveLibraryDestination, startOrganizeJob } from '../organize-job.js'
import { fromInstance, movieDownloads, seriesDownloads } from '../manager-queue.js'
import { hasExtraInstances, perInstance } from '../../each-instance.js'
import { queueLine } from '../queue-line.js'

const input = Type.Object({
  action: Type.Union([Type.Literal('queue'), Type.Literal('finished'), Type.Literal('organize')], { default: 'queue', description: 'queue (downloaders, managers), finished, or organize (needs packageId, destination)' }),
  packageId: Type.Optional(Type.Integer({ minimum: 1, description: 'organize: package id from finished' })),
  destination: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'organize: library folder, e.g. "movies/Heat (1995)"' })),
  ...pageInputs(100, 25)
}, { additionalProperties: false })

const QueueItemSchema = Type.Object({
  source: Type.String({ description: 'direct (direct-download manager), torrent (torrent client), series or movies (that manager\'s queue, unless listed as a torrent here)' }),
  id: Type.String({ description: 'Package id (direct), info-hash (torrent) or download id (series, movies)' }),
  name: Type.String({ description: 'Package, torrent or release name' }),
  about: Type.Optional(Type.String({ description: 'What the series or movie manager grabbed it for, e.g. "Show S01E02"' })),
  state: Type.String({ description: 'e.g. downloading, queued, paused, failed, completed' }),
  progressPercent: Type.Number({ minimum: 0, maximum: 100, description: 'How far it is' }),
  bytesPerSecond: Type.Number({ minimum: 0, description: 'Current speed' }),
  etaSeconds: Type.Optional(Type.Integer({ minimum: 0, description: 'Estimated seconds left, when known' })),
  sizeBytes: Type.Number({ minimum: 0, description: 'Total size' }),
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

const outputOf = (named: boolean) => Type.Object({
  action: Type.String({ description: 'The action performed' }),
  ...Type.Partial(Type.Object(pagingFields(Type.Union([queueItemOf(named), FinishedSchema]), 'downloads'))).properties,
  warnings: Type.Array(Type.String(), { description: 'Downloaders that could not be asked (their items are missing)' }),
  job: Type.Optional(JobStartedSchema)
}, { additionalProperties: false })

type QueueItem = Static<typeof QueueItemSchema>

export default (app: FastifyInstance) => {
  defineOrganizeKind(app)
  const named = { series: hasExtraInstances(app, 'series'), movies: hasExtraInstances(app, 'movies') }
  return defineTool({
    name: 'download_status',
    title: 'Download queue, finished packages, organize',
    description: 'Downloads: the direct-download, torrent and series/movie manager queues merged (progress, speed, time left), finished packages, or organize a finished package into a library folder (background job; never overwrites; removes nothing until the copy is verified). Paged. cancel_downloads cancels; the managers import their own torrents.',
    inputSchema: input,
    outputSchema: outputOf(named.series || named.movies),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    taskSupport: 'optional',
    guards: { paths: ['destination'] },
    async handler (args, ctx) {
      if (args.action === 'organize') {
        if (args.packageId === undefined || args.destination === undefined) {
          throw new ToolError('Action "organize" needs packageId (see action "finished") and destination (a library folder such as "movies/Heat (1995)").')
        }
        const destination = await resolveLibraryDestination(app, args.destination)
        const pkg = await app.backends.pyload.package(args.packageId).catch(() => {
          throw new ToolError(`No package with id ${args.packageId}. Call download_status with action "finished" to list ids.`)
        })
        if (!pkg.finished) throw new ToolError(`Package ${pkg.id} ("${pkg.name}") is not finished yet (${pkg.linksDone}/${pkg.linksTotal} links). Check again later with action "queue".`)
        if (!pkg.folderPath) throw new ToolError(`The folder of package ${pkg.id} is unknown: the API key may lack the settings permission, or PATH_MAP does not cover the direct-download manager's storage folder.`)
        const source = await app.sandbox.resolve(pkg.folderPath)
        const downloads = app.sandbox.roots().downloads
        if (!downloads || !within(downloads, source)) throw new ToolError(`Package ${pkg.id} is not inside the downloads folder; add a PATH_MAP entry for the direct-download manager's storage folder.`)
        const job = await startOrganizeJob(app, ctx.principal.id, source, destination, `Organize "${pkg.name}" into ${app.sandbox.display(destination)}`)
        return {
          data: { action: 'organize', warnings: [], job: jobStarted(job) },
          summary: `Started job ${job.id}: moving the files of "${pkg.name}" into ${app.sandbox.display(destination)} (${seconds(job.estimatedDurationMs)}). Follow it with check_jobs.`
        }
      }

      if (args.action === 'finished') {
        const { items, warnings } = await gather([['Direct-download manager', async () => (await app.backends.pyload.finishedPackages()).map(p => ({
          packageId: p.id,
          name: p.name,
          files: p.files.map(f => f.name),
          sizeBytes: p.bytesTotal,
          ...(p.folderPath ? { folder: displayIfInside(p.folderPath) } : {})
        }))]])
        const page = pageOf(items, args.offset, args.limit)
        return { data: { action: 'finished', ...page, warnings }, summary: `${page.total} finished package${page.total === 1 ? '' : 's'}${warnings.length ? ` (${warnings.join('; ')})` : ''}.` }
      }

      const { items: all, warnings } = await gather<QueueItem>([
        ['Direct-download manager', async () => (await unlessUnconfigured(app.backends.pyload.queue())).filter(p => !p.finished).map(p => ({
          source: 'direct',
          id: String(p.id),
          name: p.name,
          state: p.failed ? 'failed' : p.linksDone > 0 || p.bytesDone > 0 ? 'downloading' : 'queued',
          progressPercent: p.bytesTotal > 0 ? Math.min(100, Math.round(1000 * p.bytesDone / p.bytesTotal) / 10) : 0,
          bytesPerSecond: 0,
          sizeBytes: p.bytesTotal
        }))],
        ['Torrent client', async () => (await app.backends.qbittorrent.list()).filter(t => t.progress < 1).map(t => ({
          source: 'torrent',
          id: t.hash,
          name: t.name,
          state: t.phase,
          progressPercent: Math.round(t.progress * 1000) / 10,
          bytesPerSecond: t.downloadSpeed,
          ...(t.etaSeconds !== undefined ? { etaSeconds: t.etaSeconds } : {}),
          sizeBytes: t.sizeBytes,
          path: displayIfInside(t.contentPath)
        }))],
        // Every instance of each manager, each row naming its instance when there are several.
        ...perInstance(app, 'series', 'Series manager', async name => fromInstance(await unlessUnconfigured(seriesDownloads(app, ctx.signal)), 'series', named.series ? name : undefined)),
        ...perInstance(app, 'movies', 'Movie manager', async name => fromInstance(await unlessUnconfigured(movieDownloads(app, ctx.signal)), 'movies', named.movies ? name : undefined))
      ])
      // A manager's download the torrent client lists already is shown once: the torrent, labelled.
      const torrents = new Map(all.filter(i => i.source === 'torrent').map(i => [i.id.toLowerCase(), i]))
      const items = all.filter(i => {
        if (i.source !== 'series' && i.source !== 'movies') return true
        const torrent = torrents.get(i.id)
        if (torrent && i.about) torrent.about = i.about
        return !torrent
      })
      // Live speed and time left of direct downloads come from the active-downloads call.
      const active = await app.backends.pyload.activeDownloads().catch(() => [])
      for (const item of items) {
        if (item.source !== 'direct') continue
        const files = active.filter(a => String(a.packageId) === item.id)
        if (files.length === 0) continue
        item.bytesPerSecond = files.reduce((n, f) => n + f.bytesPerSecond, 0)
        item.etaSeconds = Math.max(...files.map(f => f.etaSeconds))
        item.state = 'downloading'
      }
      const page = pageOf(items, args.offset, args.limit)
      const summary = page.total === 0 ? 'Nothing is downloading.' : queueLine(page.items, page.total)
      return { data: { action: 'queue', ...page, warnings }, summary: warnings.length ? `${summary} Not reachable: ${warnings.join('; ')}` : summary }
    }
  })

  /** A service that is not configured has nothing queued: no warning for it. */
  async function unlessUnconfigured<T> (rows: Promise<T[]>): Promise<T[]> {
    return await rows.catch(err => {
      if (err instanceof BackendError && err.code === 'not_configured') return []
      throw err
    })
  }

  function displayIfInside (abs: string): string {
    const roots = app.sandbox.roots()
    return [roots.media, roots.downloads].some(r => r && within(r, abs)) ? app.sandbox.display(abs) : abs
  }
}
