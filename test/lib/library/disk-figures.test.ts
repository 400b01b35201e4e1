// Disk figures read like df, and every byte figure uses one format (binary units).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { diskFigures, readDiskFigures } from '../../../lib/library/disk-figures.js'
import { formatBytes } from '../../../core/format.js'
import { formatBytes as servarrFormatBytes } from '../../../domains/servarr/text.js'

const GiB = 1024 ** 3

t.test('the used share is used / (used + available), rounded up, as df shows it', async t => {
  // The disk from the report: 271 GB in all, 28.7 GB used, 80.2 GB available (the rest reserved): df says 27 %.
  const bsize = 4096
  const f = diskFigures({ bsize, blocks: Math.round(271e9 / bsize), bfree: Math.round((271e9 - 28.7e9) / bsize), bavail: Math.round(80.2e9 / bsize) })
  t.equal(f.usedPercent, 27)
  t.equal(f.freeBytes, Math.round(80.2e9 / bsize) * bsize, 'free is what the server may use (bavail)')
  t.equal(diskFigures({ bsize, blocks: 100, bfree: 99, bavail: 99 }).usedPercent, 1, 'any use rounds up to 1 %')
  t.equal(diskFigures({ bsize, blocks: 0, bfree: 0, bavail: 0 }).usedPercent, 0, 'an empty filesystem is 0 %')
})

t.test('the used share matches df on this machine', async t => {
  const before = (await readDiskFigures(tmpdir())).usedPercent
  const line = execFileSync('df', ['-P', tmpdir()], { encoding: 'utf8' }).trim().split('\n').pop()!
  const after = (await readDiskFigures(tmpdir())).usedPercent
  const df = Number(/(\d+)%/.exec(line)![1])
  t.ok(df === before || df === after, `df says ${df} %, we say ${before} %`)
})

t.test('one byte format: binary units everywhere', async t => {
  t.equal(formatBytes(0), '0 B')
  t.equal(formatBytes(512), '512 B')
  t.equal(formatBytes(1536), '1.5 KiB')
  t.equal(formatBytes(80.2 * GiB), '80.2 GiB')
  t.equal(formatBytes(2.5 * 1024 * GiB), '2.5 TiB')
  t.equal(servarrFormatBytes, formatBytes, 'the series and movie tools use the same function')
})
