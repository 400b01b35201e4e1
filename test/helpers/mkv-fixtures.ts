// An MKV muxed by mkvmerge with ASS tracks whose cue times are known to the millisecond, for tests of the
// mkvtoolnix road (identify, exact extraction, ASS→SRT remux). Built on the ffmpeg fixture's video and audio,
// generated once and cached (atomic rename, so parallel test processes never see a half-written file).
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fixtureFile } from './media-fixtures.js'

/** Cue start times (ms) of the Spanish ASS track; centisecond values, exact in ASS and in SRT. */
export const SPA_CUES_MS = [500, 1230, 2470]

const ass = (lines: string[]) => `[Script Info]
ScriptType: v4.00+
PlayResX: 320
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
${lines.join('\n')}
`
const SPA = ass([
  'Dialogue: 0,0:00:00.50,0:00:01.10,Default,,0,0,0,,Hola {\\i1}amigo{\\i0}',
  'Dialogue: 0,0:00:01.23,0:00:02.00,Default,,0,0,0,,{\\fs28\\c&H00FFFF&}Segunda línea',
  'Dialogue: 0,0:00:02.47,0:00:02.90,Default,,0,0,0,,Tercera'
])
const FRE = ass(['Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Bonjour'])

/** Why mkvtoolnix tests must skip here, or undefined when mkvmerge, mkvextract and mkvpropedit run. */
export function missingMkvTools (): string | undefined {
  const missing = ['mkvmerge', 'mkvextract', 'mkvpropedit'].filter(bin => {
    try {
      execFileSync(bin, ['--version'], { stdio: 'ignore' })
      return false
    } catch {
      return true
    }
  })
  if (missing.length === 0) return undefined
  const msg = `${missing.join(', ')} not installed (apt-get install mkvtoolnix)`
  if (process.env.CI) throw new Error(`${msg}: CI must run the mkvtoolnix tests`)
  return msg
}

const cacheRoot = join(tmpdir(), 'msmcp-media-fixtures')

/**
 * Tracks (mkvmerge ids): 0 video, 1 audio eng (default), 2 audio jpn, 3 SRT eng,
 * 4 ASS spa "Signs & Songs" (default, forced), 5 ASS fre.
 */
export function mkvFixtureFile (): string {
  const file = join(cacheRoot, 'mkvtoolnix-v1.mkv')
  if (existsSync(file)) return file
  const base = fixtureFile({ audio: ['eng', 'jpn'], subs: [{ lang: 'eng', codec: 'srt' }] })
  const work = join(cacheRoot, `mkvtoolnix-${process.pid}`)
  mkdirSync(work, { recursive: true })
  writeFileSync(join(work, 'spa.ass'), SPA)
  writeFileSync(join(work, 'fre.ass'), FRE)
  const out = join(work, 'out.mkv')
  execFileSync('mkvmerge', ['-q', '-o', out, base,
    '--language', '0:spa', '--track-name', '0:Signs & Songs', '--default-track-flag', '0:yes', '--forced-display-flag', '0:yes', join(work, 'spa.ass'),
    '--language', '0:fre', '--default-track-flag', '0:no', join(work, 'fre.ass')], { stdio: ['ignore', 'ignore', 'pipe'] })
  renameSync(out, file)
  return file
}

export function placeMkvFixture (dest: string): string {
  mkdirSync(dirname(dest), { recursive: true })
  copyFileSync(mkvFixtureFile(), dest)
  return dest
}

/** Cue start times (ms) of an SRT text. */
export function srtStartsMs (srt: string): number[] {
  return [...srt.matchAll(/^(\d\d):(\d\d):(\d\d),(\d{3}) -->/gm)].map(m => ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]))
}
