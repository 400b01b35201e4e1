import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { missingMediaTools, placeFixture } from '../../helpers/media-fixtures.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import { probeMedia } from '../../../lib/media/probe.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const skip = missingMediaTools()
const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

t.test('analyze, then strip unwanted languages as a confirmed job', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const file = placeFixture(join(roots.media, 'movies/Film (2020)/Film (2020).mkv'))
  const args = { path: 'movies/Film (2020)', audioLanguages: ['en'], subtitleLanguages: ['eng', 'fr'] }

  const analysis = await app.tools.call('optimize_media', { action: 'analyze', ...args }, ctx)
  t.notOk(analysis.isError, text(analysis))
  t.equal(analysis.structuredContent!.confirmation, undefined, 'analyze needs no confirmation')
  t.same(data(analysis).files[0].changes, ['remove #2 audio aac jpn', 'remove #4 subtitle ass spa "spa ass"'])

  const preview = await app.tools.call('optimize_media', { action: 'strip', ...args }, ctx)
  t.ok(data(preview).confirmation, text(preview))
  const done = await app.tools.call('optimize_media', { action: 'strip', ...args, confirmToken: data(preview).confirmation.confirmToken }, ctx)
  t.notOk(done.isError, text(done))
  t.equal(data(done).job.status, 'succeeded', text(done))
  const info = await probeMedia('ffprobe', file)
  t.same(info.streams.map(s => `${s.type}:${s.language}`), ['video:und', 'audio:eng', 'subtitle:eng', 'subtitle:fre'])
})

t.test('hazard: optimize never drops the last audio track', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const file = placeFixture(join(roots.media, 'anime/Show/Season 01/Show - S01E01.mkv'), { audio: ['jpn'], subs: [{ lang: 'eng', codec: 'ass' }] })
  const original = readFileSync(file)
  const r = await app.tools.call('optimize_media', { action: 'strip', path: 'anime/Show', audioLanguages: ['eng'] }, ctx)
  t.ok(r.isError)
  t.match(text(r), /without any audio track/)
  t.same(readFileSync(file), original, 'the file is byte-for-byte unchanged')

  const analysis = await app.tools.call('optimize_media', { action: 'analyze', path: 'anime/Show', audioLanguages: ['eng'] }, ctx)
  t.equal(data(analysis).refused.length, 1)
})

t.test('languages come from an allowlist', async t => {
  const { app } = await buildTestApp(t)
  const r = await app.tools.call('optimize_media', { action: 'analyze', path: 'movies', audioLanguages: ['xx'] }, ctx)
  t.ok(r.isError)
})

t.test('analyze without languages shows every file\'s tracks', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  placeFixture(join(roots.media, 'movies/Film (2020)/Film (2020).mkv'))
  const r = await app.tools.call('optimize_media', { action: 'analyze', path: 'movies/Film (2020)' }, ctx)
  t.notOk(r.isError, text(r))
  t.equal(data(r).fileCount, 0, 'nothing to remove when every language is kept')
  t.match(data(r).unchanged, [{ path: /Film \(2020\)\.mkv$/, reason: 'no track to remove', tracks: ['#0 video h264', '#1 audio aac eng', /#2 audio aac jpn/] }], 'the tracks are listed anyway')
})
