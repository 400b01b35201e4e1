// Issue 34 item 9: manage_files delete says "Deleted … (2 files, 1.2 GiB freed)" only of what the look after it
// finds gone. A file the disk refuses to delete (an immutable file, `chattr +i`, refuses unlink with EPERM even
// to root; a file on a share that is in use, EBUSY) is named as still there with why and the call that goes on,
// while the rest of the delete goes on; a delete whose answer was lost after the file went reads as done; and a
// delete that removed nothing is an error that says so, never "internal error". The refusals are made by a seam
// on fs.promises.unlink, as test/security/delete-seam.ts does, so the test runs as any user.
import t from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { dirname, join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const fsp = createRequire(import.meta.url)('node:fs/promises') as typeof import('node:fs/promises')
const realUnlink = fsp.unlink
/** Paths whose unlink fails with this code; `after: true` fails only after the file went (a lost answer). */
const faults = new Map<string, { code: string, after?: boolean }>()
fsp.unlink = async (p: Parameters<typeof realUnlink>[0]) => {
  const fault = faults.get(String(p))
  if (fault?.after) await realUnlink(p)
  if (fault) throw Object.assign(new Error(`${fault.code}: refused, unlink '${String(p)}'`), { code: fault.code })
  return await realUnlink(p)
}
syncBuiltinESMExports()
t.teardown(() => { fsp.unlink = realUnlink; syncBuiltinESMExports() })
t.afterEach(() => { faults.clear() })

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const put = (root: string, rel: string, bytes: number) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true })
  writeFileSync(join(root, rel), Buffer.alloc(bytes))
  return join(root, rel)
}

async function confirmedDelete (app: Awaited<ReturnType<typeof buildTestApp>>['app'], paths: string[]) {
  const preview = await app.tools.call('manage_files', { action: 'delete', paths }, ctx)
  if (preview.isError) throw new Error(text(preview))
  return await app.tools.call('manage_files', { action: 'delete', paths, confirmToken: data(preview).confirmation.confirmToken }, ctx)
}

t.test('one file the disk refuses: the rest goes, the file is named as still there with why and the call that goes on', async t => {
  const { app, roots } = await buildTestApp(t)
  put(roots.downloads, 'old/a.mkv', 1000)
  const stuck = put(roots.downloads, 'old/b.mkv', 3000)
  put(roots.downloads, 'other/c.mkv', 2048)
  faults.set(stuck, { code: 'EPERM' })
  const done = await confirmedDelete(app, ['downloads/old', 'downloads/other'])
  t.notOk(done.isError, text(done))
  t.ok(existsSync(stuck), 'the refused file is still there')
  t.notOk(existsSync(join(roots.downloads, 'old/a.mkv')))
  t.notOk(existsSync(join(roots.downloads, 'other')), 'the other target went')
  t.match(text(done), /^Deleted downloads\/other \(1 file, 2\.0 KiB freed\)\. From "downloads\/old", deleted 1 file, 1000 B\. /)
  t.match(text(done), 'In "downloads/old", 1 file, 2.9 KiB is still there: a file could not be deleted: the file system does not permit it (EPERM).')
  t.notMatch(text(done), roots.downloads, 'no absolute path')
  const result = data(done)
  t.same(result.verified, { gone: ['downloads/other'], stillThere: [{ path: 'downloads/old', files: 1, bytes: 3000 }], notDone: [], unknown: [] })
  t.same(result.deleted.map((d: { path: string, filesDeleted: number }) => [d.path, d.filesDeleted]), [['downloads/old', 1], ['downloads/other', 1]])
  t.same(result.next, [{ tool: 'manage_files', arguments: { action: 'delete', paths: ['downloads/old'] }, why: result.next[0].why }])
})

t.test('a delete whose answer was lost after the file went reads as done', async t => {
  const { app, roots } = await buildTestApp(t)
  const file = put(roots.media, 'movies/a.mkv', 4096)
  faults.set(file, { code: 'EIO', after: true })
  const done = await confirmedDelete(app, ['movies/a.mkv'])
  t.notOk(done.isError, text(done))
  t.match(text(done), /^Deleted movies\/a\.mkv \(1 file, 4\.0 KiB freed\)\.\n/)
  t.same(data(done).verified, { gone: ['movies/a.mkv'], stillThere: [], notDone: [], unknown: [] })
})

t.test('a delete that removed nothing is an error that says what is still there and why', async t => {
  const { app, roots } = await buildTestApp(t)
  const file = put(roots.media, 'movies/b.mkv', 10)
  faults.set(file, { code: 'EBUSY' })
  const done = await confirmedDelete(app, ['movies/b.mkv'])
  t.ok(done.isError)
  t.ok(existsSync(file))
  t.match(text(done), 'Nothing was deleted. Nothing in "movies/b.mkv" was deleted: a file could not be deleted: it is in use (EBUSY).')
})
