import t from 'tap'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

function put (root: string, rel: string) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), rel)
}

t.test('dry run first, then all-or-nothing rename, then undo', async t => {
  const { app, roots } = await buildTestApp(t)
  const show = join(roots.media, 'tv/Sample Show')
  put(show, 'Sample.Show.S01E01.720p.mkv')
  put(show, 'sample_show_1x02.mkv')
  put(show, 'sample_show_1x02.eng.srt')

  const preview = await app.tools.call('rename_episodes', { path: 'tv/Sample Show' }, ctx)
  t.notOk(preview.isError, text(preview))
  t.equal(data(preview).dryRun, true)
  t.same(data(preview).renames.map((r: any) => r.to), [
    'tv/Sample Show/Season 01/Sample Show - S01E01.mkv',
    'tv/Sample Show/Season 01/Sample Show - S01E02.eng.srt',
    'tv/Sample Show/Season 01/Sample Show - S01E02.mkv'
  ])
  t.ok(existsSync(join(show, 'sample_show_1x02.mkv')), 'a dry run changes nothing')

  const applied = await app.tools.call('rename_episodes', { path: 'tv/Sample Show', dryRun: false }, ctx)
  t.notOk(applied.isError, text(applied))
  t.equal(data(applied).job.status, 'succeeded')
  t.same(readdirSync(join(show, 'Season 01')).sort(), ['Sample Show - S01E01.mkv', 'Sample Show - S01E02.eng.srt', 'Sample Show - S01E02.mkv'])
  t.equal(readFileSync(join(show, 'Season 01/Sample Show - S01E02.mkv'), 'utf8'), 'sample_show_1x02.mkv')

  const undone = await app.tools.call('manage_files', { action: 'undo', jobId: data(applied).job.id }, ctx)
  t.equal(data(undone).job.result.restored, 3, text(undone))
  t.ok(existsSync(join(show, 'sample_show_1x02.eng.srt')))
  t.ok(existsSync(join(show, 'Sample.Show.S01E01.720p.mkv')))
})

t.test('a collision blocks every rename', async t => {
  const { app, roots } = await buildTestApp(t)
  const show = join(roots.media, 'tv/Show')
  put(show, 'Show.S01E01.mkv')
  put(show, 'Show.S01E02.mkv')
  put(show, 'Show.S01E02.PROPER.mkv')
  const r = await app.tools.call('rename_episodes', { path: 'tv/Show', dryRun: false }, ctx)
  t.ok(r.isError)
  t.match(text(r), /Nothing was renamed: 1 collision/)
  t.same(readdirSync(show).sort(), ['Show.S01E01.mkv', 'Show.S01E02.PROPER.mkv', 'Show.S01E02.mkv'], 'not even the uncontested file moved')

  const dry = await app.tools.call('rename_episodes', { path: 'tv/Show' }, ctx)
  t.equal(data(dry).collisions[0].target, 'tv/Show/Season 01/Show - S01E02.mkv')
  t.equal(data(dry).collisions[0].sources.length, 2)
})

t.test('show name is one safe name segment', async t => {
  const { app } = await buildTestApp(t)
  const r = await app.tools.call('rename_episodes', { path: 'tv', showName: '../evil' }, ctx)
  t.ok(r.isError)
})

t.test('files it cannot read come with examples of the names it recognises', async t => {
  const { app, roots } = await buildTestApp(t)
  const show = join(roots.media, 'tv/Odd Show')
  put(show, 'Odd.Show.S01E01.mkv')
  put(show, 'odd show pilot.mkv')
  const r = await app.tools.call('rename_episodes', { path: 'tv/Odd Show' }, ctx)
  t.notOk(r.isError, text(r))
  t.same(data(r).unmatched, ['tv/Odd Show/odd show pilot.mkv'])
  t.match(text(r), /1 not recognised\. A name is recognised when it carries season and episode, e\.g\. "Show\.S01E02\.mkv", "Show 1x02\.mkv"/)
})
