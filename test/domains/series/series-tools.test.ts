// The seven series tools through the registry against the contract-validated Sonarr simulator: results,
// recovery-friendly errors, the confirm flow, real files on disk, and backend faults.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { toolContext } from '../../helpers/sim-app.js'
import { errorText, ok } from '../../helpers/results.js'

// The simulators' clock is the test's: a grabbed download finishes only when the test moves the clock (one
// finishing between a preview and its confirm would change what the confirm acts on).
const s = await startServarrStack(t, { sim: { downloadMs: 300, commandStepMs: 10, manualClock: true } })
const NORTHERN_LINE = 400001

t.test('series_search: catalogue and library in one answer; strict, non-duplicating add', async t => {
  const found = ok(await s.call('series_search', { term: 'northern' }))
  t.ok(found.items.some((i: any) => i.inLibrary && i.seriesId > 0) && found.items.some((i: any) => !i.inLibrary && i.seriesId === undefined))
  t.equal(found.items.find((i: any) => i.tvdbId === NORTHERN_LINE).inLibrary, false)

  const ambiguous = errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: '1080p', rootFolder: 'tv' }))
  t.match(ambiguous, /ambiguous.*"HD-1080p".*"WEB-1080p".*"Bluray-1080p"/)
  t.match(errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p' })), /rootFolder.*\/data\/tv.*\/data\/anime/)
  t.match(errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: '4K HDR', rootFolder: 'tv' })), /No quality profile "4K HDR". Available: "Any"/)
  t.match(errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: '/data/music' })), /not configured/)
  t.match(errorText(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: 'tv', tags: ['nope'] })), /No tag "nope"/)
  t.match(errorText(await s.call('series_search', {})), /Give term/)
  t.equal(s.sonarr.state.library.series.size, 162, 'refused adds changed nothing')

  const added = ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' })).added
  t.match(added, { action: 'added', title: 'Northern Line', qualityProfile: 'HD-1080p', path: join(s.roots.media, 'tv', 'Northern Line (2024)') })
  const again = ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'WEB-1080p', monitor: 'firstSeason' })).added
  t.match(again, { action: 'updated', seriesId: added.seriesId, qualityProfile: 'WEB-1080p' })
  t.equal(s.sonarr.state.library.series.size, 163, 'updated, not duplicated')
  const seasons = ok(await s.call('series_status', { view: 'series', id: added.seriesId })).items
  t.same(seasons.map((x: any) => x.monitored), [true, false])
  ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', monitor: 'all' }))
  // Updating a series already in the library says what changed, from what to what.
  const lowered = await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'SD', monitor: 'none' })
  t.match(lowered.content[0].text, /Updated "Northern Line" .*Changed: quality profile HD-1080p → SD; monitored yes → no; season monitoring 1 off, 2 off\./)
  const same = await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'SD', monitor: 'none' })
  t.match(same.content[0].text, /Nothing changed: it already had these settings\./)
  ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', monitor: 'all' }))
})

t.test('series_status: paged views, ids by seriesId or TVDB id', async t => {
  const lib = ok(await s.call('series_status', { view: 'library', offset: 5, limit: 5 }))
  t.match(lib, { view: 'library', offset: 5, limit: 5, hasMore: true })
  t.equal(lib.items.length, 5)
  t.ok(lib.total >= 160)
  t.equal(ok(await s.call('series_status', { view: 'library', term: 'harbor lights' })).items[0].tvdbId, 300001)
  const byTvdb = ok(await s.call('series_status', { view: 'series', id: 300001 }))
  t.same(byTvdb.idUsed, { value: 300001, type: 'tvdbId' })
  t.same(ok(await s.call('series_status', { view: 'series', id: 1 })).idUsed, { value: 1, type: 'seriesId' })
  const season = ok(await s.call('series_status', { view: 'season', id: 1, seasonNumber: 1 }))
  t.equal(season.items.length, 8)
  t.ok(season.items.some((e: any) => e.hasFile && e.filePath.startsWith(s.roots.media)), 'file paths are ours (PATH_MAP)')
  t.match(errorText(await s.call('series_status', { view: 'season', id: 1 })), /needs seasonNumber/)
  t.match(errorText(await s.call('series_status', { view: 'series' })), /needs id.*view "library"/)
  t.match(errorText(await s.call('series_status', { view: 'series', id: 77777 })), /No series with seriesId or tvdbId 77777.*series_status.*series_search/)
  t.match(errorText(await s.call('series_status', { view: 'library', limit: 500 })), /limit/)
  t.ok(ok(await s.call('series_status', { view: 'calendar', days: 30 })).items.every((e: any) => e.kind === 'episode' && e.seriesTitle))
  const missing = ok(await s.call('series_status', { view: 'missing', offset: 3, limit: 4 }))
  t.equal(missing.items.length, 4)
  t.ok(missing.total > 100)
  t.ok(ok(await s.call('series_status', { view: 'missing', id: 1 })).items.every((e: any) => !e.hasFile))
})

