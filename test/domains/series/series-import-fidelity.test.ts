// series_grab and series_import held to what the real Sonarr does (v4.0.19.2979): the queue shows a grab only
// after a debounced refresh, GET /manualimport with seriesId ignores the folder, a candidate's downloadId comes
// only from the query, a completed ManualImport command may have placed nothing, and the real rejection texts.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

t.setTimeout(180_000) // several imports against two simulators on a shared machine
// The manager's own queue refresh (a 5 s debounce in the real one) is set to an hour: a grab that shows in the
// queue can only have asked for the refresh, never sat it out, however slow the machine. The clock is the test's.
const s = await startServarrStack(t, { sim: { downloadMs: 200, commandStepMs: 10, queueRefreshMs: 3_600_000, manualClock: true }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
const lib = s.sonarr.state.library
const harbor = [...lib.series.values()].find(x => x.title === 'Harbor Lights')!
const now = Date.now()
const noFile = (lib.bySeries.get(harbor.id) ?? []).filter(e => e.episodeFileId === 0 && Date.parse(e.airDateUtc) < now)
const pad = (n: number) => String(n).padStart(2, '0')
const fileName = (e: { seasonNumber: number, episodeNumber: number }) => `Harbor.Lights.S${pad(e.seasonNumber)}E${pad(e.episodeNumber)}.720p.HDTV.x264-GRP.mkv`

t.test('a grab is in the queue right away although the manager debounces its refresh by 5 s; a tracked torrent is copied, not moved', async t => {
  const ep = noFile[0]
  const rel = ok(await s.call('series_releases', { id: harbor.id, seasonNumber: ep.seasonNumber, episodeNumber: ep.episodeNumber }))
  const pick = rel.items.find((r: any) => r.approved)
  const grabbed = ok(await s.call('series_grab', { id: harbor.id, seasonNumber: ep.seasonNumber, episodeNumber: ep.episodeNumber, guid: pick.guid, indexerId: pick.indexerId }))
  t.equal(grabbed.queueItems.length, 1, 'the new queue item is reported, without sitting out the debounce')
  t.ok([...s.sonarr.state.commands.values()].some(c => c.name === 'RefreshMonitoredDownloads'), 'the grab asked the manager to refresh its queue')

  s.sonarr.state.advanceClock(200)
  const item = ok(await s.call('series_status', { view: 'queue', id: harbor.id })).items[0]
  t.equal(item.state, 'importBlocked', 'the download finished once the clock moved')
  t.match(errorText(await s.call('series_import', { path: item.outputPath, importMode: 'move' })), /belong to the torrent.*never|belong to the torrent/)
  const res = ok(await s.call('series_import', { path: item.outputPath }))
  t.match(res, { importMode: 'auto', finished: true, failed: [] })
  t.ok(existsSync(res.imported[0].sourcePath), 'auto on a tracked, seeding torrent copies (the downloadId was passed)')
  t.ok(existsSync(res.imported[0].destinationPath))
  t.equal(ok(await s.call('series_status', { view: 'queue', id: harbor.id })).total, 0, 'the queue item is marked imported')
})

t.test('with an id, the download folder is imported, not the series\' library files', async t => {
  const ep = noFile[1]
  const folder = join(s.roots.downloads, 'by-id')
  mkdirSync(folder)
  writeFileSync(join(folder, fileName(ep)), 'video')
  const res = ok(await s.call('series_import', { path: folder, id: harbor.tvdbId, importMode: 'copy' }))
  t.equal(res.imported.length, 1)
  t.equal(res.imported[0].sourcePath, join(folder, fileName(ep)))
  t.equal(res.imported[0].code, `S${pad(ep.seasonNumber)}E${pad(ep.episodeNumber)}`)
})

t.test('named episodes override the real matching rejections ("Invalid season or episode")', async t => {
  const ep = noFile[2]
  const folder = join(s.roots.downloads, 'odd-numbers')
  mkdirSync(folder)
  writeFileSync(join(folder, 'Harbor.Lights.S09E99.720p.HDTV.x264-GRP.mkv'), 'video')
  t.match(errorText(await s.call('series_import', { path: folder })), /Invalid season or episode/)
  const res = ok(await s.call('series_import', { path: folder, id: harbor.id, seasonNumber: ep.seasonNumber, episodeNumber: ep.episodeNumber, importMode: 'copy' }))
  t.equal(res.imported[0].code, `S${pad(ep.seasonNumber)}E${pad(ep.episodeNumber)}`)
})

t.test('an answer lost after the manager imported the episode reads as imported (the next look decides)', async t => {
  const ep = noFile[3]
  const folder = join(s.roots.downloads, 'lost-answer')
  mkdirSync(folder)
  writeFileSync(join(folder, fileName(ep)), 'video')
  s.sonarr.faults.set('lost-answer', { match: /^\/api\/v3\/command$/, method: 'POST', count: 1 })
  const res = ok(await s.call('series_import', { path: folder, id: harbor.id, idType: 'seriesId', importMode: 'copy' }))
  t.equal(res.imported[0].code, `S${pad(ep.seasonNumber)}E${pad(ep.episodeNumber)}`)
  t.ok(existsSync(res.imported[0].destinationPath), 'the episode file is in the library')
  t.same(res.failed, [])
})

t.test('a completed ManualImport that placed nothing is reported as a failure, file by file', async t => {
  const added = ok(await s.call('series_search', { addTvdbId: 400001, qualityProfile: 'HD-1080p', rootFolder: 'anime', monitor: 'all' })).added
  rmSync(join(s.roots.media, 'anime'), { recursive: true, force: true })
  const folder = join(s.roots.downloads, 'rootless')
  mkdirSync(folder)
  writeFileSync(join(folder, 'Northern.Line.S01E01.720p.HDTV.x264-GRP.mkv'), 'video')
  const err = errorText(await s.call('series_import', { path: folder, id: added.seriesId, importMode: 'copy' }))
  t.match(err, /none of the 1 file.*landed.*Northern\.Line\.S01E01/)
  const cmd = [...s.sonarr.state.commands.values()].filter(c => c.name === 'ManualImport').pop()!
  t.equal(cmd.status, 'completed', 'the manager still called the command completed')
  t.match(s.sonarr.state.importFailures.at(-1), { reason: 'Failed to import episode, Root folder missing.' })
})

t.test('a 404 on grab says which: an expired search, or a release the manager cannot map to episodes/a movie', async t => {
  const season = noFile[3].seasonNumber
  const rel = ok(await s.call('series_releases', { id: harbor.id, seasonNumber: season }))
  const pick = rel.items.find((r: any) => r.approved)
  // The manager could not parse which episodes this pack holds (its cached mapping has none).
  const cached = [...s.sonarr.state.releaseCache.values()].find(c => c.release.guid === pick.guid)!
  cached.target = { seriesId: harbor.id }
  t.match(errorText(await s.call('series_grab', { id: harbor.id, seasonNumber: season, guid: pick.guid, indexerId: pick.indexerId })), /cannot tell which episodes.*Unable to parse episodes in the release/)

  const movie = [...s.radarr.state.library.movies.values()].find(m => m.movieFileId === 0)!
  const releases = ok(await s.call('movie_releases', { id: movie.id, idType: 'movieId' })).items
  const moviePick = releases[0]
  const movieCached = [...s.radarr.state.releaseCache.values()].find(c => c.release.guid === moviePick.guid)!
  movieCached.target = {}
  t.match(await s.app.backends.radarr.grab(moviePick.guid, moviePick.indexerId).catch((err: Error) => err.message), /cannot match this release to a movie.*Unable to find matching movie/)
  const grabbed = ok(await s.call('movie_grab', { id: movie.id, idType: 'movieId', guid: moviePick.guid, indexerId: moviePick.indexerId }))
  t.equal(grabbed.queueItems[0]?.movieId, movie.id, 'movie_grab names the movie, so an unmapped release is still grabbed for it')
})
