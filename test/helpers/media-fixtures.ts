// Small real media files for tests, made with ffmpeg's lavfi test sources: h264 video, AAC audio tracks
// and SRT/ASS subtitle tracks with language tags. Each variant is generated once and cached in the temp
// folder (keyed by its spec), then copied into a test's media tree.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { assScript, cachedFixture, copyFixture, missingTools } from './fixture-cache.js'

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
  return missingTools(['ffmpeg', 'ffprobe'], '-version', 'ffmpeg', 'media')
}

const SRT = '1\n00:00:00,500 --> 00:00:01,500\nHello there\n\n2\n00:00:02,000 --> 00:00:02,800\n<i>General Kenobi</i>\n'
const ASS = assScript([
  'Dialogue: 0,0:00:00.50,0:00:01.50,Default,,0,0,0,,Hola {\\i1}amigo{\\i0}',
  'Dialogue: 0,0:00:02.00,0:00:02.80,Default,,0,0,0,,Segunda línea'
])

/** Path of a cached fixture file for `spec` (generated on first use). */
export function fixtureFile (spec: FixtureSpec = MULTI_TRACK): string {
  const key = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16)
  return cachedFixture(key, work => {
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
    return out
  })
}

/** Copies a fixture to `dest` (folders created). */
export function placeFixture (dest: string, spec: FixtureSpec = MULTI_TRACK): string {
  return copyFixture(fixtureFile(spec), dest)
}
