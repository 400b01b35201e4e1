// ffprobe analysis, trimmed to what track planning and verification need.
import { runProcess, ProcessError } from '../../core/process/index.js'
import { ToolError } from '../../core/errors.js'
import { canonicalLanguage } from './languages.js'

export interface MediaStream {
  /** Index in the container (ffprobe's stream index). */
  index: number
  type: 'video' | 'audio' | 'subtitle' | 'attachment' | 'data'
  codec: string
  /** Canonical ISO 639-2/B code, or "und" when missing or unknown. */
  language: string
  /** The tag as stored, when it is not a known code. */
  rawLanguage?: string
  title?: string
  default: boolean
  forced: boolean
}

export interface MediaInfo {
  format: string
  durationSec?: number
  sizeBytes?: number
  streams: MediaStream[]
}

interface RawStream {
  index: number
  codec_type?: string
  codec_name?: string
  tags?: Record<string, string>
  disposition?: Record<string, number>
}

export async function probeMedia (ffprobe: string, file: string, signal?: AbortSignal): Promise<MediaInfo> {
  let stdout: string
  try {
    const res = await runProcess(ffprobe, ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', `file:${file}`],
      { timeoutMs: 60_000, signal, label: 'ffprobe' })
    stdout = res.stdout
  } catch (err) {
    if (err instanceof ProcessError && err.reason === 'not_found') throw new ToolError(`ffprobe is not installed or not found (FFPROBE_PATH="${ffprobe}"). Install ffmpeg or set FFPROBE_PATH.`)
    if (err instanceof ProcessError && err.reason === 'exit_code') throw new ToolError(`ffprobe cannot read ${file} (${err.stderrLines(1).join(' ') || 'not a media file?'}); it is left unchanged.`)
    throw err
  }
  const parsed = JSON.parse(stdout) as { format?: { format_name?: string, duration?: string, size?: string }, streams?: RawStream[] }
  const duration = Number(parsed.format?.duration)
  const size = Number(parsed.format?.size)
  return {
    format: parsed.format?.format_name ?? 'unknown',
    ...(Number.isFinite(duration) && { durationSec: duration }),
    ...(Number.isFinite(size) && { sizeBytes: size }),
    streams: (parsed.streams ?? []).map(toStream)
  }
}

function toStream (s: RawStream): MediaStream {
  const type = (['video', 'audio', 'subtitle', 'attachment'] as const).find(t => t === s.codec_type) ?? 'data'
  const tag = s.tags?.language ?? s.tags?.LANGUAGE
  const language = canonicalLanguage(tag) ?? 'und'
  return {
    index: s.index,
    type,
    codec: s.codec_name ?? 'unknown',
    language,
    ...(tag !== undefined && language === 'und' && tag !== 'und' && { rawLanguage: tag }),
    ...((s.tags?.title ?? s.tags?.TITLE) !== undefined && { title: s.tags?.title ?? s.tags?.TITLE }),
    default: s.disposition?.default === 1,
    forced: s.disposition?.forced === 1
  }
}

/** Text subtitle codecs that are ASS/SSA (styled) and can be converted to SRT. */
export const STYLED_SUBTITLE_CODECS = new Set(['ass', 'ssa'])
