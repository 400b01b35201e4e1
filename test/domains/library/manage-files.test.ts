import t from 'tap'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

function ctx (progress: number[] = []): ToolContext {
  return {
    principal: INTERNAL_PRINCIPAL,
    signal: new AbortController().signal,
    progress: async p => { progress.push(p) },
    log: async () => {}
  }
}

function put (root: string, rel: string, content = rel) {
  mkdirSync(join(root, rel, '..'), { recursive: true })
  writeFileSync(join(root, rel), content)
}

t.test('list pages through a folder in path order', async t => {
  const { app, roots } = await buildTestApp(t)
  for (let i = 1; i <= 5; i++) put(roots.media, `tv/Show/Season 01/Show - S01E0${i}.mkv`)
  const first = await app.tools.call('manage_files', { action: 'list', path: 'tv/Show', recursive: true, limit: 4 }, ctx())
  t.notOk(first.isError, text(first))
  t.equal(data(first).total, 6)
  t.same(data(first).items.map((i: any) => i.path), ['tv/Show/Season 01', 'tv/Show/Season 01/Show - S01E01.mkv', 'tv/Show/Season 01/Show - S01E02.mkv', 'tv/Show/Season 01/Show - S01E03.mkv'])
  t.equal(data(first).hasMore, true)
  t.equal(data(first).items[1].size, 'tv/Show/Season 01/Show - S01E01.mkv'.length)
  const second = await app.tools.call('manage_files', { action: 'list', path: 'tv/Show', recursive: true, limit: 4, offset: 4 }, ctx())
  t.same(data(second).items.map((i: any) => i.name), ['Show - S01E04.mkv', 'Show - S01E05.mkv'])
  t.equal(data(second).hasMore, false)
  const flat = await app.tools.call('manage_files', { action: 'list', path: 'tv' }, ctx())
  t.same(data(flat).items.map((i: any) => i.kind), ['folder'])

  const outside = await app.tools.call('manage_files', { action: 'list', path: '/etc' }, ctx())
  t.ok(outside.isError, 'paths outside the roots are refused')
})

t.test('move runs as a job, never overwrites, and undo puts everything back', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.downloads, 'Heat.1995.1080p/Heat.1995.1080p.mkv', 'the movie')
  put(roots.downloads, 'Heat.1995.1080p/Heat.1995.1080p.en.srt', 'subs')
  const progress: number[] = []
  const moved = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Heat.1995.1080p'], destination: 'movies' }, ctx(progress))
  t.notOk(moved.isError, text(moved))
  const job = data(moved).job
  t.equal(job.status, 'succeeded')
  t.type(job.estimatedDurationMs, 'number')
  t.equal(readFileSync(join(roots.media, 'movies/Heat.1995.1080p/Heat.1995.1080p.mkv'), 'utf8'), 'the movie')
  t.notOk(existsSync(join(roots.downloads, 'Heat.1995.1080p')))

  // Never overwrite: the same name again is refused and nothing changes.
  put(roots.downloads, 'Heat.1995.1080p/Heat.1995.1080p.mkv', 'another copy')
  const again = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Heat.1995.1080p'], destination: 'movies' }, ctx())
  t.ok(again.isError)
  t.match(text(again), /already exists; nothing was overwritten/)
  t.notMatch(text(again), /\bdelete\b/i, 'never advises deleting what a move put there')
  t.equal(readFileSync(join(roots.media, 'movies/Heat.1995.1080p/Heat.1995.1080p.mkv'), 'utf8'), 'the movie')
  t.equal(readFileSync(join(roots.downloads, 'Heat.1995.1080p/Heat.1995.1080p.mkv'), 'utf8'), 'another copy')

  // Undo: the first job's move is reverted; the newcomer at the old place is a conflict, left alone.
  const undone = await app.tools.call('manage_files', { action: 'undo', jobId: job.id }, ctx())
  t.notOk(undone.isError, text(undone))
  t.equal(data(undone).job.status, 'succeeded')
  t.equal(data(undone).job.result.conflicts.length, 1, 'the folder cannot go back over the newcomer')
  t.ok(existsSync(join(roots.media, 'movies/Heat.1995.1080p/Heat.1995.1080p.mkv')), 'nothing overwritten, nothing lost')
})

