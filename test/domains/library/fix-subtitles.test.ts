import t from 'tap'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { missingMediaTools, placeFixture } from '../../helpers/media-fixtures.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import { probeMedia } from '../../../lib/media/probe.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const skip = missingMediaTools()

t.test('preview, confirm, convert ASS to SRT in a job with progress; the file is swapped only when verified', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const season = join(roots.media, 'anime/Show/Season 01')
  placeFixture(join(season, 'Show - S01E01.mkv'))
  placeFixture(join(season, 'Show - S01E02.mkv'))
  const progress: number[] = []
  const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async p => { progress.push(p) }, log: async () => {} }

  const args = { path: 'anime/Show', languages: ['es'] }
  const preview = await app.tools.call('fix_subtitles', args, ctx)
  t.notOk(preview.isError, text(preview))
  const targets = data(preview).confirmation.targets
  t.same(targets.files.map((f: any) => f.path), ['anime/Show/Season 01/Show - S01E01.mkv', 'anime/Show/Season 01/Show - S01E02.mkv'])
  t.match(targets.files[0].changes, [/ass spa .* → SRT/])
  const before = statSync(join(season, 'Show - S01E01.mkv')).mtimeMs
  t.equal(statSync(join(season, 'Show - S01E01.mkv')).mtimeMs, before, 'the preview changes nothing')

  const done = await app.tools.call('fix_subtitles', { ...args, confirmToken: data(preview).confirmation.confirmToken }, ctx)
  t.notOk(done.isError, text(done))
  t.equal(data(done).job.status, 'succeeded', text(done))
  t.equal(data(done).converted.length, 2)
  t.ok(progress.length > 0, 'progress flowed while the call waited')
  const info = await probeMedia('ffprobe', join(season, 'Show - S01E01.mkv'))
  t.same(info.streams.filter(s => s.type === 'subtitle').map(s => `${s.codec}:${s.language}`), ['subrip:eng', 'subrip:spa', 'ass:fre'], 'only the Spanish ASS track was converted')
  t.same(info.streams.filter(s => s.type === 'audio').map(s => s.language), ['eng', 'jpn'], 'audio untouched')
  t.same(readdirSync(season).sort(), ['Show - S01E01.mkv', 'Show - S01E02.mkv'], 'no temp files left')

  const again = await app.tools.call('fix_subtitles', args, ctx)
  t.ok(again.isError, 'nothing left to convert')
  t.match(text(again), /Nothing to convert/)
})

t.test('without the token nothing is rewritten; a changed file after the preview is refused', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const file = placeFixture(join(roots.media, 'anime/Film/Film.mkv'))
  const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
  const preview = await app.tools.call('fix_subtitles', { path: 'anime/Film' }, ctx)
  t.equal(data(preview).confirmation.targets.files[0].toSrt.length, 2)
  placeFixture(file, { audio: ['eng'], subs: [{ lang: 'eng', codec: 'ass' }] })
  const done = await app.tools.call('fix_subtitles', { path: 'anime/Film', confirmToken: data(preview).confirmation.confirmToken }, ctx)
  t.ok(done.isError, 'the token is bound to the previewed file state')
  const info = await probeMedia('ffprobe', file)
  t.same(info.streams.filter(s => s.type === 'subtitle').map(s => s.codec), ['ass'])
})
