// Runs yt-dlp for a video page or a media URL and reports where the file went. Always: --ignore-config
// (no user config can add --exec or cookies), a private HOME/cache under STATE_DIR, a minimal environment
// (no backend keys), --restrict-filenames, output only inside the given folder, one video (--no-playlist),
// progress parsed from a template line, the final path from `--print after_move:…`, a wall-clock timeout
// and stall detection. The URL passed here must already have passed the URL guard, and `proxy` (the URL
// guard's forward proxy) checks every later hop at connect time: redirects, embedded media URLs, the
// ffmpeg yt-dlp may start. The proxy goes in the environment (http_proxy/https_proxy), which yt-dlp and
// its ffmpeg both honour, not on argv where every local user could read its secret. Only formats yt-dlp
// fetches over HTTP itself are chosen (HLS by its native downloader): rtmp, rtsp or mms would bypass a
// proxy.
import { mkdir, realpath, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { GuardError, ToolError } from '../core/errors.js'
import { REFUSED_REASON } from './url-guard/forward-proxy.js'
import { findExecutable, ProcessError, runProcess } from '../core/process/index.js'

export interface YtdlpProgress {
  downloadedBytes: number
  totalBytes?: number
  bytesPerSecond?: number
  etaSeconds?: number
  /** 0–100 when the total is known. */
  percent?: number
}

export interface YtdlpOptions {
  /** YTDLP_PATH. */
  ytdlpPath: string
  /** STATE_DIR: yt-dlp gets HOME and its cache under STATE_DIR/yt-dlp. */
  stateDir: string
  /** Folder the file is written to (under DOWNLOADS_ROOT; created when missing). */
  outputDir: string
  timeoutMs?: number
  /** Stop when yt-dlp prints nothing for this long (default 2 minutes). */
  stallMs?: number
  signal?: AbortSignal
  onProgress?: (p: YtdlpProgress) => void
  /** Refuse files larger than this (yt-dlp --max-filesize). */
  maxBytes?: number
  /** The URL guard's forward proxy (http://user:secret@127.0.0.1:port): every connection goes through it. */
  proxy?: string
}

export interface YtdlpResult {
  /** Absolute paths of the downloaded files, all inside outputDir. */
  files: Array<{ path: string, sizeBytes: number }>
  durationMs: number
}

const PROGRESS = 'MSMCP-PROGRESS'
const FILE = 'MSMCP-FILE'
/** Best video+audio (or best single file), only among formats fetched over http(s) or native HLS. */
const HTTP_FORMATS = ['http', 'm3u8'].map(p => `bv*[protocol^=${p}]+ba[protocol^=${p}]/b[protocol^=${p}]`).join('/')

function proxyEnv (proxy: string | undefined): Record<string, string> {
  return proxy ? { http_proxy: proxy, https_proxy: proxy, HTTP_PROXY: proxy, HTTPS_PROXY: proxy } : {}
}

export async function ytdlpDownload (url: string, opts: YtdlpOptions): Promise<YtdlpResult> {
  const binary = await findExecutable(opts.ytdlpPath)
  if (!binary) {
    throw new ToolError(`yt-dlp is not installed (YTDLP_PATH="${opts.ytdlpPath}" was not found). Install yt-dlp or set YTDLP_PATH to its full path; for plain file links download_direct can use aria2 instead (its "file" method).`)
  }
  const home = join(opts.stateDir, 'yt-dlp')
  await mkdir(join(home, 'cache'), { recursive: true, mode: 0o700 })
  await mkdir(opts.outputDir, { recursive: true })
  const outputDir = await realpath(opts.outputDir)
  const args = [
    '--ignore-config', '--no-playlist', '--restrict-filenames', '--no-overwrites', '--no-mtime',
    '--cache-dir', join(home, 'cache'),
    '--format', HTTP_FORMATS, '--downloader', 'm3u8:native',
    '--socket-timeout', '30', '--retries', '3', '--fragment-retries', '3',
    '--newline', '--progress',
    '--progress-template', `download:${PROGRESS} %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s %(progress.speed)s %(progress.eta)s`,
    '--print', `after_move:${FILE} %(filepath)s`,
    '-o', join(outputDir, '%(title).120B-%(id).40B.%(ext)s'),
    ...(opts.maxBytes ? ['--max-filesize', String(opts.maxBytes)] : []),
    '--', url
  ]
  const reported: string[] = []
  let result
  try {
    result = await runProcess(binary, args, {
      env: { HOME: home, XDG_CACHE_HOME: join(home, 'cache'), XDG_CONFIG_HOME: join(home, 'config'), ...proxyEnv(opts.proxy) },
      cwd: outputDir,
      timeoutMs: opts.timeoutMs ?? 2 * 3600_000,
      stallMs: opts.stallMs ?? 120_000,
      signal: opts.signal,
      label: 'yt-dlp',
      onLine: (line, stream) => {
        if (stream !== 'stdout') return
        if (line.startsWith(FILE + ' ')) reported.push(line.slice(FILE.length + 1))
        else if (line.startsWith(PROGRESS + ' ')) {
          const p = parseProgress(line.slice(PROGRESS.length + 1))
          if (p) opts.onProgress?.(p)
        }
      }
    })
  } catch (err) {
    throw explain(err)
  }
  const files = []
  for (const path of reported) {
    // yt-dlp chose the name; confirm it really is inside the folder we gave it.
    const real = await realpath(path).catch(() => undefined)
    if (!real || !real.startsWith(outputDir + sep)) continue
    files.push({ path: real, sizeBytes: (await stat(real)).size })
  }
  if (files.length === 0) throw new ToolError('yt-dlp finished but reported no downloaded file (the file may have been skipped because it already exists).')
  return { files, durationMs: result.durationMs }
}

/** "downloaded total estimate speed eta", each a number or NA. */
export function parseProgress (text: string): YtdlpProgress | undefined {
  const [downloaded, total, estimate, speed, eta] = text.trim().split(/\s+/).map(v => (v === 'NA' || v === 'None' ? undefined : Number(v)))
  if (downloaded === undefined || !Number.isFinite(downloaded)) return undefined
  const totalBytes = finite(total) ?? finite(estimate)
  return {
    downloadedBytes: downloaded,
    totalBytes,
    bytesPerSecond: finite(speed),
    etaSeconds: finite(eta),
    percent: totalBytes ? Math.min(100, Math.round(1000 * downloaded / totalBytes) / 10) : undefined
  }
}

function finite (n: number | undefined) {
  return n !== undefined && Number.isFinite(n) ? n : undefined
}

/** Turns a yt-dlp failure into a message that says what happened and what to try. */
function explain (err: unknown): Error {
  if (!(err instanceof ProcessError)) return err as Error
  if (err.reason === 'not_found') return new ToolError('yt-dlp could not be started: check YTDLP_PATH.')
  if (err.reason === 'timeout' || err.reason === 'stalled' || err.reason === 'aborted') return new ToolError(err.message)
  const lastError = err.stderrLines(10).reverse().find(l => l.startsWith('ERROR:'))?.replace(/^ERROR:\s*/, '').slice(0, 300)
  if (err.result.stderrTail.includes(REFUSED_REASON)) {
    return new GuardError('url', 'The download was stopped: the page, a redirect or a media URL inside it points to a private, local or stack-internal address, which the URL guard refuses at connect time. Only files on the public internet can be downloaded.')
  }
  if (lastError && /Unsupported URL/i.test(lastError)) {
    return new ToolError('yt-dlp found no video on this page (Unsupported URL). If it is a direct file link, download it with download_direct\'s "file" method (aria2).')
  }
  if (lastError && /HTTP Error 40[134]/.test(lastError)) return new ToolError(`The site refused the download: ${lastError}. Check that the URL is public and still valid.`)
  if (lastError && /File is larger than max-filesize|max-filesize/i.test(lastError)) return new ToolError('The video is larger than the allowed maximum size.')
  return new ToolError(`yt-dlp failed${lastError ? `: ${lastError}` : ` (${err.message})`}.`)
}
