// ASS/SSA → SRT for a subtitle file extracted from an MKV: the BOM mkvextract writes is removed, ffmpeg
// converts file to file (cue times are copied as they are: ASS centiseconds become SRT milliseconds), and
// the style tags ffmpeg carries over as <font …> are stripped while <i>, <b>, <u> stay.
import { readFile, stat, writeFile } from 'node:fs/promises'
import { ToolError } from '../../core/errors.js'
import { runFfmpeg } from './ffmpeg-run.js'

const BOM = '\uFEFF'
/** A text track larger than this is not a subtitle track we should load into memory. */
const MAX_SUBTITLE_BYTES = 64 * 1024 * 1024

/** Removes a leading UTF-8 BOM from a file, in place. */
export async function stripBom (file: string): Promise<void> {
  const text = await readSmall(file)
  if (text.startsWith(BOM)) await writeFile(file, text.slice(1))
}

/** Removes <font …> / </font> (ffmpeg's rendering of ASS styles); keeps <i>, <b>, <u> and positions. */
export function cleanSrt (srt: string): string {
  return srt.replace(/^\uFEFF/, '').replace(/<\/?font\b[^>]*>/gi, '')
}

/** Converts `ass` (a fresh extracted file) into `srt` (a fresh name that must not exist yet). */
export async function convertAssFileToSrt (ffmpeg: string, ass: string, srt: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
  await stripBom(ass)
  await runFfmpeg(ffmpeg, ['-protocol_whitelist', 'file', '-f', 'ass', '-i', `file:${ass}`, '-map', '0:s:0', '-c:s', 'srt', '-f', 'srt', '-n', `file:${srt}`],
    { signal: opts.signal, timeoutMs: 600_000, stallMs: 120_000 })
  await writeFile(srt, cleanSrt(await readSmall(srt)))
}

async function readSmall (file: string): Promise<string> {
  const { size } = await stat(file)
  if (size > MAX_SUBTITLE_BYTES) throw new ToolError(`A subtitle track of ${Math.round(size / 1e6)} MB is too large to convert; the original file is unchanged.`)
  return (await readFile(file)).toString('utf8')
}
