// Disk space before a grab (issue: the managers grab regardless, and a full disk shows up later as a
// silently skipped import): series_grab and movie_grab refuse with the numbers when the release does not fit
// where it lands; downloads of unknown size are refused below DISK_MIN_FREE_GIB; server_status warns.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

const GiB = 1024 ** 3
/** The disk the test's folders are on, with as much free space as the test says. */
const disk = { freeBytes: 100 * GiB }
const figures = async () => ({ totalBytes: 500 * GiB, usedBytes: 500 * GiB - disk.freeBytes, freeBytes: disk.freeBytes, usedPercent: 50 })

// download_add's URL guard resolves hosts: a fake public answer, so nothing leaves loopback.
const resolver = async () => [{ address: '93.184.215.14', family: 4 }]

const s = await startServarrStack(t, { sim: { downloadMs: 60_000 }, jellyfin: true, build: { resolver, plugins: { disk: { figures } } } })
const NORTHERN_LINES = 400002

t.test('series_grab: a release larger than the free space is refused with the numbers, a smaller one is grabbed', async t => {
  ok(await s.call('series_search', { addTvdbId: NORTHERN_LINES, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' }))
  const target = { id: NORTHERN_LINES, seasonNumber: 1, episodeNumber: 1 }
  const releases = ok(await s.call('series_releases', { ...target, includeRejected: true })).items as Array<{ guid: string, indexerId: number, sizeBytes: number }>
  const big = releases.find(r => r.sizeBytes > 2 * GiB)!
  const small = releases.find(r => r.sizeBytes < GiB)!
  disk.freeBytes = 1.5 * GiB
  const queued = s.sonarr.state.queue.length
  const refusedAnswer = await s.call('series_grab', { ...target, guid: big.guid, indexerId: big.indexerId })
  const refused = errorText(refusedAnswer)
  t.match(refused, /^Not enough free space for this release \(\d+\.\d GiB\): the downloads and library disk \(.+\) has 1\.5 GiB free\. Free space first .*series_releases.* Next: see what can be cleaned up to free space: cleanup_server \{\}\./)
  t.same(refusedAnswer.structuredContent?.next, [{ tool: 'cleanup_server', arguments: {}, why: 'see what can be cleaned up to free space' }], 'the clean-up preview, as data')
  t.equal(s.sonarr.state.queue.length, queued, 'nothing was grabbed')
  const answer = await s.call('series_grab', { ...target, guid: small.guid, indexerId: small.indexerId })
  const grabbed = ok(answer)
  t.equal(grabbed.queueItems.length, 1, 'a release that fits is grabbed')
  t.match(answer.content[0].text, /Free space checked for this release \([\d.]+ MiB\): the downloads and library disk has 1\.5 GiB free\./, 'the answer says the check ran and what it found')
  disk.freeBytes = 100 * GiB
})

t.test('movie_grab: the same check against the movie\'s folder', async t => {
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.movieFileId === 0)!
  const releases = ok(await s.call('movie_releases', { id: movie.id, idType: 'movieId', includeRejected: true })).items as Array<{ guid: string, indexerId: number, sizeBytes: number }>
  const big = releases.reduce((a, b) => (a.sizeBytes > b.sizeBytes ? a : b))
  disk.freeBytes = big.sizeBytes - 1
  t.match(errorText(await s.call('movie_grab', { id: movie.id, idType: 'movieId', guid: big.guid, indexerId: big.indexerId })), /Not enough free space.*movie_releases/)
  t.notOk(s.radarr.state.queue.some(q => q.movieId === movie.id), 'nothing was grabbed')
  disk.freeBytes = 100 * GiB
})

t.test('downloads of unknown size are refused while the downloads disk is below DISK_MIN_FREE_GIB', async t => {
  disk.freeBytes = 3 * GiB
  const answer = await s.call('download_add', { name: 'pkg', links: ['https://files.example.com/file.zip'] })
  const refused = errorText(answer)
  t.match(refused, /^Not starting this download: the downloads disk \(.+\) has 3\.0 GiB free, below DISK_MIN_FREE_GIB \(10 GiB\).*lower DISK_MIN_FREE_GIB\. Next: see what can be cleaned up to free space: cleanup_server \{\}\./)
  t.same(answer.structuredContent?.next, [{ tool: 'cleanup_server', arguments: {}, why: 'see what can be cleaned up to free space' }], 'the clean-up preview, as data')
  const preview = await s.call('cleanup_server', {})
  t.notOk(preview.isError, `the call it gave is accepted as it is: ${preview.content[0]?.text}`)
  disk.freeBytes = 100 * GiB
  t.notMatch(errorText(await s.call('download_add', { name: 'pkg', links: ['https://files.example.com/file.zip'] })), /Not starting this download/, 'with room the disk check passes')
})

t.test('server_status warns about a disk below the threshold, and only then', async t => {
  disk.freeBytes = 100 * GiB
  t.equal(ok(await s.call('server_status')).lowDisk, undefined)
  disk.freeBytes = 2 * GiB
  const res = await s.call('server_status')
  t.match(ok(res).lowDisk, [/^the media and downloads disk \(.+\) has 2\.0 GiB free, below DISK_MIN_FREE_GIB \(10 GiB\)$/])
  t.match(res.content[0].text, /Low disk space: the media and downloads disk/)
  disk.freeBytes = 100 * GiB
})
