// Where a download lands, measured: places on one filesystem share its free space, a folder that does not
// exist yet is measured at its nearest parent, an unmeasurable place is named as unchecked; release sizes
// are remembered per client for the managers' 30-minute search cache and no longer.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkLanding } from '../../../lib/library/landing-space.js'
import { rememberReleaseSizes, rememberedReleaseSize } from '../../../domains/servarr/release-sizes.js'

const dir = mkdtempSync(join(tmpdir(), 'msmcp-landing-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
mkdirSync(join(dir, 'downloads'))
mkdirSync(join(dir, 'tv'))

t.test('one filesystem is counted once, at the nearest existing folder', async t => {
  const asked: string[] = []
  const figures = async (path: string) => { asked.push(path); return { totalBytes: 100, usedBytes: 60, freeBytes: 40, usedPercent: 60 } }
  const places = [{ label: 'downloads', path: join(dir, 'downloads') }, { label: 'library', path: join(dir, 'tv', 'New Show (2026)') }]
  const short = await checkLanding(41, places, figures)
  t.same(short.short.map(d => d.labels), [['downloads', 'library']], 'both places share one disk, which lacks 1 byte')
  t.same(asked, [join(dir, 'downloads')], 'the disk is read once')
  const fits = await checkLanding(40, places, figures)
  t.same([fits.short.length, fits.roomy.length], [0, 1])
})

t.test('a place that cannot be measured is named, never counted as room', async t => {
  const failing = async () => { throw Object.assign(new Error('no'), { code: 'EACCES' }) }
  const verdict = await checkLanding(1, [{ label: 'downloads', path: join(dir, 'downloads') }], failing)
  t.same(verdict.unchecked.map(p => p.label), ['downloads'])
  t.same([verdict.short.length, verdict.roomy.length], [0, 0])
})

t.test('release sizes: per client, for 30 minutes', async t => {
  const a = {}
  const b = {}
  rememberReleaseSizes(a, [{ guid: 'g1', indexerId: 2, size: 5000 } as never, { guid: 'g2', indexerId: 2 } as never], 1000)
  t.equal(rememberedReleaseSize(a, 'g1', 2, 1000 + 30 * 60_000), 5000)
  t.equal(rememberedReleaseSize(a, 'g1', 2, 1001 + 30 * 60_000), undefined, 'expired with the manager\'s search cache')
  t.equal(rememberedReleaseSize(a, 'g1', 3, 1000), undefined, 'another indexer is another release')
  t.equal(rememberedReleaseSize(a, 'g2', 2, 1000), undefined, 'no size, nothing remembered')
  t.equal(rememberedReleaseSize(b, 'g1', 2, 1000), undefined, 'another manager knows nothing of it')
})