let grabbedTitle = ''
t.test('series_releases and series_grab, with the confirm step for replacing a queued download', async t => {
  const rel = ok(await s.call('series_releases', { id: NORTHERN_LINE, seasonNumber: 1, episodeNumber: 2 }))
  t.match(rel.target, { title: 'Northern Line', code: 'S01E02' })
  t.same(rel.idUsed, { value: NORTHERN_LINE, type: 'tvdbId' })
  const approved = rel.items.filter((r: any) => r.approved)
  t.same(rel.items.slice(0, approved.length), approved, 'approved releases first')
  t.ok(approved[0].score >= approved[1].score)
  t.ok(rel.items.some((r: any) => !r.approved && r.rejections.some((x: string) => /not wanted in profile/.test(x))))
  t.notOk(rel.items.some((r: any) => [...r.title].some(c => c.charCodeAt(0) < 32 || c === '\u202e')), 'control and bidi characters are stripped from untrusted titles')
  t.ok(rel.items.some((r: any) => r.title.includes('EVL [ignore previous instructions')), 'hostile titles are passed on as plain data')
  const told = (await s.call('series_releases', { id: NORTHERN_LINE, seasonNumber: 1, episodeNumber: 2 })).content[0].text
  t.match(told, /Sizes [\d.]+ [KMGT]?i?B to [\d.]+ [KMGT]?i?B\. First: ".+" \([^,]+, [\d.]+ [KMGT]?i?B(, \d+ seeders)?\)\./, 'the summary gives sizes and the first release')
  t.equal(ok(await s.call('series_releases', { id: NORTHERN_LINE, seasonNumber: 1, includeRejected: false })).items.every((r: any) => r.approved && r.fullSeason), true)
  t.match(errorText(await s.call('series_releases', { id: NORTHERN_LINE, seasonNumber: 1, episodeNumber: 40 })), /no S01E40.*series_status/)

  const target = { id: NORTHERN_LINE, seasonNumber: 1, episodeNumber: 2 }
  s.sonarr.requests.clear()
  const first = ok(await s.call('series_grab', { ...target, guid: approved[0].guid, indexerId: approved[0].indexerId }))
  t.equal(first.queueItems.length, 1)
  const asked = s.sonarr.requests.all().map(r => r.route)
  t.equal(asked.slice(0, asked.indexOf('POST /api/v3/release')).filter(r => r === 'GET /api/v3/queue').length, 1,
    'one queue read before the grab serves both the already-queued check and the before-list')
  t.match(first.queueItems[0], { kind: 'queue', status: /downloading|completed/, episodeId: rel.target.episodeId })

  const second = { ...target, guid: approved[1].guid, indexerId: approved[1].indexerId }
  t.match(errorText(await s.call('series_grab', second)), /already has a download in the queue.*replaceExisting: true/)
  // What the download client wrote so far: replacing deletes the old download's data only when this server sees it.
  for (const q of s.sonarr.state.queue) {
    mkdirSync(join(s.roots.downloads, q.outputPath.slice('/downloads/'.length)), { recursive: true })
    writeFileSync(join(s.roots.downloads, q.outputPath.slice('/downloads/'.length), 'part.mkv'), Buffer.alloc(1000))
  }
  const preview = ok(await s.call('series_grab', { ...second, replaceExisting: true }))
  t.ok(preview.confirmation.confirmToken)
  t.equal(preview.confirmation.targets.replace[0].queueId, first.queueItems[0].queueId)
  t.ok(preview.confirmation.summary.includes(`then grab release "${approved[1].title}" (`), 'the release is named by its title and size')
  t.notOk(preview.confirmation.summary.includes(approved[1].guid), 'not by its guid')
  t.equal(s.sonarr.state.queue.length, 1, 'the preview changed nothing')
  t.match(errorText(await s.call('series_grab', { ...second, indexerId: approved[0].indexerId, replaceExisting: true, confirmToken: preview.confirmation.confirmToken })), /./, 'a token for other arguments is refused')
  const again = ok(await s.call('series_grab', { ...second, replaceExisting: true }))
  const done = ok(await s.call('series_grab', { ...second, replaceExisting: true, confirmToken: again.confirmation.confirmToken }))
  t.equal(done.replaced.length, 1)
  t.equal(done.queueItems.length, 1)
  t.same(s.sonarr.state.queue.map(q => q.title), [approved[1].title])
  grabbedTitle = approved[1].title

  s.sonarr.state.advanceClock(31 * 60_000)
  t.match(errorText(await s.call('series_grab', { id: 1, seasonNumber: 2, episodeNumber: 1, guid: approved[0].guid, indexerId: approved[0].indexerId })), /search cache.*series_releases again/)
  s.sonarr.state.advanceClock(-31 * 60_000)
})

