// cleanup_server against the real parts: Sonarr/Radarr/Jellyfin/pyLoad simulators (contract-validated) and a
// real qbittorrent-nox (skipped with the reason when it is not installed; CI installs it). The data-loss
// hazard stays a test: a downloads folder a manager's queue still refers to is never deleted.
import t from 'tap'
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { makeTorrent, qbtMajors, waitFor, type QbtMajor } from '../../helpers/qbt-swarm.js'
import { age, confirmWith, put, stack } from './cleanup-stack.js'
import { data, text } from '../../helpers/results.js'

type Tap = Parameters<Parameters<typeof t.test>[0]>[0]

// On both qBittorrent majors (the machine's 4.x and the 5.x chroot).
for (const { major, name, skip } of await qbtMajors()) {
  t.test(`every category on the real parts: the preview lists every target, the token acts on exactly that list, referenced folders survive (${name})`, { skip }, t => everyCategoryOnTheRealParts(t, major))
}

async function everyCategoryOnTheRealParts (t: Tap, major: QbtMajor) {
  const s = await stack(t, { torrents: 'real', major })
  const { roots } = s
  const b = s.app.backends

  // The series manager grabs an episode: its queue item writes into /downloads/complete/<release> (hazard).
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const episode = s.sonarr.state.library.bySeries.get(harbor.id)![0]
  const release = (await b.sonarr.releases({ episodeId: episode.id }))[0]
  t.ok(await b.sonarr.grab(release.guid!, release.indexerId))
  const [queued] = (await b.sonarr.queue({ page: 1, pageSize: 10 })).records
  t.equal(queued.outputPath, join(roots.downloads, 'complete', queued.title!), 'PATH_MAP applied to the queue item')
  await waitFor('the grabbed release on disk', async () => ((await b.sonarr.queue({ page: 1, pageSize: 10 })).records[0].sizeleft === 0 && existsSync(queued.outputPath!) ? true : undefined))

  // pyLoad has a finished package in the downloads folder (referenced by the direct-download manager).
  s.pyload.state.addFinishedPackage('Some.Package', [{ name: 'part1.mkv', content: 'pkg' }])

  // Torrents: one seeding from downloads/Seeding, one complete whose data is then deleted (orphan), one still
  // waiting for data (progress 0: not an orphan although its content does not exist).
  const src = join(roots.base, 'src')
  const seeding = makeTorrent(join(src, 'a'), 'Seeding.Show.S01E01.mkv', 40_000)
  const gone = makeTorrent(join(src, 'b'), 'Gone.Movie.2019.mkv', 30_000)
  const waiting = makeTorrent(join(src, 'c'), 'Just.Added.2024.mkv', 20_000)
  put(roots.downloads, 'Seeding/Seeding.Show.S01E01.mkv', seeding.bytes)
  copyFileSync(gone.file, join(roots.downloads, 'Gone.Movie.2019.mkv'))
  await b.torrent.addTorrentFile(seeding.torrent, { savePath: join(roots.downloads, 'Seeding'), skipChecking: true })
  await b.torrent.addTorrentFile(gone.torrent, { savePath: roots.downloads, skipChecking: true })
  await b.torrent.addTorrentFile(waiting.torrent, { savePath: roots.downloads })
  const goneHash = readTorrentFile(gone.torrent).hash
  await waitFor('three torrents, two complete', async () => {
    const list = await b.torrent.list()
    return list.length === 3 && list.filter(x => x.progress === 1).length === 2 && list.every(x => x.phase !== 'checking') ? true : undefined
  })
  rmSync(join(roots.downloads, 'Gone.Movie.2019.mkv'))

  put(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')
  put(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')
  put(roots.downloads, 'Forgotten.Thing/file.mkv')
  for (const top of readdirSync(roots.downloads)) age(join(roots.downloads, top))
  age(join(roots.media, 'tv/Show'))
  put(roots.downloads, 'fresh/file.mkv')

  const args = {}
  const preview = await s.call(args)
  t.notOk(preview.isError, text(preview))
  const targets = data(preview).confirmation.targets
  t.same(targets.map((x: any) => `${x.category}:${x.name}`).sort(), [
    'caches:Clean Cache Directory',
    'caches:Clean Transcode Directory',
    'downloadLeftovers:downloads/Forgotten.Thing',
    'orphanedTorrents:Gone.Movie.2019.mkv',
    'temp:tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp'
  ], 'no ghost entries: the seeded manager entries without folders have no import history')
  t.equal((await b.torrent.list()).length, 3, 'the preview changed nothing')
  t.same(s.jellyfin.tasks.runs, [], 'the preview started no task')

  // The list changes (a leftover grows): the token is refused and nothing is removed.
  put(roots.downloads, 'Forgotten.Thing/more.mkv', 'more data')
  age(join(roots.downloads, 'Forgotten.Thing'))
  const stale = await confirmWith(s, args, preview)
  t.ok(stale.isError, 'a token for another list is refused')
  t.ok(existsSync(join(roots.downloads, 'Forgotten.Thing/file.mkv')))
  t.same(s.jellyfin.tasks.runs, [])

  const again = await s.call(args)
  const done = await confirmWith(s, args, again)
  t.notOk(done.isError, text(done))
  t.equal(data(done).removed.length, 5)
  t.same(data(done).failed, [])
  t.same(data(done).skipped, [])
  t.same([...s.jellyfin.tasks.runs].sort(), ['DeleteCacheFiles', 'DeleteTranscodeFiles'], 'exactly the previewed media-server tasks ran')
  await waitFor('orphan removed', async () => {
    const hashes = (await b.torrent.list()).map(x => x.hash)
    return hashes.length === 2 && !hashes.includes(goneHash) ? true : undefined
  })
  t.notOk(existsSync(join(roots.downloads, 'Forgotten.Thing')))
  t.notOk(existsSync(join(roots.media, 'tv/Show/Season 01/.Show - S01E01.mkv.0123456789ab.msmcp.tmp')))
  t.ok(existsSync(join(roots.media, 'tv/Show/Season 01/Show - S01E01.mkv')), 'the season folder and its episode stay')
  t.ok(existsSync(join(queued.outputPath!, `${queued.title}.mkv`)), 'hazard: a folder the series manager\'s queue still refers to is not deleted')
  t.ok(existsSync(join(roots.downloads, 'Some.Package/part1.mkv')), 'a pyLoad package folder stays')
  t.ok(existsSync(join(roots.downloads, 'Seeding/Seeding.Show.S01E01.mkv')), 'a seeding torrent\'s data stays')
  t.ok(existsSync(join(roots.downloads, 'fresh/file.mkv')), 'recent items stay')
  t.equal((await b.sonarr.queue({ page: 1, pageSize: 10 })).totalRecords, 1, 'the queue item is untouched')
  t.same(s.violations(), [], 'the simulators saw only contract-conformant traffic')
}
