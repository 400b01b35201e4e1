// Runs ffmpeg with machine-readable progress (-progress pipe:1) and turns its failures into messages that
// say what to do. Arguments come only from the builders in this folder: paths are absolute sandboxed paths
// passed as file: URLs, and codecs come from fixed lists.
import { ProcessError, runProcess } from '../../core/process/index.js'
import { ToolError } from '../../core/errors.js'

export interface FfmpegRunOptions {
  /** Duration of the input, to turn out_time into a percentage. */
  durationSec?: number
  onProgress?: (percent: number) => void
  signal?: AbortSignal
  /** Kill when ffmpeg reports nothing for this long (default 5 minutes). */
  stallMs?: number
  timeoutMs?: number
}

export const FFMPEG_BASE = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1']

export async function runFfmpeg (ffmpeg: string, args: string[], opts: FfmpegRunOptions = {}): Promise<void> {
  try {
    await runProcess(ffmpeg, [...FFMPEG_BASE, ...args], {
      label: 'ffmpeg',
      signal: opts.signal,
      stallMs: opts.stallMs ?? 300_000,
      timeoutMs: opts.timeoutMs ?? 6 * 3600_000,
      maxStdoutBytes: 64 * 1024,
      onLine: (line, stream) => {
        if (stream !== 'stdout' || !opts.onProgress || !opts.durationSec) return
        const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line) // both are microseconds (ffmpeg's historical naming)
        if (m) opts.onProgress(Math.min(100, (Number(m[1]) / 1e6 / opts.durationSec) * 100))
      }
    })
  } catch (err) {
    if (!(err instanceof ProcessError)) throw err
    if (err.reason === 'not_found') throw new ToolError(`ffmpeg is not installed or not found (FFMPEG_PATH="${ffmpeg}"). Install ffmpeg or set FFMPEG_PATH.`)
    if (err.reason === 'aborted') throw new ToolError('ffmpeg was stopped (cancelled or server shutting down); the original file is unchanged.')
    const detail = err.stderrLines(2).join(' ')
    throw new ToolError(`${err.message}${detail ? ` ${detail}` : ''} The original file is unchanged.`)
  }
}
