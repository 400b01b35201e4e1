// Issue 34 item 9: fix_subtitles / optimize_media (lib/media/media-batch.ts) judge a rewrite that ended in a
// file-system error by what is at the path afterwards. The replace refused (a share answering EBUSY for a file a
// player holds open) leaves the original, which is said ("the original is unchanged") while the other files go
// on; a replace whose answer was lost after it happened is the verified new file, and counts as converted.
// Before, either failed the whole job as an internal error and the files already converted went unreported.
// The refusals come from a seam on fs.promises.rename, as test/security/delete-seam.ts does for unlink.
import t from 'tap'
import { statSync } from 'node:fs'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { join } from 'node:path'
import { buildTestApp } from '../../helpers/build.js'
import { missingMediaTools, placeFixture } from '../../helpers/media-fixtures.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import { probeMedia } from '../../../lib/media/probe.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { data, text } from '../../helpers/results.js'

const skip = missingMediaTools()
const fsp = createRequire(import.meta.url)('node:fs/promises') as typeof import('node:fs/promises')
const realRename = fsp.rename
/** Destination paths whose rename fails with this code; `after: true` fails only after the rename happened. */
const faults = new Map<string, { code: string, after?: boolean }>()
fsp.rename = async (from: Parameters<typeof realRename>[0], to: Parameters<typeof realRename>[1]) => {
  const fault = faults.get(String(to))
  if (fault?.after) await realRename(from, to)
  if (fault) throw Object.assign(new Error(`${fault.code}: refused, rename '${String(from)}' -> '${String(to)}'`), { code: fault.code })
  return await realRename(from, to)
}
syncBuiltinESMExports()
t.teardown(() => { fsp.rename = realRename; syncBuiltinESMExports() })

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const subtitleCodecs = async (file: string) => (await probeMedia('ffprobe', file)).streams.filter(s => s.type === 'subtitle').map(s => s.codec)

t.test('a replace the disk refused leaves the original and says so; a replace whose answer was lost counts as done', { skip }, async t => {
  const { app, roots } = await buildTestApp(t)
  const season = join(roots.media, 'anime/Show/Season 01')
  const refused = placeFixture(join(season, 'Show - S01E01.mkv'))
  const lost = placeFixture(join(season, 'Show - S01E02.mkv'))
  const inode = statSync(refused).ino
  faults.set(refused, { code: 'EBUSY' })
  faults.set(lost, { code: 'EIO', after: true })

  const args = { path: 'anime/Show', languages: ['es'], waitSeconds: 120 }
  const preview = await app.tools.call('fix_subtitles', args, ctx)
  t.notOk(preview.isError, text(preview))
  const done = await app.tools.call('fix_subtitles', { ...args, confirmToken: data(preview).confirmation.confirmToken }, ctx)
  t.notOk(done.isError, text(done))
  const result = data(done)
  t.equal(result.job.status, 'succeeded', 'the job goes on past a refused file')
  t.same(result.converted.map((c: { path: string }) => c.path), ['anime/Show/Season 01/Show - S01E02.mkv'], 'the file replaced before its answer was lost is converted')
  t.same(await subtitleCodecs(lost), ['subrip', 'subrip', 'ass'], 'and it is the new file')
  t.match(result.skipped, [{ path: 'anime/Show/Season 01/Show - S01E01.mkv', reason: /could not be replaced \(EBUSY\); the original is unchanged/ }])
  t.equal(statSync(refused).ino, inode, 'the refused file is the original')
  t.same(await subtitleCodecs(refused), ['subrip', 'ass', 'ass'])
  t.match(text(done), /Converted subtitles in 1 of 2 file\(s\); 1 skipped/)
})
