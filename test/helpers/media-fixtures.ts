// Small real media files for tests, made with ffmpeg's lavfi test sources: h264 video, AAC audio tracks
// and SRT/ASS subtitle tracks with language tags. Each variant is generated once and cached in the temp
// folder (keyed by its spec), then copied into a test's media tree.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export interface FixtureSpec {
  /** Audio track languages, first one default. */
  audio: string[]
  subs: Array<{ lang: string, codec: 'srt' | 'ass' }>
  seconds?: number
}

export const MULTI_TRACK: FixtureSpec = {
  audio: ['eng', 'jpn'],
  subs: [{ lang: 'eng', codec: 'srt' }, { lang: 'spa', codec: 'ass' }, { lang: 'fre', codec: 'ass' }]
}

/** Why media tests must skip here, or undefined when ffmpeg and ffprobe are installed. */
export function missingMediaTools (): string | undefined {
  const missing = ['ffmpeg', 'ffprobe'].filter(bin => {
    try {
      execFileSync(bin, ['-version'], { stdio: 'ignore' })
      return false
    } catch {
      return true
    }
  })
  if (missing.length === 0) return undefined
  const msg = `${missing.join(', ')} not installed (apt-get install ffmpeg)`
  if (process.env.CI) throw new Error(`${msg}: CI must run the media tests`)
  return msg
}

const SRT = '1\n00:00:00,500 --> 00:00:01,500\nHello there\n\n2\n00:00:02,000 --> 00:00:02,800\n<i>General Kenobi</i>\n'
const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 320
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.50,0:00:01.50,Default,,0,0,0,,Hola {\\i1}amigo{\\i0}
Dialogue: 0,0:00:02.00,0:00:02.80,Default,,0,0,0,,Segunda línea
`

const cacheRoot = join(tmpdir(), 'msmcp-media-fixtures')

/** Path of a cached fixture file for `spec` (generated on first use). */
export function fixtureFile (spec: FixtureSpec = MULTI_TRACK): string {
  const key = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16)
  const file = join(cacheRoot, `${key}.mkv`)
  if (existsSync(file)) return file
  const work = join(cacheRoot, `${key}-${process.pid}`)
  mkdirSync(work, { recursive: true })
  const seconds = String(spec.seconds ?? 3)
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=160x120:rate=24`]
  spec.audio.forEach((_, i) => args.push('-f', 'lavfi', '-i', `sine=frequency=${440 * (i + 1)}:duration=${seconds}`))
  spec.subs.forEach((s, i) => {
    const f = join(work, `s${i}.${s.codec}`)
    writeFileSync(f, s.codec === 'srt' ? SRT : ASS)
    args.push('-i', f)
  })
  args.push('-map', '0:v')
  spec.audio.forEach((_, i) => args.push('-map', `${i + 1}:a`))
  spec.subs.forEach((_, i) => args.push('-map', `${spec.audio.length + 1 + i}:s`))
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k')
  spec.audio.forEach((lang, i) => args.push(`-metadata:s:a:${i}`, `language=${lang}`))
  spec.subs.forEach((s, i) => args.push(`-c:s:${i}`, s.codec, `-metadata:s:s:${i}`, `language=${s.lang}`, `-metadata:s:s:${i}`, `title=${s.lang} ${s.codec}`))
  if (spec.audio.length > 0) args.push('-disposition:a:0', 'default')
  const out = join(work, 'out.mkv')
  args.push(out)
  execFileSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  renameSync(out, file) // atomic: parallel test processes never see a half-written fixture
  return file
}

/** Copies a fixture to `dest` (folders created). */
export function placeFixture (dest: string, spec: FixtureSpec = MULTI_TRACK): string {
  mkdirSync(dirname(dest), { recursive: true })
  copyFileSync(fixtureFile(spec), dest)
  return dest
}
