// Decides which tracks of a file to keep. Video, attachments (fonts) and data tracks always stay; audio
// and subtitle tracks stay when their language is wanted (or undetermined, if so chosen). A plan that
// would leave a file with audio without any audio track is refused: a silent film is never the intent.
import type { MediaInfo, MediaStream } from './probe.js'

/** What a rewrite keeps (in output order) and which subtitle streams (input indices) it converts to SRT. */
export interface RewritePlan {
  keep: MediaStream[]
  toSrt?: number[]
}

export interface TrackPlanOptions {
  /** Canonical codes of audio languages to keep; empty: keep every audio track. */
  audio: string[]
  /** Canonical codes of subtitle languages to keep; empty: keep every subtitle track. */
  subtitles: string[]
  /** Keep tracks without a language tag (default true: they are often the original audio). */
  keepUndetermined: boolean
}

export interface TrackPlan {
  keep: MediaStream[]
  drop: MediaStream[]
  /** Set when the plan must not run; says why. */
  refusal?: string
}

export function planTracks (info: MediaInfo, opts: TrackPlanOptions): TrackPlan {
  const keep: MediaStream[] = []
  const drop: MediaStream[] = []
  for (const s of info.streams) {
    const wanted = s.type === 'audio' ? opts.audio : s.type === 'subtitle' ? opts.subtitles : undefined
    const kept = wanted === undefined || wanted.length === 0 || wanted.includes(s.language) ||
      (s.language === 'und' && opts.keepUndetermined)
    ;(kept ? keep : drop).push(s)
  }
  const hadAudio = info.streams.some(s => s.type === 'audio')
  if (hadAudio && !keep.some(s => s.type === 'audio')) {
    const present = [...new Set(info.streams.filter(s => s.type === 'audio').map(s => s.language))].join(', ')
    return { keep, drop, refusal: `it would remove every audio track (the file has: ${present}); add one of those languages to audioLanguages` }
  }
  return { keep, drop }
}

export function describeStream (s: MediaStream): string {
  return `#${s.index} ${s.type} ${s.codec} ${s.language}${s.title ? ` "${s.title}"` : ''}${s.default ? ' default' : ''}${s.forced ? ' forced' : ''}`
}
