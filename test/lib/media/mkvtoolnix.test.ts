import t from 'tap'
import { chmodSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { missingMediaTools } from '../../helpers/media-fixtures.js'
import { SPA_CUES_MS, missingMkvTools, placeMkvFixture, srtStartsMs } from '../../helpers/mkv-fixtures.js'
import { buildRemuxArgs, mkvExtractTrack, mkvIdentify, mkvPropEdit, mkvRemux, mkvToolsFor } from '../../../lib/media/mkvtoolnix.js'
import { cleanSrt, convertAssFileToSrt } from '../../../lib/media/subtitle-convert.js'
import { probeMedia } from '../../../lib/media/probe.js'
import { rewriteMedia } from '../../../lib/media/rewrite.js'
import { tempDir } from '../../helpers/temp-dir.js'

const skip = missingMediaTools() ?? missingMkvTools()
const mkv = mkvToolsFor('mkvmerge')

/** ASS cue start times in ms ("Dialogue: 0,0:00:01.23,…"). */
const assStartsMs = (text: string) => [...text.matchAll(/^Dialogue: [^,]*,(\d+):(\d\d):(\d\d)\.(\d\d),/gm)]
  .map(m => ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]) * 10)

t.test('identify lists every track with type, codec, language, flags and name', { skip }, async t => {
  const file = placeMkvFixture(join(tempDir(t), 'a.mkv'))
  const id = await mkvIdentify(mkv, file)
  t.equal(id.container, 'Matroska')
  t.ok(id.durationSec! > 2.9 && id.durationSec! < 3.2, `duration ${id.durationSec}`)
  t.same(id.tracks.map(x => `${x.id}:${x.type}:${x.codecId}:${x.language}`), [
    '0:video:V_MPEG4/ISO/AVC:und', '1:audio:A_AAC:eng', '2:audio:A_AAC:jpn',
    '3:subtitles:S_TEXT/UTF8:eng', '4:subtitles:S_TEXT/ASS:spa', '5:subtitles:S_TEXT/ASS:fre'
  ])
  t.match(id.tracks[4], { name: 'Signs & Songs', default: true, forced: true, languageIetf: 'es' })
  t.match(id.tracks[1], { default: true, forced: false })
  t.match(id.tracks[5], { default: false, forced: false })
  t.equal(id.tracks[5].name, undefined)
  await t.rejects(mkvIdentify(mkv, join(tempDir(t), 'missing.mkv')), /cannot read|failed/)
})

t.test('extraction is exact; the SRT keeps the cue times to the millisecond, drops the BOM and <font>, keeps <i>', { skip }, async t => {
  const dir = tempDir(t)
  const file = placeMkvFixture(join(dir, 'a.mkv'))
  const ass = join(dir, 'x.ass')
  const srt = join(dir, 'x.srt')
  await mkvExtractTrack(mkv, file, 4, ass)
  t.ok(readFileSync(ass).subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'mkvextract writes a BOM')
  t.same(assStartsMs(readFileSync(ass, 'utf8')), SPA_CUES_MS, 'extracted cues are exactly the muxed times')
  await convertAssFileToSrt('ffmpeg', ass, srt)
  const text = readFileSync(srt, 'utf8')
  t.notOk(text.startsWith('\uFEFF'), 'no BOM in the SRT')
  t.same(srtStartsMs(text), SPA_CUES_MS, 'SRT cue starts equal the original times (±0 ms)')
  t.notMatch(text, /<font/i)
  t.match(text, /Hola <i>amigo<\/i>/)
  t.match(text, /Segunda línea/)
  t.equal(cleanSrt('<font size="20"><font color="#ff0000">a</font></font> <i>b</i>'), 'a <i>b</i>')
})

t.test('remux keeps the chosen tracks, reports progress through --gui-mode', { skip }, async t => {
  const dir = tempDir(t)
  const file = placeMkvFixture(join(dir, 'a.mkv'))
  const out = join(dir, 'out.mkv')
  const progress: number[] = []
  await mkvRemux(mkv, file, out, { keepAudio: [1], keepSubtitles: [3], onProgress: p => progress.push(p) })
  const id = await mkvIdentify(mkv, out)
  t.same(id.tracks.map(x => `${x.type}:${x.language}`), ['video:und', 'audio:eng', 'subtitles:eng'])
  t.ok(progress.length > 0, 'progress events arrived')
  t.equal(progress.at(-1), 100)
  t.ok(progress.every((p, i) => i === 0 || p >= progress[i - 1]), 'progress never goes back')
})

t.test('remux arguments: explicit selections, added subtitle with its properties, track order', async t => {
  const args = buildRemuxArgs('/m/in.mkv', '/m/.in.tmp', {
    keepVideo: [0],
    keepAudio: [],
    keepSubtitles: [3],
    addSubtitles: [{ file: '/m/.s.tmp', language: 'es', name: 'Signs', default: true, forced: false }],
    order: [[0, 0], [0, 3], [1, 0]]
  })
  t.same(args, ['--gui-mode', '--output', '/m/.in.tmp', '--video-tracks', '0', '--no-audio', '--subtitle-tracks', '3', '/m/in.mkv',
    '--sub-charset', '0:UTF-8', '--language', '0:es', '--track-name', '0:Signs', '--default-track-flag', '0:yes', '--forced-display-flag', '0:no', '/m/.s.tmp',
    '--track-order', '0:0,0:3,1:0'])
})

