// Findings 9 and 16 (issue 12) for cleanup_server: it deletes exactly what it previewed, race-free, as
// manage_files does. Its download leftovers and temp files carry device and inode (files) or a digest of
// their entries with theirs (folders); a subfolder swapped for a link to an outside folder in the middle of
// the delete (delete-seam.ts) leads nothing outside; a target swapped after the confirm was redeemed is
// skipped, not deleted. The confirmed handler is called as the registry calls it after redeeming a token
// (targets from the same finder the preview uses), so no download backend is needed to prove the leftovers
// unreferenced. Runnable alone: npx tap test/security/cleanup-race.test.ts
// test-batch: alone, as delete-seam.ts patches fs at its import and a recursive fs.rm takes its fs functions when
// first used: in a batch, an earlier file may have imported the seam or deleted a folder already.
import t from 'tap'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { outsideFolder, restoreFs, swapMidDelete } from './delete-seam.js'
import { replaceKeepingSizeAndMtime, settle } from './look-alike.js'
import { buildTestApp } from '../helpers/build.js'
import { toolContext } from '../helpers/sim-app.js'
import { findDownloadLeftovers, findTempFiles, type CleanupTarget } from '../../lib/library/cleanup-candidates.js'

t.teardown(restoreFs)

const HOUR = 3600_000
const OLD = new Date(Date.now() - 48 * HOUR)

/** Writes the files (relative to `folder`), then backdates everything in it: an old leftover. */
function oldTree (folder: string, files: Record<string, string>) {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(folder, rel, '..'), { recursive: true })
    writeFileSync(join(folder, rel), content)
  }
  const age = (p: string) => {
    for (const e of readdirSync(p, { withFileTypes: true })) if (e.isDirectory()) age(join(p, e.name))
    for (const e of readdirSync(p)) utimesSync(join(p, e), OLD, OLD)
  }
  age(folder)
  utimesSync(folder, OLD, OLD)
}

async function setup (t: { teardown: (fn: () => unknown) => void }) {
  const { app, roots } = await buildTestApp(t)
  const leftovers = async () => await findDownloadLeftovers(app.sandbox, { paths: [], unavailable: [] }, HOUR)
  /** The confirmed call on `targets`, as the registry makes it once the token is redeemed. */
  const confirmed = async (targets: CleanupTarget[], categories: string[]) =>
    await app.tools.get('cleanup_server')!.handler({ categories, olderThanHours: 1 }, toolContext({ confirmed: { targets } }))
  return { app, roots, leftovers, confirmed }
}

t.test('a subfolder swapped for a link to an outside folder mid-cleanup: nothing outside is deleted', async t => {
  const { roots, leftovers, confirmed } = await setup(t)
  const outside = outsideFolder(t)
  const pkg = join(roots.downloads, 'Show.S01.1080p')
  oldTree(pkg, { 'a.mkv': 'first', 'sub/x.mkv': 'inside x', 'sub/keep/y.mkv': 'inside y' })
  const targets = await leftovers()
  t.same(targets.map(x => x.name), ['downloads/Show.S01.1080p'])

  let swapped = false
  swapMidDelete(() => {
    renameSync(join(pkg, 'sub'), join(roots.downloads, 'moved-away'))
    symlinkSync(outside, join(pkg, 'sub'))
    swapped = true
  }, join(pkg, 'sub'))
  const done = await confirmed(targets, ['downloadLeftovers'])
  t.ok(swapped, 'the subfolder was swapped during the delete')
  t.same(readdirSync(outside).sort(), ['keep', 'x.mkv'], 'nothing outside is deleted')
  t.ok(existsSync(join(outside, 'keep', 'y.mkv')), 'nor inside an outside subfolder')
  t.same(done.data.removed, [], 'the leftover is not reported removed')
  t.match(done.data.failed, [{ name: 'downloads/Show.S01.1080p', error: /replaced by a symbolic link.*nothing was deleted through it/ }])
  t.match(done.summary, /1 failed/)
})

t.test('a leftover folder whose file was replaced by a look-alike: the preview changes, the delete skips it', async t => {
  const { roots, leftovers, confirmed } = await setup(t)
  const pkg = join(roots.downloads, 'Movie.2019.1080p')
  oldTree(pkg, { 'movie.mkv': 'previewed', 'extras/sample.mkv': 'sample' })
  const file = settle(join(pkg, 'movie.mkv'))
  utimesSync(pkg, OLD, OLD)
  const before = await leftovers()
  t.same(before.map(x => x.name), ['downloads/Movie.2019.1080p'])

  const replacement = replaceKeepingSizeAndMtime(file)
  utimesSync(pkg, OLD, OLD)
  const after = await leftovers()
  t.same(after.map(x => ({ ...x, onDisk: undefined })), before.map(x => ({ ...x, onDisk: undefined })), 'same name, size and age')
  t.not(after[0].onDisk?.fingerprint, before[0].onDisk?.fingerprint, 'the fingerprint the token is bound to changed')

  const done = await confirmed(before, ['downloadLeftovers'])
  t.same(done.data.removed, [])
  t.match(done.data.skipped, [{ name: 'downloads/Movie.2019.1080p', reason: /changed since the preview; nothing in it was deleted\. Call cleanup_server again/ }])
  t.same(readFileSync(file), replacement, 'the replacement survives')
  t.ok(existsSync(join(pkg, 'extras/sample.mkv')), 'nothing else in the folder was deleted')
})

t.test('a temp file swapped for a link to a library file after the confirm: the link target is not deleted', async t => {
  const { app, roots, confirmed } = await setup(t)
  const episode = join(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')
  const temp = join(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')
  mkdirSync(join(episode, '..'), { recursive: true })
  writeFileSync(episode, 'the episode')
  writeFileSync(temp, 'partial copy')
  utimesSync(temp, OLD, OLD)
  const targets = await findTempFiles(app.sandbox, HOUR)
  t.same(targets.map(x => x.name), ['tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'])

  renameSync(temp, `${temp}.moved`)
  symlinkSync(episode, temp)
  const done = await confirmed(targets, ['temp'])
  t.same(done.data.removed, [])
  t.match(done.data.skipped, [{ reason: /changed since the preview/ }])
  t.equal(readFileSync(episode, 'utf8'), 'the episode', 'the file the link points at is intact')
})

t.test('an untouched leftover and temp file go, each reported with the bytes freed', async t => {
  const { app, roots, leftovers, confirmed } = await setup(t)
  oldTree(join(roots.downloads, 'Old.Thing'), { 'a.mkv': 'abc', 'b/c.mkv': 'defg' })
  const temp = join(roots.downloads, '.x.mkv.0123456789ab.msmcp.tmp')
  writeFileSync(temp, '12345')
  utimesSync(temp, OLD, OLD)
  const targets = [...await findTempFiles(app.sandbox, HOUR), ...await leftovers()]
  t.same(targets.map(x => `${x.category}:${x.name}`).sort(), ['downloadLeftovers:downloads/Old.Thing', 'temp:downloads/.x.mkv.0123456789ab.msmcp.tmp'])
  const done = await confirmed(targets, ['temp', 'downloadLeftovers'])
  t.same(done.data.failed, [])
  t.same(done.data.skipped, [])
  t.equal(done.data.bytesFreed, 12)
  t.notOk((done.data.removed as object[]).some(x => 'onDisk' in x), 'the fingerprint is not part of the answer')
  t.same(readdirSync(roots.downloads), [], 'both are gone')
})
