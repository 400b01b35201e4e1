// mkvtoolnix runner: identify (mkvmerge -J), exact track extraction (mkvextract), remux with a track
// selection and added subtitle files (mkvmerge, no re-encode) and in-place flag edits (mkvpropedit).
// Everything goes through runProcess: argv arrays, own process group, timeout and stall detection, and
// progress from `--gui-mode` ("#GUI#progress NN%"). Paths are absolute (so never read as mkvmerge's
// "@option-file" syntax), outputs are fresh temp names chosen by the caller.
import { dirname, join } from 'node:path'
import { ProcessError, findExecutable, runProcess } from '../../core/process/index.js'
import { ToolError } from '../../core/errors.js'

export interface MkvTools { mkvmerge: string, mkvextract: string, mkvpropedit: string }

/** mkvextract and mkvpropedit sit beside mkvmerge (same folder when MKVMERGE_PATH is a path, else PATH). */
export function mkvToolsFor (mkvmerge: string): MkvTools {
  const sibling = (name: string) => mkvmerge.includes('/') ? join(dirname(mkvmerge), name) : name
  return { mkvmerge, mkvextract: sibling('mkvextract'), mkvpropedit: sibling('mkvpropedit') }
}

/** True when mkvmerge and mkvextract are both installed (mkvpropedit is optional). */
export async function mkvtoolnixAvailable (tools: MkvTools): Promise<boolean> {
  return (await findExecutable(tools.mkvmerge)) !== undefined && (await findExecutable(tools.mkvextract)) !== undefined
}

export type MkvTrackType = 'video' | 'audio' | 'subtitles' | 'buttons'

export interface MkvTrack {
  /** mkvmerge's track id (0-based, in file order); mkvpropedit's `track:N` is id + 1. */
  id: number
  type: MkvTrackType
  /** mkvmerge's codec name ("SubStationAlpha", "AAC"). */
  codec: string
  /** Matroska codec id ("S_TEXT/ASS", "S_TEXT/UTF8", "A_AAC"). */
  codecId: string
  /** ISO 639-2 code as stored ("und" when missing). */
  language: string
  /** BCP 47 tag (mkvtoolnix ≥ 51), more precise than `language` ("es-419"). */
  languageIetf?: string
  name?: string
  default: boolean
  forced: boolean
  enabled: boolean
  hearingImpaired: boolean
  commentary: boolean
  original: boolean
}

export interface MkvIdentity {
  container: string
  durationSec?: number
  tracks: MkvTrack[]
  attachments: number
}

export interface MkvRunOptions {
  signal?: AbortSignal
  onProgress?: (percent: number) => void
  /** Kill when the tool prints nothing for this long (default 2 minutes; mkvmerge reports every percent). */
  stallMs?: number
  timeoutMs?: number
}

interface RawTrack {
  id: number
  type: string
  codec?: string
  properties?: Record<string, unknown>
}

export async function mkvIdentify (tools: MkvTools, file: string, opts: MkvRunOptions = {}): Promise<MkvIdentity> {
  const res = await runMkv(tools.mkvmerge, 'mkvmerge', ['--identification-format', 'json', '--identify', file], { timeoutMs: 60_000, ...opts })
  let parsed: { container?: { recognized?: boolean, type?: string, properties?: { duration?: number } }, tracks?: RawTrack[], attachments?: unknown[], errors?: string[] }
  try {
    parsed = JSON.parse(res.stdout)
  } catch {
    throw new ToolError(`mkvmerge could not identify ${file} (unreadable output); it is left unchanged.`)
  }
  if (parsed.container?.recognized === false || (parsed.errors?.length ?? 0) > 0) {
    throw new ToolError(`mkvmerge cannot read ${file} (${parsed.errors?.[0] ?? 'unrecognized format'}); it is left unchanged.`)
  }
  const duration = parsed.container?.properties?.duration
  return {
    container: parsed.container?.type ?? 'unknown',
    ...(typeof duration === 'number' && { durationSec: duration / 1e9 }),
    tracks: (parsed.tracks ?? []).map(toTrack),
    attachments: parsed.attachments?.length ?? 0
  }
}

function toTrack (t: RawTrack): MkvTrack {
  const p = t.properties ?? {}
  const str = (k: string) => typeof p[k] === 'string' ? p[k] as string : undefined
  const flag = (k: string, dflt = false) => typeof p[k] === 'boolean' ? p[k] as boolean : dflt
  const type = (['video', 'audio', 'subtitles', 'buttons'] as const).find(x => x === t.type) ?? 'buttons'
  return {
    id: t.id,
    type,
    codec: t.codec ?? 'unknown',
    codecId: str('codec_id') ?? 'unknown',
    language: str('language') ?? 'und',
    ...(str('language_ietf') !== undefined && { languageIetf: str('language_ietf') }),
    ...(str('track_name') !== undefined && { name: str('track_name') }),
    default: flag('default_track'),
    forced: flag('forced_track'),
    enabled: flag('enabled_track', true),
    hearingImpaired: flag('flag_hearing_impaired'),
    commentary: flag('flag_commentary'),
    original: flag('flag_original')
  }
}

/** Extracts one track exactly as stored (mkvextract keeps the original timestamps; ffmpeg may shift them). */
export async function mkvExtractTrack (tools: MkvTools, file: string, trackId: number, out: string, opts: MkvRunOptions = {}): Promise<void> {
  if (!Number.isInteger(trackId) || trackId < 0) throw new Error(`invalid track id ${trackId}`)
  await runMkv(tools.mkvextract, 'mkvextract', ['--gui-mode', file, 'tracks', `${trackId}:${out}`], opts)
}