t.test('mkvpropedit edits flags in place', { skip }, async t => {
  const file = placeMkvFixture(join(tempDir(t), 'a.mkv'))
  await mkvPropEdit(mkv, file, [{ id: 1, default: false }, { id: 2, default: true, language: 'ger', name: 'Deutsch' }])
  const id = await mkvIdentify(mkv, file)
  t.match(id.tracks[1], { default: false })
  t.match(id.tracks[2], { default: true, language: 'ger', name: 'Deutsch' })
})

t.test('a silent mkvmerge is killed by the stall timer', async t => {
  const dir = tempDir(t)
  const fake = join(dir, 'mkvmerge')
  // Silent for an hour after one line, longer than any test may take: the rejection is the stall timer's doing.
  writeFileSync(fake, '#!/bin/sh\necho "#GUI#progress 1%"\nexec sleep 3600\n')
  chmodSync(fake, 0o755)
  const progress: number[] = []
  await t.rejects(mkvRemux(mkvToolsFor(fake), '/nowhere/in.mkv', join(dir, 'out.mkv'), { stallMs: 300, onProgress: p => progress.push(p) }),
    /produced no output .* stopped.*original file is unchanged/)
  t.same(progress, [1], 'the one progress line was parsed')
})

t.test('fix through mkvtoolnix: SRT where the ASS was, same language, flags, name and order, exact cue times', { skip }, async t => {
  const dir = tempDir(t)
  const file = placeMkvFixture(join(dir, 'Show - S01E01.mkv'))
  const info = await probeMedia('ffprobe', file)
  const progress: number[] = []
  const after = await rewriteMedia(file, info, { keep: info.streams, toSrt: [4] }, { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', mkvmerge: 'mkvmerge' }, { onProgress: p => progress.push(p) })
  t.same(after.streams.map(s => `${s.type}:${s.codec}:${s.language}`), [
    'video:h264:und', 'audio:aac:eng', 'audio:aac:jpn', 'subtitle:subrip:eng', 'subtitle:subrip:spa', 'subtitle:ass:fre'
  ])
  const id = await mkvIdentify(mkv, file)
  t.match(id.tracks[4], { codecId: 'S_TEXT/UTF8', language: 'spa', name: 'Signs & Songs', default: true, forced: true })
  t.match(id.tracks[1], { default: true })
  t.ok(progress.length > 0 && progress.at(-1) === 100, 'progress reached 100')
  t.same(readdirSync(dir), ['Show - S01E01.mkv'], 'no temp file left')
  const srt = join(dir, 'check.srt')
  await mkvExtractTrack(mkv, file, 4, srt)
  t.same(srtStartsMs(readFileSync(srt, 'utf8')), SPA_CUES_MS, 'cues start at the original times')
  t.notMatch(readFileSync(srt, 'utf8'), /<font/)
})

t.test('strip through mkvmerge; a missing mkvmerge falls back to ffmpeg with the same result shape', { skip }, async t => {
  const dir = tempDir(t)
  const viaMkv = placeMkvFixture(join(dir, 'a.mkv'))
  const viaFfmpeg = placeMkvFixture(join(dir, 'b.mkv'))
  const info = await probeMedia('ffprobe', viaMkv)
  const plan = { keep: info.streams.filter(s => s.index !== 2 && s.index !== 5), toSrt: [4] }
  const a = await rewriteMedia(viaMkv, info, plan, { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', mkvmerge: 'mkvmerge' })
  const b = await rewriteMedia(viaFfmpeg, info, plan, { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', mkvmerge: join(dir, 'no-such-mkvmerge') })
  const shape = (x: typeof a) => x.streams.map(s => `${s.type}:${s.codec}:${s.language}`)
  t.same(shape(a), ['video:h264:und', 'audio:aac:eng', 'subtitle:subrip:eng', 'subtitle:subrip:spa'])
  t.same(shape(b), shape(a))
  t.ok(Math.abs(a.durationSec! - b.durationSec!) < 0.5)
  t.ok(statSync(viaMkv).size > 0 && statSync(viaFfmpeg).size > 0)
  t.same(readdirSync(dir).sort(), ['a.mkv', 'b.mkv'], 'no temp file left')
})

t.test('a plan that would remove every audio track is refused before mkvmerge runs', { skip }, async t => {
  const dir = tempDir(t)
  const file = placeMkvFixture(join(dir, 'a.mkv'))
  const before = readFileSync(file)
  const info = await probeMedia('ffprobe', file)
  await t.rejects(rewriteMedia(file, info, { keep: info.streams.filter(s => s.type !== 'audio') }, { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', mkvmerge: 'mkvmerge' }),
    /without any audio track/)
  t.ok(readFileSync(file).equals(before), 'byte-for-byte unchanged')
  t.same(readdirSync(dir), ['a.mkv'])
})
