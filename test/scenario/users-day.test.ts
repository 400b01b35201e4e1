// A user's day, end to end through the tools: find a show, add it for 1080p, list releases for S01E02,
// grab one, watch it appear in the queue and finish, import it (a real file in the downloads folder),
// and see it in the media server. Sonarr and Jellyfin are simulators; files and paths are real.
import { existsSync, statSync } from 'node:fs'
import t from 'tap'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { northernLineSeed } from '../helpers/ready-flow.js'
import { errorText, ok } from '../helpers/results.js'

t.test("a user's day with the series manager", async t => {
  const s = await startServarrStack(t, { jellyfin: true, sim: { downloadMs: 1500, commandStepMs: 20 } })

  // Morning: "is Northern Line something we have?"
  const search = ok(await s.call('series_search', { term: 'northern line' }))
  const show = search.items.find((i: any) => i.title === 'Northern Line')
  t.match(show, { tvdbId: 400001, inLibrary: false, seasonCount: 2 })

  // "Add it for 1080p." Several profiles say 1080p, so the tool asks instead of guessing.
  const asked = errorText(await s.call('series_search', { addTvdbId: show.tvdbId, qualityProfile: '1080p', rootFolder: 'tv' }))
  t.match(asked, /ambiguous/)
  t.match(asked, /"HD-1080p"/)
  const added = ok(await s.call('series_search', { addTvdbId: show.tvdbId, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' })).added
  t.match(added, { action: 'added', title: 'Northern Line', qualityProfile: 'HD-1080p' })

  // "What is out there for S01E02?"
  const releases = ok(await s.call('series_releases', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2 }))
  t.ok(releases.approvedCount > 0)
  const pick = releases.items[0]
  t.equal(pick.approved, true, 'the best-ranked release is one the manager approves')
  t.equal(pick.quality, 'WEBDL-1080p')

  // "Grab that one."
  const grabbed = ok(await s.call('series_grab', { id: added.seriesId, seasonNumber: 1, episodeNumber: 2, guid: pick.guid, indexerId: pick.indexerId }))
  t.equal(grabbed.queueItems[0].title, pick.title)

  // Watch it appear in the queue and progress until it needs importing.
  let item = ok(await s.call('series_status', { view: 'queue', id: added.seriesId })).items[0]
  t.equal(item.title, pick.title)
  const firstProgress = item.progress
  for (let i = 0; i < 50 && item.state !== 'importBlocked'; i++) {
    await new Promise(resolve => setTimeout(resolve, 50))
    item = ok(await s.call('series_status', { view: 'queue', id: added.seriesId })).items[0]
  }
  t.ok(item.progress > firstProgress)
  t.match(item, { status: 'completed', state: 'importBlocked', progress: 100 })
  t.ok(item.outputPath.startsWith(s.roots.downloads), 'the download landed in our downloads folder')

  // "Import it, but keep seeding."
  const imported = ok(await s.call('series_import', { path: item.outputPath, importMode: 'copy' }))
  const episodeFile = imported.imported[0].destinationPath
  t.equal(imported.imported[0].code, 'S01E02')
  t.ok(existsSync(episodeFile))
  t.ok(existsSync(imported.imported[0].sourcePath), 'still seeding from the downloads folder')
  t.equal(statSync(episodeFile).ino, statSync(imported.imported[0].sourcePath).ino, 'hardlinked, not copied')
  const season = ok(await s.call('series_status', { view: 'season', id: added.seriesId, seasonNumber: 1 }))
  t.match(season.items.find((e: any) => e.code === 'S01E02'), { hasFile: true, filePath: episodeFile })
  t.equal(ok(await s.call('series_status', { view: 'queue', id: added.seriesId })).total, 0)

  // Evening: "Is it on the TV?" The media server finds the new file on its next library scan. The
  // simulator does not read the disk, so the file the import produced is handed to it as its scan would.
  const seen = episodeFile.replace(s.roots.media, '/data')
  const staged = northernLineSeed(seen, statSync(episodeFile).size)
  s.jellyfin!.state.staged.push({ series: staged })
  ok(await s.call('manage_library', { action: 'scan' }))
  let found: any[] = []
  for (let i = 0; i < 40 && found.length === 0; i++) {
    await new Promise(resolve => setTimeout(resolve, 25))
    found = ok(await s.call('search_media', { query: 'Northern Line', types: ['Series'] })).items
  }
  t.equal(found[0]?.name ?? found[0]?.title, 'Northern Line', 'the show is in the media server')

  t.same(s.sonarr.violations, [], 'Sonarr traffic matched its contract')
  t.same(s.jellyfin!.violations, [], 'Jellyfin traffic matched its contract')
})
