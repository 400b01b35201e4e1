// The demo's orphaned download qualifies as a leftover, so a newcomer can see cleanup_server work
// (the other leftover rules are pinned in test/security/cleanup-unproven.test.ts).
import t from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createPathSandbox } from '../../../lib/sandbox/sandbox.js'
import { findDownloadLeftovers } from '../../../lib/library/cleanup-candidates.js'
import { generateDemoTree } from '../../../scripts/demo-tree.js'
import { makeRoots } from '../../helpers/build.js'

const DAY = 24 * 3600_000

t.test('the demo tree\'s orphaned download qualifies as a leftover with the default age', async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  await generateDemoTree(roots.media, roots.downloads, join(roots.base, 'no-ffmpeg-here'))
  t.ok(existsSync(join(roots.downloads, 'orphaned/Old.Show.S02.Complete/Old.Show.S02E01.mkv')))
  const sandbox = await createPathSandbox({ mediaRoot: roots.media, downloadsRoot: roots.downloads })
  const found = await findDownloadLeftovers(sandbox, { paths: [join(roots.downloads, 'complete')], unavailable: [] }, DAY)
  t.same(found.map(f => f.name), ['downloads/orphaned'])
  t.ok(found[0].bytes! > 0, 'with its size')
})