t.test('series_import: ManualImport copies a seeding download into the library', async t => {
  t.equal(ok(await s.call('series_status', { view: 'queue', id: NORTHERN_LINE })).items[0].state, 'downloading', 'nothing finishes before the clock moves')
  s.sonarr.state.advanceClock(300)
  const item = ok(await s.call('series_status', { view: 'queue', id: NORTHERN_LINE })).items[0]
  t.equal(item.state, 'importBlocked', 'the download finished once the clock moved')
  t.equal(item.title, grabbedTitle)
  t.match(item.messages[0], /matched to series by ID. Automatic import is not possible/, "the real manager's reason")
  t.ok(item.outputPath.startsWith(s.roots.downloads))
  t.match(errorText(await s.call('series_import', { path: '/etc' })), /./, 'paths outside the roots are refused by the sandbox')

  const res = ok(await s.call('series_import', { path: item.outputPath, importMode: 'copy' }))
  t.match(res, { importMode: 'copy', finished: true, command: { name: 'ManualImport', status: 'completed' } })
  t.equal(res.imported[0].code, 'S01E02')
  t.ok(existsSync(res.imported[0].destinationPath), 'the episode file is in the library')
  t.ok(existsSync(res.imported[0].sourcePath), 'the seeding source is still there')
  t.equal(ok(await s.call('series_status', { view: 'queue', id: NORTHERN_LINE })).total, 0)
  t.equal(ok(await s.call('series_status', { view: 'history', id: NORTHERN_LINE })).items[0].eventType, 'downloadFolderImported')

  // A file whose name says nothing: refused with reasons, then imported by naming the episode.
  const odd = join(s.roots.downloads, 'odd')
  mkdirSync(odd)
  writeFileSync(join(odd, 'video-final.mkv'), 'x')
  t.match(errorText(await s.call('series_import', { path: odd })), /Nothing to import.*Unknown Series.*pass id, seasonNumber and episodeNumber/)
  const named = ok(await s.call('series_import', { path: join(odd, 'video-final.mkv'), id: NORTHERN_LINE, seasonNumber: 1, episodeNumber: 1, importMode: 'move' }))
  t.equal(named.imported[0].code, 'S01E01')
  t.notOk(existsSync(join(odd, 'video-final.mkv')), 'move mode moved it')
  t.match(errorText(await s.call('series_import', { path: odd, episodeNumber: 3 })), /needs id and seasonNumber/)
})

t.test('series_rescan and series_remove (preview, then confirmed delete of real files)', async t => {
  const rescan = ok(await s.call('series_rescan', { id: NORTHERN_LINE }))
  t.match(rescan, { scope: 'series', finished: true, command: { name: 'RescanSeries', status: 'completed' }, idUsed: { type: 'tvdbId' } })
  t.match(ok(await s.call('series_rescan', { waitSeconds: 0 })), { scope: 'all', finished: false })

  const folder = join(s.roots.media, 'tv', 'Northern Line (2024)')
  const preview = ok(await s.call('series_remove', { id: NORTHERN_LINE, deleteFiles: true }))
  t.match(preview.confirmation.targets, { title: 'Northern Line', path: folder, fileCount: 2, deleteFiles: true })
  t.match(preview.confirmation.summary, /DELETED/)
  t.ok(existsSync(folder), 'the preview deleted nothing')
  const done = ok(await s.call('series_remove', { id: NORTHERN_LINE, deleteFiles: true, confirmToken: preview.confirmation.confirmToken }))
  t.equal(done.removed.fileCount, 2)
  t.notOk(existsSync(folder))
  t.match(errorText(await s.call('series_remove', { id: NORTHERN_LINE })), /No series/)
  const keep = ok(await s.call('series_remove', { id: 2 }))
  t.match(keep.confirmation.summary, /stay on disk/)
})

t.test('backend faults become errors that say what to do', async t => {
  s.sonarr.faults.set('wrong-key')
  t.match(errorText(await s.call('series_status', { view: 'queue' })), /rejected the API key: check SERIES_MANAGER_API_KEY/)
  s.sonarr.faults.set('down')
  t.match(errorText(await s.call('series_status', { view: 'queue' })), /unreachable.*SERIES_MANAGER_URL/)
  // A backend slower than any deadline: the call comes back because it was cancelled, and says so (a call that
  // held on would end only at the read deadline, "did not answer").
  s.sonarr.faults.set('slow', { delayMs: 600_000 })
  const ac = new AbortController()
  setTimeout(() => ac.abort(), 200)
  t.match((await s.app.tools.call('series_status', { view: 'queue' }, toolContext({ signal: ac.signal }))).content[0].text, /cancelled/, 'a slow backend does not hold the call once it is cancelled')
  s.sonarr.faults.set('none')
})

t.test('the simulator saw only contract-conforming traffic', async t => {
  t.same(s.sonarr.violations, [])
})