/** A subtitle file to add to a remux, with the properties of the track it replaces. */
export interface AddedSubtitle {
  file: string
  language: string
  name?: string
  default: boolean
  forced: boolean
  enabled?: boolean
  hearingImpaired?: boolean
  commentary?: boolean
  original?: boolean
  /** Character set of the file (default UTF-8). */
  charset?: string
}

export interface RemuxOptions extends MkvRunOptions {
  /** Track ids of the input to keep per type; undefined keeps every track of that type. */
  keepVideo?: number[]
  keepAudio?: number[]
  keepSubtitles?: number[]
  addSubtitles?: AddedSubtitle[]
  /** Output order as [file, track] pairs (file 0 is the input, 1.. the added subtitles); default: as given. */
  order?: Array<[number, number]>
}

export function buildRemuxArgs (input: string, output: string, opts: RemuxOptions): string[] {
  const args = ['--gui-mode', '--output', output]
  const select = (flag: string, none: string, ids: number[] | undefined) => {
    if (ids === undefined) return
    if (ids.length === 0) args.push(none)
    else args.push(flag, ids.join(','))
  }
  select('--video-tracks', '--no-video', opts.keepVideo)
  select('--audio-tracks', '--no-audio', opts.keepAudio)
  select('--subtitle-tracks', '--no-subtitles', opts.keepSubtitles)
  args.push(input)
  for (const sub of opts.addSubtitles ?? []) {
    const bool = (flag: string, value: boolean | undefined) => { if (value !== undefined) args.push(flag, `0:${value ? 'yes' : 'no'}`) }
    args.push('--sub-charset', `0:${sub.charset ?? 'UTF-8'}`, '--language', `0:${sub.language}`)
    if (sub.name !== undefined) args.push('--track-name', `0:${sub.name}`)
    bool('--default-track-flag', sub.default)
    bool('--forced-display-flag', sub.forced)
    bool('--track-enabled-flag', sub.enabled)
    bool('--hearing-impaired-flag', sub.hearingImpaired)
    bool('--commentary-flag', sub.commentary)
    bool('--original-flag', sub.original)
    args.push(sub.file)
  }
  if (opts.order && opts.order.length > 0) args.push('--track-order', opts.order.map(([f, t]) => `${f}:${t}`).join(','))
  return args
}

/** Remuxes `input` into `output` (a fresh name: mkvmerge would overwrite) with the chosen tracks; no re-encode. */
export async function mkvRemux (tools: MkvTools, input: string, output: string, opts: RemuxOptions = {}): Promise<void> {
  // mkvmerge exits 1 for warnings with a complete output file; the caller verifies the result anyway.
  await runMkv(tools.mkvmerge, 'mkvmerge', buildRemuxArgs(input, output, opts), { ...opts, okExitCodes: [0, 1] })
}

export interface TrackEdit {
  id: number
  default?: boolean
  forced?: boolean
  language?: string
  name?: string
}

/** Edits track flags in place (header rewrite only, no remux). Only for files the caller may modify directly. */
export async function mkvPropEdit (tools: MkvTools, file: string, edits: TrackEdit[], opts: MkvRunOptions = {}): Promise<void> {
  const args = [file]
  for (const e of edits) {
    args.push('--edit', `track:${e.id + 1}`)
    if (e.default !== undefined) args.push('--set', `flag-default=${e.default ? 1 : 0}`)
    if (e.forced !== undefined) args.push('--set', `flag-forced=${e.forced ? 1 : 0}`)
    if (e.language !== undefined) args.push('--set', `language=${e.language}`)
    if (e.name !== undefined) args.push('--set', `name=${e.name}`)
  }
  await runMkv(tools.mkvpropedit, 'mkvpropedit', args, { timeoutMs: 60_000, ...opts })
}

async function runMkv (file: string, label: string, args: string[], opts: MkvRunOptions & { okExitCodes?: number[] }) {
  try {
    return await runProcess(file, args, {
      label,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs ?? 6 * 3600_000,
      stallMs: opts.stallMs ?? 120_000,
      okExitCodes: opts.okExitCodes,
      maxStdoutBytes: 8 * 1024 * 1024,
      onLine: (line, stream) => {
        if (stream !== 'stdout' || !opts.onProgress) return
        const m = /^(?:#GUI#progress|Progress:)\s*(\d{1,3})%/.exec(line)
        if (m) opts.onProgress(Math.min(100, Number(m[1])))
      }
    })
  } catch (err) {
    if (!(err instanceof ProcessError)) throw err
    if (err.reason === 'not_found') throw new ToolError(`${label} is not installed or not found ("${file}"). Install mkvtoolnix or set MKVMERGE_PATH.`, { reason: 'not_found' })
    if (err.reason === 'aborted') throw new ToolError(`${label} was stopped (cancelled or server shutting down); the original file is unchanged.`)
    // mkvtoolnix reports errors on stdout ("Error: …", "#GUI#error …").
    const lines = err.result.stdout.split(/\r?\n/).map(l => l.trim()).filter(l => /^(#GUI#)?(error|warning)/i.test(l)).slice(-2)
    const detail = [...lines, ...err.stderrLines(1)].join(' ').slice(0, 300)
    throw new ToolError(`${err.message}${detail ? ` ${detail}` : ''} The original file is unchanged.`)
  }
}
