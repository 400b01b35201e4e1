// Path sandbox: input forms, lexical refusals, symlink escapes, display round trips, protected folders,
// re-checks before mutation, missing roots, and the plugin wiring.
import t from 'tap'
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPathSandbox } from '../../lib/sandbox/sandbox.js'
import { checkName } from '../../lib/sandbox/path-rules.js'
import { GuardError } from '../../core/errors.js'
import { makeHostileTree } from '../helpers/payloads.js'
import { buildTestApp } from '../helpers/build.js'

const tree = makeHostileTree()
t.teardown(tree.cleanup)
const sandbox = await createPathSandbox({ mediaRoot: tree.media, downloadsRoot: tree.downloads })

async function refused (input: string, pattern: RegExp) {
  await t.rejects(sandbox.resolve(input), { name: 'GuardError', guard: 'path', message: pattern }, JSON.stringify(input.slice(0, 60)))
}

t.test('input forms resolve to real paths under the right root', async t => {
  t.equal(await sandbox.resolve('movies/Heat (1995)'), join(tree.media, 'movies/Heat (1995)'))
  t.equal(await sandbox.resolve('movies/Heat (1995)/'), join(tree.media, 'movies/Heat (1995)'))
  t.equal(await sandbox.resolve('./movies//Heat (1995)'), join(tree.media, 'movies/Heat (1995)'))
  t.equal(await sandbox.resolve('downloads/complete/a.mkv'), join(tree.downloads, 'complete/a.mkv'))
  t.equal(await sandbox.resolve('downloads'), tree.downloads)
  t.equal(await sandbox.resolve('.'), tree.media)
  t.equal(await sandbox.resolve(join(tree.media, 'tv')), join(tree.media, 'tv'))
  t.equal(await sandbox.resolve(join(tree.downloads, 'complete')), join(tree.downloads, 'complete'))
  t.equal(await sandbox.resolve('movies/New Film (2024)/part1.mkv'), join(tree.media, 'movies/New Film (2024)/part1.mkv'), 'paths that do not exist yet')
  t.equal(await sandbox.resolve('movies/Heat (1995)/heat.mkv/extra'), join(tree.media, 'movies/Heat (1995)/heat.mkv/extra'), 'below a file (ENOTDIR) stays inside')
  t.equal(await sandbox.resolve('%2e%2e/etc'), join(tree.media, '%2e%2e/etc'), 'percent signs are literal characters')
})

t.test('refused before any I/O', async () => {
  await refused('', /empty/)
  await refused('movies/a\0.mkv', /NUL/)
  await refused('movies/a\nb', /control character/)
  await refused('movies/a\u0085b', /control character/)
  await refused('movies\\..\\..\\etc', /backslash/)
  await refused('movies/../../etc/passwd', /"\.\."/)
  await refused('..', /"\.\."/)
  await refused(tree.media + '/../outside/secret.txt', /"\.\."/)
  await refused('/etc/passwd', /outside the media and downloads folders/)
  await refused(join(tree.base, 'data2/x.mkv'), /outside the media and downloads folders/)
  await refused(tree.media + '2', /outside/)
  await refused('movies/Me\u0301xico', /NFC/)
  await refused('movies/\ud800', /not valid Unicode/)
  await refused('C:/Windows', /Windows drive/)
  await refused('~/secret', /home folders/)
  await refused('movies/' + 'x'.repeat(256), /longer than 255 bytes/)
  await refused('a/'.repeat(2100), /longer than 4096 bytes/)
  await t.rejects(sandbox.resolve(42 as unknown as string), /must be a string/)
})

t.test('symlink escapes are refused, never followed', async () => {
  await refused('movies/escape/secret.txt', /symbolic link/) // directory link out
  await refused('movies/escape', /symbolic link/)
  await refused('abs_link.mkv', /symbolic link/) // file link out
  await refused('etc/passwd', /symbolic link/)
  await refused('chain1/secret.txt', /symbolic link/) // chained
  await refused('parent/outside/secret.txt', /symbolic link/) // to the root's parent
  await refused('parent', /symbolic link/)
  await refused('sib/x.mkv', /symbolic link/) // into the prefix look-alike
  await refused('movies/escape/newfile.mkv', /symbolic link/) // create through a link
  await refused('movies/escape/new/dir/file.mkv', /symbolic link/)
  await refused('dangling', /target is missing/) // creating through it would write outside
  await refused('dangling/file.mkv', /target is missing/)
  await refused('loop1/x', /loop/)
  await refused('downloads/dl_escape/secret.txt', /symbolic link/)
  await refused(join(tree.media, 'movies/escape/secret.txt'), /symbolic link/)
})

t.test('links that stay inside the roots resolve to their real target', async t => {
  t.equal(await sandbox.resolve('inner/heat.mkv'), join(tree.media, 'movies/Heat (1995)/heat.mkv'))
  t.equal(await sandbox.resolve('to-downloads/a.mkv'), join(tree.downloads, 'complete/a.mkv'))
})