t.test('undo of a plain move restores it; undoing the undo redoes it', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'tv/Show/Season 01/ep1.mkv', 'one')
  mkdirSync(join(roots.media, 'anime'), { recursive: true })
  const moved = await app.tools.call('manage_files', { action: 'move', paths: ['tv/Show/Season 01/ep1.mkv'], destination: 'tv/Show/ep1-renamed.mkv' }, ctx())
  t.equal(data(moved).job.status, 'succeeded', text(moved))
  t.ok(existsSync(join(roots.media, 'tv/Show/ep1-renamed.mkv')))
  const undone = await app.tools.call('manage_files', { action: 'undo', jobId: data(moved).job.id }, ctx())
  t.equal(data(undone).job.result.restored, 1)
  t.equal(readFileSync(join(roots.media, 'tv/Show/Season 01/ep1.mkv'), 'utf8'), 'one')
  const redo = await app.tools.call('manage_files', { action: 'undo', jobId: data(undone).job.id }, ctx())
  t.equal(data(redo).job.result.restored, 1)
  t.ok(existsSync(join(roots.media, 'tv/Show/ep1-renamed.mkv')))

  const bogus = await app.tools.call('manage_files', { action: 'undo', jobId: 'nope' }, ctx())
  t.match(text(bogus), /No job with id nope/)
})

t.test('roots and library top folders are never moved or deleted', async t => {
  const { app } = await buildTestApp(t)
  const move = await app.tools.call('manage_files', { action: 'move', paths: ['tv'], destination: 'anime' }, ctx())
  t.ok(move.isError)
  t.match(text(move), /library top folder/)
  const del = await app.tools.call('manage_files', { action: 'delete', paths: ['movies'] }, ctx())
  t.ok(del.isError)
  t.match(text(del), /library top folder/)
  const root = await app.tools.call('manage_files', { action: 'delete', paths: ['downloads'] }, ctx())
  t.ok(root.isError)
})

t.test('hazard: deleting an episode keeps its season folder (preview, token, exactly the previewed file)', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')
  const args = { action: 'delete', paths: ['tv/Show/Season 01/Show - S01E01.mkv'] }
  const preview = await app.tools.call('manage_files', args, ctx())
  t.notOk(preview.isError, text(preview))
  const confirmation = data(preview).confirmation
  t.same(confirmation.targets.map((x: any) => x.path), ['tv/Show/Season 01/Show - S01E01.mkv'])
  t.ok(existsSync(join(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')), 'the preview changes nothing')
  const done = await app.tools.call('manage_files', { ...args, confirmToken: confirmation.confirmToken }, ctx())
  t.notOk(done.isError, text(done))
  t.notOk(existsSync(join(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')))
  t.ok(existsSync(join(roots.media, 'tv/Show/Season 01')), 'the season folder stays, even empty')
  t.same(readdirSync(join(roots.media, 'tv/Show')), ['Season 01'])
})

t.test('a folder that changed after the preview is not deleted', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.downloads, 'old/a.mkv')
  const args = { action: 'delete', paths: ['downloads/old'] }
  const preview = await app.tools.call('manage_files', args, ctx())
  t.equal(data(preview).confirmation.targets[0].files, 1)
  put(roots.downloads, 'old/b.mkv')
  const done = await app.tools.call('manage_files', { ...args, confirmToken: data(preview).confirmation.confirmToken }, ctx())
  t.ok(done.isError, 'refused: the targets differ from the preview')
  t.ok(existsSync(join(roots.downloads, 'old/a.mkv')))

  const fresh = await app.tools.call('manage_files', args, ctx())
  const ok = await app.tools.call('manage_files', { ...args, confirmToken: data(fresh).confirmation.confirmToken }, ctx())
  t.notOk(ok.isError, text(ok))
  t.equal(data(ok).deleted[0].filesDeleted, 2)
  t.notOk(existsSync(join(roots.downloads, 'old')))
})
