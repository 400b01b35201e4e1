// The seven movie tools through the registry against the contract-validated Radarr simulator.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { errorText, ok } from '../../helpers/results.js'

// The simulators' clock is the test's: a grabbed download finishes only when the test moves the clock (a download
// finishing between a preview and its confirm would change what the confirm acts on).
const s = await startServarrStack(t, { sim: { downloadMs: 300, commandStepMs: 10, manualClock: true } })
const PAPER_MOONS = 600001

t.test('movie_search: catalogue and library together; strict, non-duplicating add', async t => {
  const found = ok(await s.call('movie_search', { term: 'paper moons' }))
  t.same(found.items.map((i: any) => [i.title, i.inLibrary]), [['Paper Moons', false], ['Paper Moons II', false]])
  t.match(errorText(await s.call('movie_search', { addTmdbId: PAPER_MOONS, qualityProfile: '1080p' })), /ambiguous.*"HD-1080p"/)
  t.match(errorText(await s.call('movie_search', { addTmdbId: 999, qualityProfile: 'HD-1080p' })), /TMDB id 999 was not found.*movie_search/)
  const added = ok(await s.call('movie_search', { addTmdbId: PAPER_MOONS, qualityProfile: 'hd-1080p', minimumAvailability: 'released' })).added
  t.match(added, { action: 'added', title: 'Paper Moons', year: 2023, qualityProfile: 'HD-1080p', path: join(s.roots.media, 'movies', 'Paper Moons (2023)') })
  const size = s.radarr.state.library.movies.size
  const again = ok(await s.call('movie_search', { addTmdbId: PAPER_MOONS, qualityProfile: 'Bluray-1080p', monitor: 'none' })).added
  t.match(again, { action: 'updated', movieId: added.movieId, qualityProfile: 'Bluray-1080p', monitored: false })
  t.equal(s.radarr.state.library.movies.size, size, 'updated, not duplicated')
  ok(await s.call('movie_search', { addTmdbId: PAPER_MOONS, qualityProfile: 'HD-1080p', monitor: 'movieOnly' }))
  t.equal(ok(await s.call('movie_search', { term: 'tmdb:600001' })).items[0].inLibrary, true)
})

t.test('movie_status: paged views, ids by movieId or TMDB id', async t => {
  const lib = ok(await s.call('movie_status', { view: 'library', limit: 10, offset: 10 }))
  t.match(lib, { hasMore: true, offset: 10, limit: 10 })
  t.ok(lib.total > 300)
  t.ok(ok(await s.call('movie_status', { view: 'library', hasFile: false, limit: 100 })).items.every((m: any) => !m.hasFile))
  const one = ok(await s.call('movie_status', { view: 'movie', id: 500001 }))
  t.same(one.idUsed, { value: 500001, type: 'tmdbId' })
  t.match(one.items[0], { title: 'The Quiet Orbit', hasFile: true, filePath: new RegExp(`^${s.roots.media}`) })
  t.ok(ok(await s.call('movie_status', { view: 'missing', limit: 5 })).items.every((m: any) => !m.hasFile))
  t.ok(Array.isArray(ok(await s.call('movie_status', { view: 'calendar', days: 366 })).items))
  t.match(errorText(await s.call('movie_status', { view: 'movie' })), /needs id/)
  t.match(errorText(await s.call('movie_status', { view: 'movie', id: 424242, idType: 'movieId' })), /No movie with movieId 424242/)
})

t.test('movie_releases, movie_grab with confirmed replacement, movie_import, movie_rescan, movie_remove', async t => {
  const rel = ok(await s.call('movie_releases', { id: PAPER_MOONS }))
  t.match(rel.target, { title: 'Paper Moons', year: 2023 })
  const approved = rel.items.filter((r: any) => r.approved)
  const first = ok(await s.call('movie_grab', { id: PAPER_MOONS, guid: approved[0].guid, indexerId: approved[0].indexerId }))
  t.equal(first.queueItems[0].movieId, first.target.movieId)
  t.match(errorText(await s.call('movie_grab', { id: PAPER_MOONS, guid: approved[1].guid, indexerId: approved[1].indexerId })), /replaceExisting/)
  const args = { id: PAPER_MOONS, guid: approved[1].guid, indexerId: approved[1].indexerId, replaceExisting: true }
  // What the download client wrote so far: replacing deletes the old download's data only when this server sees it.
  for (const q of s.radarr.state.queue) {
    mkdirSync(join(s.roots.downloads, q.outputPath.slice('/downloads/'.length)), { recursive: true })
    writeFileSync(join(s.roots.downloads, q.outputPath.slice('/downloads/'.length), 'part.mkv'), Buffer.alloc(1000))
  }
  const preview = ok(await s.call('movie_grab', args))
  t.equal(preview.confirmation.targets.replace.length, 1)
  const replaced = ok(await s.call('movie_grab', { ...args, confirmToken: preview.confirmation.confirmToken }))
  t.equal(replaced.replaced[0].queueId, first.queueItems[0].queueId)

  t.equal(ok(await s.call('movie_status', { view: 'queue', id: PAPER_MOONS })).items[0].state, 'downloading', 'nothing finishes before the clock moves')
  s.radarr.state.advanceClock(300)
  const item = ok(await s.call('movie_status', { view: 'queue', id: PAPER_MOONS })).items[0]
  t.equal(item.state, 'importBlocked', 'the download finished once the clock moved')
  // The files belong to a torrent the manager tracks: never moved from under it; auto lets the manager copy.
  t.match(errorText(await s.call('movie_import', { path: item.outputPath, importMode: 'move' })), /belong to the torrent.*"importMode":"copy"/)
  const imp = ok(await s.call('movie_import', { path: item.outputPath }))
  t.match(imp, { importMode: 'auto', finished: true, failed: [] })
  t.ok(existsSync(imp.imported[0].destinationPath))
  t.ok(existsSync(imp.imported[0].sourcePath), 'copied: the seeding torrent keeps its file')
  t.equal(ok(await s.call('movie_status', { view: 'movie', id: PAPER_MOONS })).items[0].hasFile, true)
  t.equal(ok(await s.call('movie_status', { view: 'queue', id: PAPER_MOONS })).total, 0, 'a tracked import clears the queue item')

  t.match(ok(await s.call('movie_rescan', { id: PAPER_MOONS })), { scope: 'movie', finished: true, command: { status: 'completed' } })
  const preview2 = ok(await s.call('movie_remove', { id: PAPER_MOONS, deleteFiles: true }))
  t.match(preview2.confirmation.targets, { title: 'Paper Moons', fileCount: 1, deleteFiles: true })
  const folder = join(s.roots.media, 'movies', 'Paper Moons (2023)')
  t.ok(existsSync(folder))
  ok(await s.call('movie_remove', { id: PAPER_MOONS, deleteFiles: true, confirmToken: preview2.confirmation.confirmToken }))
  t.notOk(existsSync(folder))
  t.match(errorText(await s.call('movie_releases', { id: PAPER_MOONS })), /No movie.*movie_search/)
})

t.test('backend faults: wrong key and down name the variable to fix', async t => {
  s.radarr.faults.set('wrong-key')
  t.match(errorText(await s.call('movie_status', { view: 'queue' })), /MOVIE_MANAGER_API_KEY/)
  s.radarr.faults.set('down')
  t.match(errorText(await s.call('movie_rescan', {})), /MOVIE_MANAGER_URL/)
  s.radarr.faults.set('none')
  t.same(s.radarr.violations, [])
})
