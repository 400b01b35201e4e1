// Issue 13.2: manage_files move to a destination that is not an existing folder never turns a file into an
// extensionless file named like the folder; the folder is created only when asked (createFolder: true).
import t from 'tap'
import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

t.test('a movie file moved to a missing folder name is refused, nothing moves', async t => {
  const { app, roots } = await buildTestApp(t)
  writeFileSync(join(roots.downloads, 'Heat.1995.1080p.mkv'), 'the movie')
  for (const destination of ['movies/Heat (1995)', 'movies/Mr. Robot']) {
    const r = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Heat.1995.1080p.mkv'], destination }, ctx)
    t.ok(r.isError, `${destination}: refused`)
    t.match(text(r), /not an existing folder.*createFolder:true/)
    t.notOk(existsSync(join(roots.media, destination)), `${destination}: no file of that name appears`)
  }
  t.equal(readFileSync(join(roots.downloads, 'Heat.1995.1080p.mkv'), 'utf8'), 'the movie')
})

t.test('createFolder:true creates the folder and moves the file into it', async t => {
  const { app, roots } = await buildTestApp(t)
  writeFileSync(join(roots.downloads, 'Heat.1995.1080p.mkv'), 'the movie')
  const r = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Heat.1995.1080p.mkv'], destination: 'movies/Heat (1995)', createFolder: true }, ctx)
  t.equal(data(r).job?.status, 'succeeded', text(r))
  t.ok(lstatSync(join(roots.media, 'movies/Heat (1995)')).isDirectory())
  t.equal(readFileSync(join(roots.media, 'movies/Heat (1995)/Heat.1995.1080p.mkv'), 'utf8'), 'the movie')
})

t.test('renaming a file with its extension and renaming a folder still work', async t => {
  const { app, roots } = await buildTestApp(t)
  writeFileSync(join(roots.downloads, 'Heat.1995.1080p.mkv'), 'the movie')
  mkdirSync(join(roots.downloads, 'Show.S01'))
  writeFileSync(join(roots.downloads, 'Show.S01/e1.mkv'), 'one')
  const file = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Heat.1995.1080p.mkv'], destination: 'movies/Heat (1995).mkv' }, ctx)
  t.equal(data(file).job?.status, 'succeeded', text(file))
  t.ok(existsSync(join(roots.media, 'movies/Heat (1995).mkv')))
  const folder = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Show.S01'], destination: 'tv/Show' }, ctx)
  t.equal(data(folder).job?.status, 'succeeded', text(folder))
  t.ok(existsSync(join(roots.media, 'tv/Show/e1.mkv')))
})
