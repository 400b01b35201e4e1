// Finding 16 (issue 12): confirm fingerprints of file targets include device and inode, as the README says.
// A file replaced by another with the same size and mtime (another inode) between the preview and the
// confirmed call invalidates the confirm, and the replacement is not touched.
import t from 'tap'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { replaceKeepingSizeAndMtime, settle } from './look-alike.js'
import { buildTestApp } from '../helpers/build.js'
import { missingMediaTools, placeFixture } from '../helpers/media-fixtures.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import { data, text } from '../helpers/results.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

function writeFile (file: string, content: string): string {
  writeFileSync(file, content)
  return file
}

async function previewThenConfirm (app: Awaited<ReturnType<typeof buildTestApp>>['app'], tool: string, args: Record<string, unknown>, between: () => void) {
  const preview = await app.tools.call(tool, args, ctx)
  const token = data(preview)?.confirmation?.confirmToken
  if (typeof token !== 'string') throw new Error(`no confirmation: ${text(preview)}`)
  between()
  return await app.tools.call(tool, { ...args, confirmToken: token }, ctx)
}

t.test('manage_files delete of a file: a same-size, same-mtime replacement invalidates the confirm', async t => {
  const { app, roots } = await buildTestApp(t)
  const file = join(roots.media, 'movies/Heat (1995)/Heat (1995).mkv')
  mkdirSync(dirname(file), { recursive: true })
  settle(writeFile(file, 'previewed copy'))
  let replacement: Buffer | undefined
  const done = await previewThenConfirm(app, 'manage_files', { action: 'delete', paths: ['movies/Heat (1995)/Heat (1995).mkv'] }, () => { replacement = replaceKeepingSizeAndMtime(file) })
  t.ok(done.isError, 'the confirm is refused')
  t.same(readFileSync(file), replacement, 'the replacement survives')
})

t.test('manage_files delete of a folder: a file inside replaced the same way invalidates the confirm', async t => {
  const { app, roots } = await buildTestApp(t)
  const file = join(roots.media, 'movies/Heat (1995)/Heat (1995).mkv')
  mkdirSync(dirname(file), { recursive: true })
  settle(writeFile(file, 'previewed copy'))
  let replacement: Buffer | undefined
  const done = await previewThenConfirm(app, 'manage_files', { action: 'delete', paths: ['movies/Heat (1995)'] }, () => { replacement = replaceKeepingSizeAndMtime(file) })
  t.ok(done.isError, 'the confirm is refused')
  t.same(readFileSync(file), replacement, 'the replacement survives')
})

t.test('optimize_media strip: a same-size, same-mtime replacement invalidates the confirm', { skip: missingMediaTools() }, async t => {
  const { app, roots } = await buildTestApp(t)
  const file = settle(placeFixture(join(roots.media, 'movies/Film (2020)/Film (2020).mkv')))
  const original = readFileSync(file)
  const args = { action: 'strip', path: 'movies/Film (2020)', audioLanguages: ['en'] }
  const done = await previewThenConfirm(app, 'optimize_media', args, () => {
    // Same bytes, same size, same mtime: only the inode tells it is another file.
    const tmp = join(dirname(file), '.copy')
    copyFileSync(file, tmp)
    replaceKeepingSizeAndMtime(file, readFileSync(tmp))
  })
  t.ok(done.isError, `the confirm is refused: ${text(done)}`)
  t.same(readFileSync(file), original, 'the replacement is not rewritten')
})

t.test('cleanup_server temp file: a same-size, same-mtime replacement invalidates the confirm', async t => {
  const { app, roots } = await buildTestApp(t)
  const rel = 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'
  const file = join(roots.media, rel)
  mkdirSync(dirname(file), { recursive: true })
  settle(writeFile(file, 'partial copy'))
  let replacement: Buffer | undefined
  const done = await previewThenConfirm(app, 'cleanup_server', { categories: ['temp'] }, () => { replacement = replaceKeepingSizeAndMtime(file) })
  t.ok(done.isError, 'the confirm is refused')
  t.match(text(done), /changed since the preview.*cleanup_server again/)
  t.same(readFileSync(file), replacement, 'the replacement survives')
})
