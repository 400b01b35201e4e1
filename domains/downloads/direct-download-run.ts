// The two ways download_direct saves a URL under DOWNLOADS_ROOT: yt-dlp for video pages and video sites,
// aria2 for everything else. Both report progress to the job and stop on cancel or stall. Both connect through
// the URL guard's forward proxy (the managed aria2c is started with it), so every redirect is checked too.
import type { FastifyInstance } from 'fastify'
import { GuardError, ToolError } from '../../core/errors.js'
import { ytdlpDownload } from '../../lib/ytdlp.js'
import type { JobHandle } from '../../core/job-types.js'

const VIDEO_SITES = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|dailymotion\.com|twitch\.tv|archive\.org|peertube\.[a-z.]+|bilibili\.com|soundcloud\.com|bandcamp\.com)$/i
const FILE_EXTENSIONS = /\.(mkv|mp4|m4v|avi|mov|webm|ts|mp3|flac|m4a|ogg|opus|srt|ass|zip|rar|7z|tar|gz|iso|pdf|epub|bin|nfo)$/i
const STALL_MS = 120_000

/** The job kind of download_direct (check_jobs names these jobs' downloads by it). */
export const DIRECT_DOWNLOAD_KIND = 'direct-download'

/** auto: video sites and pages without a file extension go to yt-dlp; plain files to aria2. */
export function chooseMethod (url: URL, method: 'auto' | 'video' | 'file'): 'video' | 'file' {
  if (method !== 'auto') return method
  if (VIDEO_SITES.test(url.hostname)) return 'video'
  return FILE_EXTENSIONS.test(url.pathname) ? 'file' : 'video'
}

export async function downloadWithYtdlp (app: FastifyInstance, job: JobHandle, url: string, dir: string) {
  const res = await ytdlpDownload(url, {
    ytdlpPath: app.config.YTDLP_PATH,
    stateDir: app.config.STATE_DIR,
    outputDir: dir,
    proxy: (await app.urlGuard.forwardProxy()).url,
    signal: job.signal,
    onProgress: p => job.progress(Math.min(p.percent ?? 0, 99), p.percent !== undefined ? `Downloading: ${p.percent}%` : `Downloaded ${p.downloadedBytes} bytes`)
  })
  return res.files
}

export async function downloadWithAria2 (app: FastifyInstance, job: JobHandle, url: string, dir: string, fileName?: string) {
  const aria2 = app.backends.aria2
  const started = Date.now()
  const gid = await aria2.addUri(url, { dir, out: fileName })
  let lastBytes = -1
  let lastChange = Date.now()
  try {
    for (;;) {
      if (job.signal.aborted) throw new ToolError('The download was cancelled.')
      const s = await aria2.status(gid)
      if (s.status === 'complete') return s.files.map(f => ({ path: f.path, sizeBytes: f.lengthBytes }))
      if (s.status === 'error' || s.status === 'removed') {
        if (await refusedSince(app, started)) {
          throw new GuardError('url', 'The download was stopped: the link redirected to a private, local or stack-internal address, which the URL guard refuses at connect time. Only files on the public internet can be downloaded.')
        }
        throw new ToolError(`The download failed: ${s.errorMessage ?? `aria2 error ${s.errorCode ?? 'unknown'}`}. Check that the URL still works.`)
      }
      if (s.completedBytes !== lastBytes) { lastBytes = s.completedBytes; lastChange = Date.now() }
      if (Date.now() - lastChange > STALL_MS) throw new ToolError(`The download stalled (no data for ${STALL_MS / 1000} s) and was stopped.`)
      if (s.totalBytes > 0) job.progress(Math.min(99, Math.round(100 * s.completedBytes / s.totalBytes)), `Downloading: ${s.completedBytes} of ${s.totalBytes} bytes`)
      await new Promise(resolve => setTimeout(resolve, 300))
    }
  } catch (err) {
    await aria2.remove(gid).catch(() => {})
    throw err
  }
}

/** Whether the forward proxy refused a connection since `since` (aria2 itself only reports an HTTP status). */
async function refusedSince (app: FastifyInstance, since: number): Promise<boolean> {
  const proxy = await app.urlGuard.forwardProxy().catch(() => undefined)
  return proxy?.refusals.some(r => r.at >= since) ?? false
}
