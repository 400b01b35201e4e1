// An MKV muxed by mkvmerge with ASS tracks whose cue times are known to the millisecond, for tests of the
// mkvtoolnix road (identify, exact extraction, ASS→SRT remux). Built on the ffmpeg fixture's video and audio,
// generated once and cached like it (fixture-cache.ts).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { assScript, cachedFixture, copyFixture, missingTools } from './fixture-cache.js'
import { fixtureFile } from './media-fixtures.js'

/** Cue start times (ms) of the Spanish ASS track; centisecond values, exact in ASS and in SRT. */
export const SPA_CUES_MS = [500, 1230, 2470]

const SPA = assScript([
  'Dialogue: 0,0:00:00.50,0:00:01.10,Default,,0,0,0,,Hola {\\i1}amigo{\\i0}',
  'Dialogue: 0,0:00:01.23,0:00:02.00,Default,,0,0,0,,{\\fs28\\c&H00FFFF&}Segunda línea',
  'Dialogue: 0,0:00:02.47,0:00:02.90,Default,,0,0,0,,Tercera'
])
const FRE = assScript(['Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Bonjour'])

/** Why mkvtoolnix tests must skip here, or undefined when mkvmerge, mkvextract and mkvpropedit run. */
export function missingMkvTools (): string | undefined {
  return missingTools(['mkvmerge', 'mkvextract', 'mkvpropedit'], '--version', 'mkvtoolnix', 'mkvtoolnix')
}

/**
 * Tracks (mkvmerge ids): 0 video, 1 audio eng (default), 2 audio jpn, 3 SRT eng,
 * 4 ASS spa "Signs & Songs" (default, forced), 5 ASS fre.
 */
export function mkvFixtureFile (): string {
  return cachedFixture('mkvtoolnix-v1', work => {
    const base = fixtureFile({ audio: ['eng', 'jpn'], subs: [{ lang: 'eng', codec: 'srt' }] })
    writeFileSync(join(work, 'spa.ass'), SPA)
    writeFileSync(join(work, 'fre.ass'), FRE)
    const out = join(work, 'out.mkv')
    execFileSync('mkvmerge', ['-q', '-o', out, base,
      '--language', '0:spa', '--track-name', '0:Signs & Songs', '--default-track-flag', '0:yes', '--forced-display-flag', '0:yes', join(work, 'spa.ass'),
      '--language', '0:fre', '--default-track-flag', '0:no', join(work, 'fre.ass')], { stdio: ['ignore', 'ignore', 'pipe'] })
    return out
  })
}

export function placeMkvFixture (dest: string): string {
  return copyFixture(mkvFixtureFile(), dest)
}

/** Cue start times (ms) of an SRT text. */
export function srtStartsMs (srt: string): number[] {
  return [...srt.matchAll(/^(\d\d):(\d\d):(\d\d),(\d{3}) -->/gm)].map(m => ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]))
}
