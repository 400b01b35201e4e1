// The disk forecast (lib/library/disk-filling.ts and its reads, disk-filling-read.ts) on plain data: the rate
// from 30 days of imports, days left above DISK_MIN_FREE_GIB, history too short to tell, a disk already below,
// Sonarr's one record per episode of a file counted once, imports placed on the disk they landed on, and a
// manager that does not answer named.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { distinctFiles, fillForecast, fillSentence } from '../../../lib/library/disk-filling.js'
import { readDiskFilling } from '../../../lib/library/disk-filling-read.js'
import type { HistoryRecord } from '../../../clients/servarr/types.js'

const DAY = 86_400_000
const GB = 1e9
const GiB = 1024 ** 3
const now = Date.parse('2026-11-28T12:00:00Z')
const daily = (days: number, size: number) => Array.from({ length: days }, (_, i) => ({ at: now - (i + 1) * DAY, sizeBytes: size }))

t.test('a month of imports gives the rate and roughly when free space falls below the minimum', async t => {
  const f = fillForecast({ imports: daily(30, 10 * GB), freeBytes: 110 * GB + 10 * GiB, minFreeBytes: 10 * GiB, now })
  t.equal(f.state, 'filling')
  t.equal(f.bytesPerDay, 10 * GB, '300 GB over 30 days')
  t.equal(f.daysLeft, 11, '110 GB above the minimum at 10 GB a day')
  t.equal(f.reachesAt!.slice(0, 10), '2026-12-09')
  t.match(fillSentence('media', f, 10), /the media disk fills by about 9\.3 GiB a day \(30 imports in 30 days\): below DISK_MIN_FREE_GIB \(10 GiB\) in about 11 days, around 2026-12-09/)
})

t.test('imports older than 30 days are not counted; the span is the counted history', async t => {
  const f = fillForecast({ imports: [...daily(10, 4 * GB), { at: now - 45 * DAY, sizeBytes: 900 * GB }], freeBytes: 500 * GB, minFreeBytes: 0, now })
  t.equal(f.imports, 10)
  t.equal(f.spanDays, 10)
  t.equal(f.bytesPerDay, 4 * GB)
})

t.test('too little history is said to be too short, never guessed', async t => {
  for (const imports of [[], daily(2, GB), daily(5, GB)]) {
    const f = fillForecast({ imports, freeBytes: 100 * GB, minFreeBytes: 0, now })
    t.equal(f.state, 'tooShort', `${imports.length} imports`)
    t.notOk('bytesPerDay' in f)
    t.match(fillSentence('downloads', f, 10), /import history too short to tell how fast it fills/)
  }
})

t.test('a disk already below the minimum says so with its rate', async t => {
  const f = fillForecast({ imports: daily(20, GB), freeBytes: 5 * GiB, minFreeBytes: 10 * GiB, now })
  t.equal(f.state, 'below')
  t.notOk('daysLeft' in f)
  t.match(fillSentence('media', f, 10), /already below DISK_MIN_FREE_GIB/)
})

t.test('one file imported for several episodes is counted once', async t => {
  const list = [{ fileKey: 'a', n: 1 }, { fileKey: 'a', n: 2 }, { fileKey: 'b', n: 3 }, { n: 4 }]
  t.same(distinctFiles(list).map(i => i.n), [1, 3, 4])
})

t.test('reads: each import lands on the disk of its folder, a silent manager is named', async t => {
  const root = mkdtempSync(join(tmpdir(), 'fill-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  mkdirSync(join(root, 'tv/Show'), { recursive: true })
  const record = (day: number, fileId: string, size: number, path: string): HistoryRecord =>
    ({ id: day, date: new Date(now - day * DAY).toISOString(), eventType: 'downloadFolderImported', data: { fileId, size: String(size), importedPath: path } })
  // Sonarr's two records of a two-episode file (one per episode) and the manager's own path (/tv → root/tv).
  const sonarrRecords = [record(20, '7', 6 * GB, '/tv/Show/S01E01-E02.mkv'), record(20, '7', 6 * GB, '/tv/Show/S01E01-E02.mkv'), record(12, '8', 3 * GB, '/tv/Show/S01E03.mkv'), record(2, '9', 3 * GB, '/tv/Show/S01E04.mkv')]
  const asked: string[] = []
  const read = await readDiskFilling({
    sources: [
      { label: 'Series manager', importsSince: async since => { asked.push(since); return sonarrRecords }, toOurs: p => p.replace(/^\/tv/, join(root, 'tv')) },
      { label: 'Movie manager', importsSince: async () => { throw new Error('connect ECONNREFUSED') }, toOurs: p => p }
    ],
    places: [{ label: 'media', path: root }, { label: 'downloads', path: join(root, 'downloads') }],
    figures: async () => ({ totalBytes: 1000 * GB, usedBytes: 900 * GB, freeBytes: 100 * GB, usedPercent: 90 }),
    minFreeBytes: 10 * GB,
    now
  })
  t.same(asked, [new Date(now - 30 * DAY).toISOString()], 'asks for 30 days')
  t.equal(read.disks.length, 1, 'both places on one filesystem: one disk')
  const disk = read.disks[0]!
  t.same(disk.labels, ['media', 'downloads'])
  t.equal(disk.imports, 3, 'the two-episode file once')
  t.equal(disk.spanDays, 20)
  t.equal(disk.bytesPerDay, 12 * GB / 20)
  t.equal(disk.daysLeft, 150)
  t.same(read.answered, ['Series manager'])
  t.equal(read.missing[0]!.source, 'Movie manager')
})
