// What the media fixture helpers share: checking that the external tools a test needs are installed,
// building a fixture once into a cache in the temp folder (atomic rename, so parallel test processes never
// see a half-written file) and copying it into a test's tree, and the ASS script frame the subtitle tracks use.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const cacheRoot = join(tmpdir(), 'msmcp-media-fixtures')

/**
 * Why tests must skip here, or undefined when every one of `bins` runs with `versionFlag`.
 * On CI a missing tool is an error: the tests it gates must run there.
 */
export function missingTools (bins: string[], versionFlag: string, aptPackage: string, what: string): string | undefined {
  const missing = bins.filter(bin => {
    try {
      execFileSync(bin, [versionFlag], { stdio: 'ignore' })
      return false
    } catch {
      return true
    }
  })
  if (missing.length === 0) return undefined
  const msg = `${missing.join(', ')} not installed (apt-get install ${aptPackage})`
  if (process.env.CI) throw new Error(`${msg}: CI must run the ${what} tests`)
  return msg
}

/** The cached `<name>.mkv`; `build` makes it in a private work folder and returns the file it wrote. */
export function cachedFixture (name: string, build: (work: string) => string): string {
  const file = join(cacheRoot, `${name}.mkv`)
  if (existsSync(file)) return file
  const work = join(cacheRoot, `${name}-${process.pid}`)
  mkdirSync(work, { recursive: true })
  renameSync(build(work), file)
  return file
}

/** Copies `source` to `dest` (folders created). */
export function copyFixture (source: string, dest: string): string {
  mkdirSync(dirname(dest), { recursive: true })
  copyFileSync(source, dest)
  return dest
}

/** A minimal ASS script (one Default style) with the given Dialogue lines. */
export function assScript (lines: string[]): string {
  return `[Script Info]
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
}
