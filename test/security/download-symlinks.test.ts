// Issue 12 (also check): torrents can carry symbolic links (BEP 47) into the downloads root. A link planted
// in a download folder, pointing at the library or outside the roots, is never followed by delete, move or
// organize: the link itself is what gets deleted or moved, and organize leaves it alone and says so.
import t from 'tap'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestApp } from '../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import { runOrganize } from '../../domains/downloads/organize-job.js'
import { data, text } from '../helpers/results.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

async function plant (t: { teardown: (fn: () => unknown) => void }) {
  const built = await buildTestApp(t)
  const { roots } = built
  const outside = mkdtempSync(join(tmpdir(), 'msmcp-outside-'))
  t.teardown(() => rmSync(outside, { recursive: true, force: true }))
  writeFileSync(join(outside, 'secret.txt'), 'outside')
  const heat = join(roots.media, 'movies/Heat (1995)')
  mkdirSync(heat, { recursive: true })
  writeFileSync(join(heat, 'Heat (1995).mkv'), 'the library copy')
  const pkg = join(roots.downloads, 'Evil.Torrent')
  mkdirSync(pkg)
  writeFileSync(join(pkg, 'Evil.Torrent.mkv'), 'a real download')
  symlinkSync(heat, join(pkg, 'library-link'))
  symlinkSync(outside, join(pkg, 'outside-link'))
  return { ...built, outside, heat, pkg }
}
async function confirmed (app: Awaited<ReturnType<typeof buildTestApp>>['app'], args: Record<string, unknown>) {
  const preview = await app.tools.call('manage_files', args, ctx)
  const token = data(preview)?.confirmation?.confirmToken
  if (typeof token !== 'string') return { preview, done: preview }
  return { preview, done: await app.tools.call('manage_files', { ...args, confirmToken: token }, ctx) }
}

t.test('deleting a planted link deletes the link, never the library folder it points at', async t => {
  const { app, heat, pkg } = await plant(t)
  const { preview, done } = await confirmed(app, { action: 'delete', paths: ['downloads/Evil.Torrent/library-link'] })
  t.equal(data(preview).confirmation?.targets?.[0]?.kind, 'symlink', text(preview))
  t.notOk(done.isError, text(done))
  t.notOk(existsSync(join(pkg, 'library-link')), 'the link is gone')
  t.equal(readFileSync(join(heat, 'Heat (1995).mkv'), 'utf8'), 'the library copy', 'the library folder is untouched')
})

t.test('a link pointing outside the roots can be deleted as a link; its target survives', async t => {
  const { app, outside, pkg } = await plant(t)
  const { done } = await confirmed(app, { action: 'delete', paths: ['downloads/Evil.Torrent/outside-link'] })
  t.notOk(done.isError, text(done))
  t.throws(() => lstatSync(join(pkg, 'outside-link')), 'the link is gone')
  t.ok(existsSync(join(outside, 'secret.txt')))
})

t.test('deleting the download folder unlinks the links inside it and follows none', async t => {
  const { app, outside, heat } = await plant(t)
  const { done } = await confirmed(app, { action: 'delete', paths: ['downloads/Evil.Torrent'] })
  t.notOk(done.isError, text(done))
  t.ok(existsSync(join(heat, 'Heat (1995).mkv')))
  t.ok(existsSync(join(outside, 'secret.txt')))
})

t.test('moving a planted link moves the link, never the library folder it points at', async t => {
  const { app, roots, heat } = await plant(t)
  mkdirSync(join(roots.downloads, 'elsewhere'))
  const moved = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/Evil.Torrent/library-link'], destination: 'downloads/elsewhere' }, ctx)
  t.notOk(moved.isError, text(moved))
  t.equal(data(moved).job.status, 'succeeded', JSON.stringify(data(moved).job))
  t.ok(lstatSync(join(roots.downloads, 'elsewhere/library-link')).isSymbolicLink(), 'the link itself moved')
  t.equal(readFileSync(join(heat, 'Heat (1995).mkv'), 'utf8'), 'the library copy', 'the library folder stayed where it was')
})

t.test('moving into a planted link is refused: moves never follow links', async t => {
  const { app, roots, heat } = await plant(t)
  writeFileSync(join(roots.downloads, 'loose.mkv'), 'loose')
  const moved = await app.tools.call('manage_files', { action: 'move', paths: ['downloads/loose.mkv'], destination: 'downloads/Evil.Torrent/library-link' }, ctx)
  t.ok(moved.isError)
  t.match(text(moved), /symbolic link/)
  t.notOk(existsSync(join(heat, 'loose.mkv')))
})

t.test('organize moves the real files and leaves planted links alone, saying so', async t => {
  const { app, roots, outside, heat, pkg } = await plant(t)
  const dest = join(roots.media, 'movies/Evil (2020)')
  const job = { signal: new AbortController().signal, progress: () => {}, setInverse: () => {} }
  const result = await runOrganize(app, job, pkg, dest) as { files: any[], skipped?: Array<{ path: string, reason: string }> }
  t.same(result.files.map(f => f.to), ['movies/Evil (2020)/Evil.Torrent.mkv'])
  t.same((result.skipped ?? []).map(s => s.path).sort(), ['downloads/Evil.Torrent/library-link', 'downloads/Evil.Torrent/outside-link'])
  t.match(result.skipped?.[0]?.reason ?? '', /symbolic link/)
  t.ok(lstatSync(join(pkg, 'library-link')).isSymbolicLink(), 'the link stays in the downloads folder')
  t.ok(existsSync(join(heat, 'Heat (1995).mkv')))
  t.ok(existsSync(join(outside, 'secret.txt')))
})
