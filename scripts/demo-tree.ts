// Generates the demo media tree: small real video files (several audio and subtitle tracks, one ASS),
// episodes with messy names, a finished download waiting to be organized, and an orphan download folder.
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import { childEnv } from '../core/process/env.js'

const run = promisify(execFile)

const MEDIA_FILES = [
  'movies/Heat (1995)/Heat (1995).mkv',
  'movies/Arrival (2016)/Arrival.2016.1080p.BluRay.x264.mkv',
  'tv/Severance/Season 01/Severance - S01E01.mkv',
  'tv/Severance/severance.s01e02.720p.web.mkv',
  'tv/Severance/Severance 1x03 - In Perpetuity.mkv',
  'anime/Frieren/[Group] Frieren - 05 [1080p].mkv',
  'anime/Frieren/Frieren.S01E06.mkv'
]
/** A download nothing refers to any more: what cleanup_server's download leftovers are for. */
const ORPHAN_FILES = ['orphaned/Old.Show.S02.Complete/Old.Show.S02E01.mkv']
const ORPHAN_AGE_MS = 3 * 24 * 3600_000
const DOWNLOAD_FILES = [
  'complete/The.Matrix.1999.1080p.BluRay/The.Matrix.1999.1080p.BluRay.mkv',
  'complete/The.Matrix.1999.1080p.BluRay/The.Matrix.1999.Extras.mkv',
  ...ORPHAN_FILES
]

/** Makes one 2-second MKV with h264 video, two audio tracks (eng default, jpn) and two subtitles (eng SRT, spa ASS). */
export async function makeSampleMkv (out: string, ffmpeg = 'ffmpeg'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-sample-'))
  try {
    const srt = join(dir, 'en.srt')
    const ass = join(dir, 'es.ass')
    writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,500\nHello there.\n')
    writeFileSync(ass, '[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\nStyle: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:00.00,0:00:01.50,Default,,0,0,0,,Hola.\n')
    await run(ffmpeg, ['-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=12',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=880:duration=2', '-i', srt, '-i', ass,
      '-map', '0:v', '-map', '1:a', '-map', '2:a', '-map', '3:s', '-map', '4:s', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '32k', '-c:s:0', 'srt', '-c:s:1', 'ass',
      '-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=jpn', '-metadata:s:s:0', 'language=eng', '-metadata:s:s:1', 'language=spa',
      '-disposition:a:0', 'default', out], { timeout: 60_000, env: childEnv() })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface DemoTreeResult {
  realVideo: boolean
  files: number
  /** One of the tree's sample videos (the household's library files are links of it). */
  sample: string
}

/** Fills mediaRoot and downloadsRoot (created if needed). Uses ffmpeg when it can; placeholder bytes otherwise. */
export async function generateDemoTree (mediaRoot: string, downloadsRoot: string, ffmpeg = 'ffmpeg'): Promise<DemoTreeResult> {
  for (const d of ['movies', 'tv', 'anime', 'music']) mkdirSync(join(mediaRoot, d), { recursive: true })
  mkdirSync(downloadsRoot, { recursive: true })
  // The sample is made once in a temporary folder of its own and removed once copied: nothing is left behind.
  const sampleDir = mkdtempSync(join(tmpdir(), 'msmcp-demo-sample-'))
  const sample = join(sampleDir, 'sample.mkv')
  let realVideo = true
  const targets = [...MEDIA_FILES.map(f => join(mediaRoot, f)), ...DOWNLOAD_FILES.map(f => join(downloadsRoot, f))]
  try {
    try {
      await makeSampleMkv(sample, ffmpeg)
    } catch {
      realVideo = false
      writeFileSync(sample, Buffer.alloc(64 * 1024, 0))
    }
    for (const target of targets) {
      mkdirSync(dirname(target), { recursive: true })
      if (!existsSync(target)) copyFileSync(sample, target)
    }
  } finally {
    rmSync(sampleDir, { recursive: true, force: true })
  }
  // The orphan is days old, so cleanup_server's download leftovers (older than 24 h by default) can show it.
  const old = new Date(Date.now() - ORPHAN_AGE_MS)
  for (const f of ORPHAN_FILES) {
    const parts = f.split('/')
    for (let n = parts.length; n > 0; n--) utimesSync(join(downloadsRoot, ...parts.slice(0, n)), old, old)
  }
  const album = join(mediaRoot, 'music/Demo Artist/Demo Album (2020)')
  mkdirSync(album, { recursive: true })
  writeFileSync(join(album, '01 - Opening.flac.txt'), 'placeholder: the demo ships no audio album\n')
  return { realVideo, files: targets.length, sample: targets[0] }
}