t.test('display shows paths in the form resolve accepts, and round-trips', async t => {
  const cases: Array<[string, string]> = [
    ['movies/Heat (1995)/heat.mkv', 'movies/Heat (1995)/heat.mkv'],
    ['downloads/complete', 'downloads/complete'],
    ['downloads', 'downloads'],
    ['.', '.']
  ]
  for (const [input, shown] of cases) {
    const abs = await sandbox.resolve(input)
    t.equal(sandbox.display(abs), shown)
    t.equal(await sandbox.resolve(sandbox.display(abs)), abs, `${input} round-trips`)
  }
  // A media folder literally named "downloads" is shown absolute, because "downloads/" means the downloads root.
  const inMedia = join(tree.media, 'downloads/in-media.mkv')
  t.equal(sandbox.display(inMedia), inMedia)
  t.equal(await sandbox.resolve(sandbox.display(inMedia)), inMedia)
  t.throws(() => sandbox.display('/etc/passwd'), /outside the roots/)
})

t.test('protected folders: roots, library top folders and their ancestors', async t => {
  for (const p of [tree.media, tree.downloads, join(tree.media, 'movies'), join(tree.media, 'tv'), join(tree.media, 'anime'), join(tree.media, 'music'), tree.base, '/']) {
    t.ok(sandbox.isProtected(p), p)
    await t.rejects(sandbox.assertMutable(p), { name: 'GuardError', message: /can never be deleted, moved or renamed/ })
  }
  const movie = join(tree.media, 'movies/Heat (1995)')
  t.notOk(sandbox.isProtected(movie))
  t.equal(await sandbox.assertMutable(movie), movie)
  t.notOk(sandbox.isProtected(join(tree.downloads, 'complete')))
})

t.test('recheck catches a folder swapped for a symlink after the check', async t => {
  mkdirSync(join(tree.media, 'tv/Show/Season 1'), { recursive: true })
  writeFileSync(join(tree.media, 'tv/Show/Season 1/e1.mkv'), 'x')
  const abs = await sandbox.resolve('tv/Show/Season 1/e1.mkv')
  t.equal(await sandbox.recheck(abs), abs)
  renameSync(join(tree.media, 'tv/Show'), join(tree.media, 'tv/Show.real'))
  mkdirSync(join(tree.outside, 'Season 1'), { recursive: true })
  symlinkSync(tree.outside, join(tree.media, 'tv/Show'))
  await t.rejects(sandbox.recheck(abs), { name: 'GuardError', message: /changed since it was checked/ })
  await t.rejects(sandbox.assertMutable(abs), { name: 'GuardError' })
  rmSync(join(tree.media, 'tv/Show'))
  renameSync(join(tree.media, 'tv/Show.real'), join(tree.media, 'tv/Show'))
  t.equal(await sandbox.recheck(abs), abs)
})

t.test('a missing root is refused with a clear error and picked up once it exists', async t => {
  const warnings: string[] = []
  const missing = join(tree.base, 'no-downloads-yet')
  const s = await createPathSandbox({ mediaRoot: tree.media, downloadsRoot: missing, warn: m => warnings.push(m) })
  t.match(warnings, [/DOWNLOADS_ROOT .* does not exist/])
  await t.rejects(s.resolve('downloads/x.mkv'), { name: 'GuardError', message: /DOWNLOADS_ROOT .* does not exist on the server/ })
  await t.rejects(s.resolve(join(missing, 'x.mkv')), { message: /DOWNLOADS_ROOT/ })
  t.equal(await s.resolve('movies'), join(tree.media, 'movies'), 'the other root still works')
  mkdirSync(missing)
  t.equal(await s.resolve('downloads/x.mkv'), join(missing, 'x.mkv'))
})

t.test('checkName accepts one safe segment only', async t => {
  for (const ok of ['Heat (1995).mkv', 'Amélie', '..hidden', 'a.b', '名前', 'x'.repeat(255)]) t.doesNotThrow(() => checkName(ok), ok)
  const bad: Array<[unknown, RegExp]> = [
    ['', /empty/], ['.', /not a usable name/], ['..', /not a usable name/], ['a/b', /single name/],
    ['a\\b', /backslash/], ['a\0b', /NUL/], ['a\tb', /control/], ['Ame\u0301lie', /NFC/],
    ['é'.repeat(128), /255 bytes/], [7, /string/]
  ]
  for (const [name, why] of bad) t.throws(() => checkName(name), { name: 'GuardError', message: why }, JSON.stringify(name))
  t.ok(new GuardError('path', 'x') instanceof Error)
})

t.test('the plugin decorates app.sandbox from MEDIA_ROOT and DOWNLOADS_ROOT', async t => {
  const { app, roots } = await buildTestApp(t)
  t.equal(await app.sandbox.resolve('movies'), join(roots.media, 'movies'))
  t.equal(await app.sandbox.resolve('downloads'), roots.downloads)
  await t.rejects(app.sandbox.resolve('../etc/passwd'), { name: 'GuardError' })
})
