// download_direct: save one URL under DOWNLOADS_ROOT first (yt-dlp for video pages, aria2 for files), then
// optionally organize it into a library folder — all in one background job.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { defineTool } from '../../../core/tool-types.js'
import { JobStartedSchema, jobStarted, refuseWhenDownloadsDiskLow } from '../download-shared.js'
import { DIRECT_DOWNLOADS_FOLDER } from '../../../lib/library/cleanup-candidates.js'
import { DIRECT_DOWNLOAD_KIND, chooseMethod, downloadWithAria2, downloadWithYtdlp } from '../direct-download-run.js'
import { resolveLibraryDestination, runOrganize } from '../organize-job.js'
import { NEXT_FIELD, nextText } from '../../../lib/answers/next-calls.js'
import { followJob } from '../../../lib/answers/common-calls.js'

const KIND = DIRECT_DOWNLOAD_KIND

const input = Type.Object({
  url: Type.String({ minLength: 8, maxLength: 2048, description: 'Public http(s) URL of a video page or a file' }),
  method: Type.Union([Type.Literal('auto'), Type.Literal('video'), Type.Literal('file')], { default: 'auto', description: 'video (yt-dlp), file (aria2) or auto (file for file-like links)' }),
  destination: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'Library folder to move it into (default: stays in downloads)' })),
  fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'file: name to save as (default from the URL)' }))
}, { additionalProperties: false })

const output = Type.Object({
  method: Type.String({ description: 'video or file: which downloader runs' }),
  downloadFolder: Type.String({ description: 'Folder under the downloads root the file is saved in first' }),
  job: JobStartedSchema,
  ...NEXT_FIELD
}, { additionalProperties: false })

export default (app: FastifyInstance) => {
  app.jobs.defineKind(KIND, { concurrency: 2, queueLimit: 20 })
  return defineTool({
    name: 'download_direct',
    title: 'Download a URL (video page or file) and organize it',
    description: 'Downloads one public URL with this server\'s tools: a video page (yt-dlp) or a file (aria2), then moves it into destination if given (never overwriting). A background job: check_jobs shows the saved files. File hosters: download_add.',
    inputSchema: input,
    outputSchema: output,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    taskSupport: 'optional',
    guards: { urls: { url: 'direct' }, paths: ['destination'], names: ['fileName'] },
    async handler (args, ctx) {
      const url = new URL(args.url)
      const method = chooseMethod(url, args.method)
      const destination = args.destination === undefined ? undefined : await resolveLibraryDestination(app, args.destination)
      await refuseWhenDownloadsDiskLow(app)
      const downloads = app.sandbox.roots().downloads
      if (!downloads) throw new Error('downloads root unavailable')
      const folder = join(downloads, DIRECT_DOWNLOADS_FOLDER, `${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`)
      const job = app.jobs.start({
        kind: KIND,
        owner: ctx.principal.id,
        description: `Download ${url.hostname}${url.pathname.slice(0, 80)} with ${method === 'video' ? 'yt-dlp' : 'aria2'}${destination ? ` into ${app.sandbox.display(destination)}` : ''}`,
        estimatedDurationMs: method === 'video' ? 120_000 : 60_000,
        run: async jobHandle => {
          const files = method === 'video'
            ? await downloadWithYtdlp(app, jobHandle, url.href, folder)
            : await downloadWithAria2(app, jobHandle, url.href, folder, args.fileName)
          const saved = files.map(f => ({ path: app.sandbox.display(f.path), sizeBytes: f.sizeBytes }))
          if (!destination) return { saved }
          jobHandle.message('Downloaded; organizing into the library')
          const organized = await runOrganize(app, jobHandle, folder, destination)
          return { saved, organized }
        }
      })
      return {
        data: { method, downloadFolder: app.sandbox.display(folder), job: jobStarted(job), next: [followJob(job.id)] },
        summary: `Started job ${job.id}: downloading with ${method === 'video' ? 'yt-dlp' : 'aria2'} into ${app.sandbox.display(folder)}${destination ? `, then organizing into ${app.sandbox.display(destination)}` : ''}.${nextText([followJob(job.id)])}`
      }
    }
  })
}
