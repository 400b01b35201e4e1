// The mkvtoolnix road for rewriting an MKV (rewriteMedia picks it when mkvmerge and mkvextract are
// installed): ASS/SSA tracks are extracted exactly with mkvextract (ffmpeg's extraction shifts cues by the
// container start offset), converted to SRT file to file, and mkvmerge remuxes the kept tracks with the SRT
// in the ASS track's place, carrying its language, name and flags. No re-encode, progress from --gui-mode.
// The plan comes from ffprobe (stream indices); it is mapped onto mkvmerge's track ids only when both tools
// see the same tracks in the same order, otherwise prepareMkvRewrite returns undefined and ffmpeg does it.
import { rm } from 'node:fs/promises'
import { ToolError } from '../../core/errors.js'
import { tempPathFor } from '../fs/temp-names.js'
import {
  mkvExtractTrack, mkvIdentify, mkvRemux, mkvToolsFor, mkvtoolnixAvailable,
  type AddedSubtitle, type MkvIdentity, type MkvTrack, type MkvTools
} from './mkvtoolnix.js'
import { canonicalLanguage } from './languages.js'
import type { MediaInfo } from './probe.js'
import type { RewritePlan } from './track-plan.js'
import { convertAssFileToSrt } from './subtitle-convert.js'

const MKV_TYPE = { video: 'video', audio: 'audio', subtitle: 'subtitles' } as const
const STYLED_CODEC_IDS = new Set(['S_TEXT/ASS', 'S_TEXT/SSA'])
const SRT_CODEC_ID = 'S_TEXT/UTF8'

export interface MkvRewrite {
  /** Writes the rewritten file to `tmp` (a fresh name in the target folder). */
  write: (tmp: string, opts: { signal?: AbortSignal, onProgress?: (percent: number) => void }) => Promise<void>
  /** Throws a ToolError unless `tmp` has exactly the expected tracks, flags and duration. */
  verify: (tmp: string, signal?: AbortSignal) => Promise<void>
}

interface Planned { track: MkvTrack, toSrt: boolean }

export async function prepareMkvRewrite (mkvmerge: string, ffmpeg: string, file: string, info: MediaInfo, plan: RewritePlan, signal?: AbortSignal): Promise<MkvRewrite | undefined> {
  const tools = mkvToolsFor(mkvmerge)
  if (!(await mkvtoolnixAvailable(tools))) return undefined
  let source: MkvIdentity
  try {
    source = await mkvIdentify(tools, file, { signal })
  } catch (err) {
    if (err instanceof ToolError && err.details?.reason === 'not_found') return undefined
    throw err
  }
  const planned = mapPlan(info, source, plan)
  if (!planned) return undefined
  return {
    write: (tmp, opts) => writeMkv(tools, ffmpeg, file, tmp, planned, opts),
    verify: (tmp, sig) => verifyMkv(tools, source, planned, tmp, sig)
  }
}

/** Maps the ffprobe plan onto mkvmerge track ids; undefined when the two views of the file disagree. */
export function mapPlan (info: MediaInfo, source: MkvIdentity, plan: RewritePlan): Planned[] | undefined {
  const streams = info.streams.filter(s => s.type !== 'attachment')
  if (streams.length !== source.tracks.length) return undefined
  const byIndex = new Map<number, MkvTrack>()
  for (let i = 0; i < streams.length; i++) {
    const s = streams[i]
    const t = source.tracks[i]
    if (s.type === 'data' || s.type === 'attachment' || MKV_TYPE[s.type] !== t.type) return undefined
    if (s.language !== (canonicalLanguage(t.language) ?? 'und')) return undefined
    byIndex.set(s.index, t)
  }
  // mkvmerge keeps every attachment (fonts); a plan that drops one needs ffmpeg.
  const attachments = info.streams.filter(s => s.type === 'attachment').map(s => s.index)
  if (!attachments.every(i => plan.keep.some(k => k.index === i))) return undefined
  const planned: Planned[] = []
  for (const s of plan.keep) {
    if (s.type === 'attachment') continue
    const track = byIndex.get(s.index)
    if (!track) return undefined
    const toSrt = plan.toSrt?.includes(s.index) ?? false
    if (toSrt && !STYLED_CODEC_IDS.has(track.codecId)) return undefined
    planned.push({ track, toSrt })
  }
  return planned
}

