// Finding 9 (issue 12): a subfolder swapped for a symbolic link to a folder outside the roots in the middle of
// a folder delete must not lead the delete outside. The swap is made from inside fs.promises.unlink (see
// delete-seam.ts), i.e. after the delete has walked the folder and started removing files: the worst moment
// short of the instant between a check and its syscall. The same for cleanup_server: cleanup-race.test.ts.
// test-batch: alone, as delete-seam.ts patches fs at its import and a recursive fs.rm takes its fs functions when
// first used: in a batch, an earlier file may have imported the seam or deleted a folder already.
import t from 'tap'
import { existsSync, mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { outsideFolder, restoreFs, swapMidDelete } from './delete-seam.js'
import { buildTestApp } from '../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'
import { text } from '../helpers/results.js'

t.teardown(restoreFs)

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

t.test('a subfolder swapped for a link to an outside folder mid-delete: nothing outside is deleted', async t => {
  const { app, roots } = await buildTestApp(t)
  const outside = outsideFolder(t)
  const pkg = join(roots.downloads, 'Show.S01.1080p')
  mkdirSync(join(pkg, 'sub', 'keep'), { recursive: true })
  writeFileSync(join(pkg, 'a.mkv'), 'first')
  writeFileSync(join(pkg, 'sub', 'x.mkv'), 'inside x')
  writeFileSync(join(pkg, 'sub', 'keep', 'y.mkv'), 'inside y')

  const args = { action: 'delete', paths: ['downloads/Show.S01.1080p'] }
  const preview = await app.tools.call('manage_files', args, ctx)
  const token = (preview.structuredContent as any)?.confirmation?.confirmToken
  t.type(token, 'string', text(preview))

  let swapped = false
  swapMidDelete(() => {
    renameSync(join(pkg, 'sub'), join(roots.downloads, 'moved-away'))
    symlinkSync(outside, join(pkg, 'sub'))
    swapped = true
  })
  const done = await app.tools.call('manage_files', { ...args, confirmToken: token }, ctx)
  t.ok(swapped, 'the subfolder was swapped during the delete')
  t.ok(existsSync(join(outside, 'x.mkv')), 'the outside file survives')
  t.ok(existsSync(join(outside, 'keep', 'y.mkv')), 'the outside subfolder survives')
  t.same(readdirSync(outside).sort(), ['keep', 'x.mkv'])
  // The delete stops and says so (issue 34 item 9: with what it deleted before the stop and what is still there).
  t.match(text(done), /replaced by a symbolic link/)
  t.notMatch(text(done), /^Deleted/, 'the folder is not said to be deleted')
  t.same((done.structuredContent as any)?.verified?.gone ?? [], [], 'nothing is said to be gone')
  t.notMatch(text(done), /internal error/)
})
