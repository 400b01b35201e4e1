// Rewrites a media file with a new track selection (and optional ASS→SRT conversion) without ever risking
// the original: ffmpeg writes to a temp name in the same folder, the result is probed and checked (every
// expected track present in order, with the expected codec, and the duration matching), and only then
// renamed over the original, which is atomic. The original is also checked to be unchanged since the start.
// MKVs go through mkvtoolnix when it is installed (exact subtitle timing, faster remux; see mkv-rewrite.ts)
// and through ffmpeg otherwise; both results pass the same checks.
import { chmod, rename, rm, stat, statfs } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ToolError } from '../../core/errors.js'
import { tempPathFor } from '../fs/temp-names.js'
import { runFfmpeg } from './ffmpeg-run.js'
import { prepareMkvRewrite } from './mkv-rewrite.js'
import { probeMedia, type MediaInfo } from './probe.js'
import type { RewritePlan } from './track-plan.js'
export type { RewritePlan } from './track-plan.js'

export interface RewriteTools {
  ffmpeg: string
  ffprobe: string
  /** mkvmerge (mkvextract beside it); when set and installed, MKVs are rewritten with mkvtoolnix. */
  mkvmerge?: string
}

export interface RewriteOptions {
  signal?: AbortSignal
  onProgress?: (percent: number) => void
  /** Called with the original path right before it is replaced (the sandbox's recheck). */
  guard?: (abs: string) => Promise<unknown>
}

const CONTAINERS: Record<string, string> = { mkv: 'matroska', mka: 'matroska', mp4: 'mp4', m4v: 'mp4' }

export function containerFor (file: string): string | undefined {
  return CONTAINERS[file.slice(file.lastIndexOf('.') + 1).toLowerCase()]
}

export function buildRewriteArgs (input: string, output: string, plan: RewritePlan, container: string): string[] {
  const args = ['-protocol_whitelist', 'file', '-i', `file:${input}`]
  for (const s of plan.keep) args.push('-map', `0:${s.index}`)
  args.push('-c', 'copy')
  plan.keep.forEach((s, outIndex) => { if (plan.toSrt?.includes(s.index)) args.push(`-c:${outIndex}`, 'srt') })
  args.push('-map_metadata', '0', '-map_chapters', '0')
  if (container === 'mp4') args.push('-movflags', '+faststart')
  args.push('-f', container, '-n', `file:${output}`)
  return args
}

export async function rewriteMedia (file: string, info: MediaInfo, plan: RewritePlan, tools: RewriteTools, opts: RewriteOptions = {}): Promise<MediaInfo> {
  const container = containerFor(file)
  if (!container) throw new ToolError(`${file}: only MKV and MP4 files can be rewritten.`)
  // The planners refuse this already; checked again here so no caller can ever write a file without audio.
  if (info.streams.some(s => s.type === 'audio') && !plan.keep.some(s => s.type === 'audio')) {
    throw new ToolError(`Refused: the rewrite of ${file} would leave it without any audio track. Nothing was changed.`)
  }
  const before = await stat(file)
  const fs = await statfs(dirname(file))
  if (fs.bavail * fs.bsize < before.size * 1.05 + 64 * 1024 * 1024) {
    throw new ToolError(`Not enough free space next to ${file} for a rewritten copy (needs about ${Math.ceil(before.size / 1e6)} MB). Free some space and try again.`)
  }
  const tmp = tempPathFor(file)
  try {
    const mkv = container === 'matroska' && tools.mkvmerge ? await prepareMkvRewrite(tools.mkvmerge, tools.ffmpeg, file, info, plan, opts.signal) : undefined
    if (mkv) await mkv.write(tmp, { signal: opts.signal, onProgress: opts.onProgress })
    else await runFfmpeg(tools.ffmpeg, buildRewriteArgs(file, tmp, plan, container), { durationSec: info.durationSec, onProgress: opts.onProgress, signal: opts.signal })
    const result = await probeMedia(tools.ffprobe, tmp, opts.signal)
    verifyRewrite(info, result, plan)
    await mkv?.verify(tmp, opts.signal)
    const now = await stat(file)
    if (now.size !== before.size || now.mtimeMs !== before.mtimeMs || now.ino !== before.ino || now.dev !== before.dev) {
      throw new ToolError(`${file} changed while it was being processed; the new version was discarded and the file left as it is now. Try again later.`)
    }
    await chmod(tmp, before.mode & 0o7777)
    await opts.guard?.(file)
    await rename(tmp, file)
    return result
  } finally {
    await rm(tmp, { force: true })
  }
}

/** Throws unless the new file has exactly the planned tracks, in order, and the same duration. */
export function verifyRewrite (before: MediaInfo, after: MediaInfo, plan: RewritePlan) {
  const problems: string[] = []
  const out = after.streams
  if (out.length !== plan.keep.length) problems.push(`${out.length} tracks instead of ${plan.keep.length}`)
  plan.keep.forEach((want, i) => {
    const got = out[i]
    if (!got) return
    const codec = plan.toSrt?.includes(want.index) ? 'subrip' : want.codec
    if (got.type !== want.type || got.codec !== codec) problems.push(`track ${i} is ${got.type}/${got.codec}, expected ${want.type}/${codec}`)
    if (got.language !== want.language) problems.push(`track ${i} language ${got.language}, expected ${want.language}`)
  })
  if (before.durationSec !== undefined) {
    const tolerance = Math.max(1, before.durationSec * 0.01)
    if (after.durationSec === undefined || Math.abs(after.durationSec - before.durationSec) > tolerance) {
      problems.push(`duration ${after.durationSec ?? 'unknown'} s instead of ${before.durationSec} s`)
    }
  }
  if (problems.length > 0) throw new ToolError(`The rewritten file failed verification (${problems.slice(0, 3).join('; ')}); it was discarded and the original is unchanged.`)
}
