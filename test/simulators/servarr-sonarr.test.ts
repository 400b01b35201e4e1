// The Sonarr simulator answers like the real service for every endpoint the tools use, and every request
// and response it handles matches the vendored OpenAPI contract.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { qualities } from '../../simulators/servarr/qualities.js'
import { createSonarrSimulator } from '../../simulators/servarr/sonarr.js'
import { makeRoots } from '../helpers/build.js'

const KEY = '0123456789abcdef0123456789abcdef'

async function start (tt: { teardown: (fn: () => unknown) => void }) {
  const roots = makeRoots()
  const sim = await createSonarrSimulator({ apiKey: KEY, disk: { media: roots.media, downloads: roots.downloads }, downloadMs: 200, commandStepMs: 60, manualClock: true })
  tt.teardown(async () => { await sim.close(); roots.cleanup() })
  const req = async (method: string, path: string, body?: unknown, headers: Record<string, string> = { 'x-api-key': KEY }) => {
    const res = await fetch(sim.url + path, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
    const text = await res.text()
    return { status: res.status, text, json: text ? JSON.parse(text) : null }
  }
  return { sim, roots, req }
}

t.test('auth works like Sonarr: 401 with an empty body, apikey query and Bearer accepted, /ping anonymous', async t => {
  const { req } = await start(t)
  const none = await req('GET', '/api/v3/system/status', undefined, {})
  t.equal(none.status, 401)
  t.equal(none.text, '')
  t.equal((await req('GET', '/api/v3/system/status', undefined, { 'x-api-key': 'wrong' })).status, 401)
  t.equal((await req('GET', `/api/v3/system/status?apikey=${KEY}`, undefined, {})).status, 200)
  t.equal((await req('GET', '/api/v3/system/status', undefined, { authorization: `Bearer ${KEY}` })).status, 200)
  t.same((await req('GET', '/ping', undefined, {})).json, { status: 'OK' })
})

t.test('every endpoint the tools use answers within the contract', async t => {
  const { sim, roots, req } = await start(t)
  const series = (await req('GET', '/api/v3/series')).json
  t.ok(series.length >= 150, 'a library of hundreds of items')
  t.ok((await req('GET', '/api/v3/qualityprofile')).json.filter((p: { name: string }) => /1080p/.test(p.name)).length >= 3, 'several 1080p-ish profiles')
  t.same((await req('GET', '/api/v3/rootfolder')).json.map((r: { path: string }) => r.path), ['/data/tv', '/data/anime'])
  t.ok((await req('GET', '/api/v3/tag')).json.length > 0)
  const lookup = (await req('GET', '/api/v3/series/lookup?term=northern')).json
  t.ok(lookup.some((s: { id?: number }) => s.id) && lookup.some((s: { id?: number }) => !s.id), 'lookup mixes library and catalogue items')
  t.equal((await req('GET', '/api/v3/series?tvdbId=300001')).json[0].title, 'Harbor Lights')
  t.equal((await req('GET', '/api/v3/series/1')).json.title, 'Harbor Lights')
  t.equal((await req('GET', '/api/v3/series/99999')).status, 404)
  t.equal((await req('GET', '/api/v3/episode?seriesId=1&seasonNumber=1&includeEpisodeFile=true')).json.length, 8)
  t.ok((await req('GET', '/api/v3/episodefile?seriesId=1')).json.length > 0)
  t.ok(Array.isArray((await req('GET', `/api/v3/calendar?start=${new Date(Date.now() - 864e5 * 30).toISOString()}&end=${new Date(Date.now() + 864e5 * 30).toISOString()}&includeSeries=true`)).json))
  t.ok((await req('GET', '/api/v3/wanted/missing?page=2&pageSize=5&includeSeries=true')).json.totalRecords > 0)

  // add, duplicate add (SeriesExistsValidator), update, releases, grab, queue progress, history
  const added = await req('POST', '/api/v3/series', { title: 'Northern Line', tvdbId: 400001, year: 2024, qualityProfileId: 4, rootFolderPath: '/data/tv', addOptions: { monitor: 'all', searchForMissingEpisodes: false } })
  t.equal(added.status, 201, '201 Created, like the real service')
  const dup = await req('POST', '/api/v3/series', { title: 'Northern Line', tvdbId: 400001, qualityProfileId: 4, rootFolderPath: '/data/tv' })
  t.equal(dup.status, 400)
  t.equal(dup.json[0].errorCode, 'SeriesExistsValidator')
  t.equal((await req('PUT', `/api/v3/series/${added.json.id}`, { ...added.json, qualityProfileId: 7 })).json.qualityProfileId, 7)
  const ep = (await req('GET', `/api/v3/episode?seriesId=${added.json.id}&seasonNumber=1`)).json[1]
  const releases = (await req('GET', `/api/v3/release?episodeId=${ep.id}`)).json
  t.ok(releases.some((r: { rejected: boolean }) => r.rejected) && releases.some((r: { approved: boolean }) => r.approved))
  t.ok((await req('GET', `/api/v3/release?seriesId=${added.json.id}&seasonNumber=1`)).json.every((r: { fullSeason: boolean }) => r.fullSeason))
  t.equal((await req('POST', '/api/v3/release', { guid: 'nope', indexerId: 1 })).status, 404, 'no grab without a prior search')
  t.equal((await req('POST', '/api/v3/release', { guid: releases[0].guid, indexerId: releases[0].indexerId })).status, 200)
  // The queue lists a grab only after the debounced refresh (5 s, DownloadMonitoringService.cs) or a
  // RefreshMonitoredDownloads command; command names match case-insensitively (CommandController.cs).
  t.equal((await req('GET', '/api/v3/queue')).json.totalRecords, 0, 'not yet refreshed')
  const refresh = (await req('POST', '/api/v3/command', { name: 'refreshmonitoreddownloads' })).json
  t.equal(refresh.name, 'RefreshMonitoredDownloads')
  while ((await req('GET', `/api/v3/command/${refresh.id}`)).json.status !== 'completed') await new Promise(resolve => setTimeout(resolve, 10))
  const queue = (await req('GET', `/api/v3/queue?seriesIds=${added.json.id}&includeSeries=false`)).json
  t.equal(queue.records[0].episodeId, ep.id)
  t.equal(queue.records[0].status, 'downloading', 'the clock has not moved: still downloading')
  sim.state.advanceClock(200)
  const done = (await req('GET', '/api/v3/queue')).json.records[0]
  t.equal(done.status, 'completed')
  t.equal(done.trackedDownloadState, 'importBlocked')
  const file = join(roots.downloads, 'complete', done.title, `${done.title}.mkv`)
  t.ok(existsSync(file), 'the finished download is a real file in the downloads folder')
  t.equal((await req('GET', '/api/v3/history')).json.records[0].eventType, 'grabbed')

  // manual import: candidates, then the command through queued → started → completed
  // A candidate carries a downloadId only when the query names it (ManualImportService.MapItem).
  t.notOk((await req('GET', `/api/v3/manualimport?folder=${encodeURIComponent(done.outputPath)}`)).json[0].downloadId)
  t.same((await req('GET', '/api/v3/manualimport?downloadId=unknown')).json, [], 'an untracked downloadId lists nothing')
  // With seriesId the folder is ignored: the series' own library files are listed (ManualImportController.GetMediaFiles).
  t.ok((await req('GET', `/api/v3/manualimport?folder=${encodeURIComponent(done.outputPath)}&seriesId=1`)).json.every((c: { path: string }) => c.path.startsWith('/data/')))
  const candidates = (await req('GET', `/api/v3/manualimport?folder=/elsewhere&downloadId=${done.downloadId}&filterExistingFiles=false`)).json
  t.equal(candidates.length, 1)
  t.equal(candidates[0].downloadId, done.downloadId)
  t.same(candidates[0].rejections, [])
  t.equal(candidates[0].episodes[0].id, ep.id)
  const cmd = (await req('POST', '/api/v3/command', { name: 'ManualImport', importMode: 'copy', files: [{ path: candidates[0].path, seriesId: added.json.id, episodeIds: [ep.id], quality: candidates[0].quality, downloadId: candidates[0].downloadId }] })).json
  t.equal(cmd.status, 'queued')
  let state = cmd
  const seen = new Set<string>([cmd.status])
  while (state.status !== 'completed' && state.status !== 'failed') { await new Promise(resolve => setTimeout(resolve, 5)); state = (await req('GET', `/api/v3/command/${cmd.id}`)).json; seen.add(state.status) }
  t.equal(state.status, 'completed')
  t.ok(seen.has('started'))
  t.ok(existsSync(file), 'copy mode keeps the seeding source')
  const imported = (await req('GET', `/api/v3/episode?seriesId=${added.json.id}&seasonNumber=1&includeEpisodeFile=true`)).json[1]
  t.ok(imported.hasFile)
  t.ok(existsSync(join(roots.media, imported.episodeFile.path.slice('/data/'.length))), 'the episode file exists in the library')
  t.equal((await req('GET', '/api/v3/queue')).json.totalRecords, 0, 'the imported download leaves the queue')

  // rescan picks up a file dropped into the series folder; delete with deleteFiles removes the folder
  const seasonDir = join(roots.media, 'tv', 'Northern Line (2024)', 'Season 01')
  mkdirSync(seasonDir, { recursive: true })
  writeFileSync(join(seasonDir, 'Northern.Line.S01E03.720p.HDTV.x264.mkv'), 'x')
  const rescan = (await req('POST', '/api/v3/command', { name: 'RescanSeries', seriesId: added.json.id })).json
  let rescanned = rescan
  while (rescanned.status !== 'completed' && rescanned.status !== 'failed') {
    await new Promise(resolve => setTimeout(resolve, 5))
    rescanned = (await req('GET', `/api/v3/command/${rescan.id}`)).json
  }
  t.match(rescanned, { status: 'completed', message: 'Found 1 new episode files' })
  t.equal((await req('GET', '/api/v3/command')).json.length, 3)
  t.equal((await req('DELETE', `/api/v3/series/${added.json.id}?deleteFiles=true`)).status, 200)
  t.notOk(existsSync(join(roots.media, 'tv', 'Northern Line (2024)')))
  t.same(sim.violations, [], 'no contract violations')
})

t.test('the release cache expires after 30 minutes', async t => {
  const { sim, req } = await start(t)
  const r = (await req('GET', '/api/v3/release?episodeId=2')).json[0]
  sim.state.advanceClock(31 * 60_000)
  const res = await req('POST', '/api/v3/release', { guid: r.guid, indexerId: r.indexerId })
  t.equal(res.status, 404)
  t.match(res.json.message, /try searching again/)
})

t.test('the contract validator bites: an off-contract request is recorded', async t => {
  const { sim, req } = await start(t)
  await req('GET', '/api/v3/queue?page=first')
  t.ok(sim.violations.some(v => /queue/.test(v) && /page/.test(v)), sim.violations.join('\n'))
})

t.test('with a manual clock, downloads progress only when the test moves the clock', async t => {
  const { sim } = await start(t)
  const item = { id: 99, downloadId: 'ABC', title: 'Clocked', size: 1000, addedAt: sim.state.now(), durationMs: 1_000, protocol: 'torrent' as const, indexer: 'x', quality: qualities('sonarr')[0], outputPath: '/downloads/complete/Clocked', tracked: true }
  sim.state.queue.push(item)
  const progress = () => (sim.state.now() - item.addedAt) / item.durationMs
  const before = Date.now()
  await new Promise(resolve => setTimeout(resolve, 20)) // real time passes…
  t.ok(sim.state.now() >= before + 20 - 1, 'the simulator\'s clock keeps up with real time (its history dates are never behind the server\'s)')
  t.equal(progress(), 0, '…and the download has not moved')
  sim.state.advanceClock(500)
  t.equal(progress(), 0.5, 'it moves by exactly what the test asked')
})