async function writeMkv (tools: MkvTools, ffmpeg: string, file: string, tmp: string, planned: Planned[], opts: { signal?: AbortSignal, onProgress?: (percent: number) => void }) {
  const converted = planned.filter(p => p.toSrt)
  const temps: string[] = []
  // Extraction and conversion take a moment per track; the remux is the bulk of the work.
  const share = converted.length > 0 ? 10 : 0
  try {
    const added: AddedSubtitle[] = []
    for (const [i, p] of converted.entries()) {
      const ass = tempPathFor(file)
      const srt = tempPathFor(file)
      temps.push(ass, srt)
      await mkvExtractTrack(tools, file, p.track.id, ass, { signal: opts.signal })
      await convertAssFileToSrt(ffmpeg, ass, srt, { signal: opts.signal })
      const t = p.track
      added.push({
        file: srt,
        language: t.languageIetf ?? t.language,
        ...(t.name !== undefined && { name: t.name }),
        default: t.default,
        forced: t.forced,
        enabled: t.enabled,
        hearingImpaired: t.hearingImpaired,
        commentary: t.commentary,
        original: t.original
      })
      opts.onProgress?.(((i + 1) / converted.length) * share)
    }
    const kept = (type: MkvTrack['type']) => planned.filter(p => !p.toSrt && p.track.type === type).map(p => p.track.id)
    let next = 0
    await mkvRemux(tools, file, tmp, {
      keepVideo: kept('video'),
      keepAudio: kept('audio'),
      keepSubtitles: kept('subtitles'),
      addSubtitles: added,
      order: planned.map(p => p.toSrt ? [++next, 0] : [0, p.track.id]),
      signal: opts.signal,
      onProgress: pct => opts.onProgress?.(share + pct * (100 - share) / 100)
    })
  } finally {
    await Promise.all(temps.map(f => rm(f, { force: true })))
  }
}

async function verifyMkv (tools: MkvTools, source: MkvIdentity, planned: Planned[], tmp: string, signal?: AbortSignal) {
  const out = await mkvIdentify(tools, tmp, { signal })
  const problems: string[] = []
  if (out.tracks.length !== planned.length) problems.push(`${out.tracks.length} tracks instead of ${planned.length}`)
  planned.forEach((want, i) => {
    const got = out.tracks[i]
    if (!got) return
    const t = want.track
    const codecId = want.toSrt ? SRT_CODEC_ID : t.codecId
    if (got.type !== t.type || got.codecId !== codecId) problems.push(`track ${i} is ${got.type}/${got.codecId}, expected ${t.type}/${codecId}`)
    if (got.language !== t.language || (t.languageIetf !== undefined && got.languageIetf !== t.languageIetf)) problems.push(`track ${i} language ${got.languageIetf ?? got.language}, expected ${t.languageIetf ?? t.language}`)
    if (got.default !== t.default || got.forced !== t.forced) problems.push(`track ${i} flags default=${got.default} forced=${got.forced}, expected default=${t.default} forced=${t.forced}`)
    if ((got.name ?? '') !== (t.name ?? '')) problems.push(`track ${i} name "${got.name ?? ''}", expected "${t.name ?? ''}"`)
  })
  if (out.attachments !== source.attachments) problems.push(`${out.attachments} attachments instead of ${source.attachments}`)
  if (source.durationSec !== undefined) {
    const tolerance = Math.max(0.5, source.durationSec * 0.001)
    if (out.durationSec === undefined || Math.abs(out.durationSec - source.durationSec) > tolerance) {
      problems.push(`duration ${out.durationSec ?? 'unknown'} s instead of ${source.durationSec} s`)
    }
  }
  if (problems.length > 0) throw new ToolError(`The remuxed file failed verification (${problems.slice(0, 3).join('; ')}); it was discarded and the original is unchanged.`)
}
