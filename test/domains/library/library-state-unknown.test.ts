// get_library_state states only what was checked: with every backend down it names each one and says nothing
// of what they hold; "ready to watch" means the media server lists the title, never only that a manager has
// files; a finished download the manager will not import is "import blocked", not "downloading".
import t from 'tap'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { ok } from '../../helpers/results.js'
import { untilTracked } from '../../helpers/grabs.js'

const s = await startServarrStack(t, { jellyfin: true, sim: { downloadMs: 30, queueRefreshMs: 5 }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })

t.test('files in the manager that the media server has not picked up: not "ready to watch"', async t => {
  const lib = ok(await s.call('series_status', { view: 'library', limit: 100 })).items
  const series = [...s.sonarr.state.library.series.values()]
  const withFiles = lib.find((x: any) => x.episodeFileCount > 0 && series.filter(o => o.title.toLowerCase().includes(x.title.toLowerCase())).length === 1)
  const res = await s.call('get_library_state', { title: withFiles.title, kind: 'series' })
  const state = ok(res)
  t.same(state.mediaServer, { available: true, matches: [] }, 'the media server does not list it')
  t.equal(state.readyToWatch, false)
  t.equal(state.managerHasFiles, true)
  t.notOk('inLibrary' in state, 'no blended "in the library" flag')
  t.match(res.content[0].text, /not listed by the media server.*the manager has files/)
  t.notMatch(res.content[0].text, /ready to watch|in the library[,.]/)
})

t.test('a finished download the manager blocked from importing is "import blocked", not "downloading"', async t => {
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.movieFileId === 0)!
  const releases = await s.app.backends.radarr.releases({ movieId: movie.id })
  const before = new Set(s.radarr.state.queue.map(q => q.downloadId))
  await s.app.backends.radarr.grab(releases[0]!.guid!, releases[0]!.indexerId)
  const mine = s.radarr.state.queue.filter(q => !before.has(q.downloadId))
  await untilTracked(mine)
  for (const q of mine) q.stuck = stuckAs('radarr', q.title, 'matchedById')
  const res = await s.call('get_library_state', { title: movie.title, kind: 'movie' })
  const state = ok(res)
  t.equal(state.importBlocked, true)
  t.not(state.downloading, true, 'a download at 100 % waiting on a blocked import is not downloading')
  t.match(res.content[0].text, /import the manager blocked/)
  t.notMatch(res.content[0].text, /downloading \(/)
})

t.test('a video file straight in a library folder is a file on disk, not a folder with 0 videos', async t => {
  writeFileSync(join(s.roots.media, 'movies', 'Loose Reel (1961).mkv'), Buffer.alloc(2048))
  const state = ok(await s.call('get_library_state', { title: 'Loose Reel', kind: 'movie' }))
  t.match(state.disk, { available: true, matches: [{ path: 'movies/Loose Reel (1961).mkv', files: 1, videoFiles: 1, bytes: 2048 }] })
  t.equal(state.filesOnDisk, true)
})

t.test('every backend down: each is named, nothing is said about what they hold', async t => {
  // A stack of its own: the managers' whole lists, once read, are cached for 30 s.
  const down = await startServarrStack(t, { jellyfin: true, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  for (const sim of [down.sonarr, down.radarr, down.jellyfin!]) sim.faults.set('down')
  const res = await down.call('get_library_state', { title: 'Severance' })
  const text = res.content[0].text
  t.notOk(res.isError)
  t.notMatch(text, /not in the library|not known to the managers|not downloading|not listed|no files in the managers|not monitored/, text)
  t.match(text, /Unknown, did not answer: the media server \(Jellyfin is unreachable.*; the series manager \(Sonarr is unreachable.*; the movie manager \(Radarr is unreachable.*; the torrent client \(qBittorrent is unreachable/)
  const state = ok(res)
  for (const k of ['readyToWatch', 'managerHasFiles', 'knownToManagers', 'monitored', 'downloading']) t.notOk(k in state, `${k} is unknown, so absent`)
  t.equal(state.filesOnDisk, false, 'the disk answered: no video files for it in the library folders')
})
