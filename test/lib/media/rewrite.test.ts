import t from 'tap'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { missingMediaTools, placeFixture } from '../../helpers/media-fixtures.js'
import { probeMedia } from '../../../lib/media/probe.js'
import { planTracks } from '../../../lib/media/track-plan.js'
import { buildRewriteArgs, rewriteMedia, verifyRewrite } from '../../../lib/media/rewrite.js'

const skip = missingMediaTools()
const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }

t.test('probe, plan, rewrite and verify on a real MKV', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-media-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = placeFixture(join(dir, 'Show - S01E01.mkv'))
  const info = await probeMedia('ffprobe', file)
  t.same(info.streams.map(s => `${s.type}:${s.codec}:${s.language}`), [
    'video:h264:und', 'audio:aac:eng', 'audio:aac:jpn', 'subtitle:subrip:eng', 'subtitle:ass:spa', 'subtitle:ass:fre'
  ])
  t.ok(info.durationSec! > 2.5 && info.durationSec! < 3.5)

  const plan = planTracks(info, { audio: ['eng'], subtitles: ['eng', 'spa'], keepUndetermined: true })
  t.equal(plan.refusal, undefined)
  t.same(plan.drop.map(s => s.index), [2, 5])
  const percents: number[] = []
  const after = await rewriteMedia(file, info, { keep: plan.keep, toSrt: [4] }, tools, { onProgress: p => percents.push(p) })
  t.same(after.streams.map(s => `${s.type}:${s.codec}:${s.language}`), ['video:h264:und', 'audio:aac:eng', 'subtitle:subrip:eng', 'subtitle:subrip:spa'])
  t.same((await probeMedia('ffprobe', file)).streams.length, 4, 'the original was replaced')
  t.same(readdirSync(dir), ['Show - S01E01.mkv'], 'no temp file left')
  t.ok(percents.length > 0, 'progress was reported')
})

t.test('never drops the last audio track', async t => {
  const info = {
    format: 'matroska',
    streams: [
      { index: 0, type: 'video' as const, codec: 'h264', language: 'und', default: false, forced: false },
      { index: 1, type: 'audio' as const, codec: 'aac', language: 'jpn', default: true, forced: false }
    ]
  }
  const plan = planTracks(info, { audio: ['eng'], subtitles: [], keepUndetermined: true })
  t.match(plan.refusal, /remove every audio track/)
})

t.test('a result that does not match the plan is rejected', async t => {
  const stream = (index: number, type: 'video' | 'audio', codec: string) => ({ index, type, codec, language: 'eng', default: false, forced: false })
  const before = { format: 'matroska', durationSec: 100, streams: [stream(0, 'video', 'h264'), stream(1, 'audio', 'aac')] }
  t.throws(() => verifyRewrite(before, { ...before, durationSec: 50 }, { keep: before.streams }), /duration/)
  t.throws(() => verifyRewrite(before, { ...before, streams: [before.streams[0]] }, { keep: before.streams }), /1 tracks instead of 2/)
  t.doesNotThrow(() => verifyRewrite(before, { ...before, durationSec: 100.4 }, { keep: before.streams }))
})

t.test('ffmpeg arguments: file: URLs, protocol whitelist, no shell, never overwrite', async t => {
  const args = buildRewriteArgs('/data/tv/a -i http:x.mkv', '/data/tv/.a.tmp', { keep: [{ index: 0, type: 'video', codec: 'h264', language: 'und', default: false, forced: false }] }, 'matroska')
  t.same(args.slice(0, 4), ['-protocol_whitelist', 'file', '-i', 'file:/data/tv/a -i http:x.mkv'])
  t.ok(args.includes('-n'))
  t.equal(args.at(-1), 'file:/data/tv/.a.tmp')
})

t.test('a failing ffmpeg leaves the original untouched', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-media-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = placeFixture(join(dir, 'x.mkv'))
  const size = statSync(file).size
  const info = await probeMedia('ffprobe', file)
  // Stream index 99 does not exist: ffmpeg fails.
  await t.rejects(rewriteMedia(file, info, { keep: [{ ...info.streams[0], index: 99 }, ...info.streams.slice(1)] }, tools), /original file is unchanged/)
  t.equal(statSync(file).size, size)
  t.same(readdirSync(dir), ['x.mkv'])
})

t.test('the rewrite itself refuses a plan without audio, before ffmpeg runs', { skip }, async t => {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-media-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = placeFixture(join(dir, 'x.mkv'))
  const size = statSync(file).size
  const info = await probeMedia('ffprobe', file)
  await t.rejects(rewriteMedia(file, info, { keep: info.streams.filter(s => s.type !== 'audio') }, tools), /without any audio track/)
  t.equal(statSync(file).size, size)
  t.same(readdirSync(dir), ['x.mkv'])
})
