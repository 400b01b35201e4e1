// The Radarr simulator answers like the real service for every endpoint the tools use, within the contract.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createRadarrSimulator } from '../../simulators/servarr/radarr.js'
import { makeRoots } from '../helpers/build.js'

const KEY = 'abcdef0123456789abcdef0123456789'

t.test('Radarr endpoints: library, lookup, add, releases, grab, queue, manual import, commands', async t => {
  const roots = makeRoots()
  const sim = await createRadarrSimulator({ apiKey: KEY, disk: { media: roots.media, downloads: roots.downloads }, downloadMs: 150, commandStepMs: 10, manualClock: true })
  t.teardown(async () => { await sim.close(); roots.cleanup() })
  const req = async (method: string, path: string, body?: unknown, key = KEY) => {
    const res = await fetch(sim.url + path, { method, headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
    const text = await res.text()
    return { status: res.status, text, json: text ? JSON.parse(text) : null }
  }
  /** Commands step on timers: wait for this one's end, however slow the machine. */
  const finished = async (id: number) => {
    for (;;) {
      const cmd = (await req('GET', `/api/v3/command/${id}`)).json
      if (cmd.status === 'completed' || cmd.status === 'failed') return cmd
      await new Promise(resolve => setTimeout(resolve, 5))
    }
  }
  const wrong = await req('GET', '/api/v3/movie', undefined, 'wrong')
  t.equal(wrong.status, 401)
  t.equal(wrong.text, '')
  t.ok((await req('GET', '/api/v3/movie')).json.length >= 300)
  t.equal((await req('GET', '/api/v3/movie?tmdbId=500001')).json[0].title, 'The Quiet Orbit')
  t.equal((await req('GET', '/api/v3/movie/1')).json.hasFile, true)
  t.equal((await req('GET', '/api/v3/movie/lookup/tmdb?tmdbId=600001')).json.title, 'Paper Moons')
  // SearchByTmdbId builds a new Movie: never the library entry, even for a movie the library holds.
  t.notOk('id' in (await req('GET', '/api/v3/movie/lookup/tmdb?tmdbId=500001')).json, 'a library movie looked up by TMDb id carries no id')
  t.equal((await req('GET', '/api/v3/movie/lookup/tmdb?tmdbId=1')).status, 500, 'an unknown TMDb id is MovieNotFoundException: 500')
  t.ok((await req('GET', '/api/v3/movie/lookup?term=imdb:tt6000010')).json.length === 1)
  t.ok((await req('GET', '/api/v3/moviefile?movieId=1')).json.length === 1)
  t.ok(Array.isArray((await req('GET', `/api/v3/calendar?start=${new Date().toISOString()}&end=${new Date(Date.now() + 864e5 * 365).toISOString()}`)).json))
  t.ok((await req('GET', '/api/v3/wanted/missing?pageSize=5')).json.totalRecords > 0)
  for (const p of ['/api/v3/system/status', '/api/v3/qualityprofile', '/api/v3/rootfolder', '/api/v3/tag', '/api/v3/history']) t.equal((await req('GET', p)).status, 200, p)

  const body = { title: 'Paper Moons', tmdbId: 600001, year: 2023, qualityProfileId: 4, rootFolderPath: '/data/movies', monitored: true, addOptions: { monitor: 'movieOnly', searchForMovie: false } }
  const added = (await req('POST', '/api/v3/movie', body)).json
  t.equal(added.path, '/data/movies/Paper Moons (2023)')
  const dup = await req('POST', '/api/v3/movie', body)
  t.equal(dup.status, 400)
  t.equal(dup.json[0].errorCode, 'MovieExistsValidator')
  t.equal((await req('PUT', `/api/v3/movie/${added.id}`, { ...added, monitored: false })).json.monitored, false)

  const releases = (await req('GET', `/api/v3/release?movieId=${added.id}`)).json
  t.equal((await req('POST', '/api/v3/release', { guid: releases[0].guid, indexerId: releases[0].indexerId })).status, 200)
  sim.state.advanceClock(150)
  t.equal((await req('GET', '/api/v3/queue')).json.totalRecords, 0, 'the queue refresh is debounced (DownloadMonitoringService.cs)')
  const refresh = (await req('POST', '/api/v3/command', { name: 'REFRESHMONITOREDDOWNLOADS' })).json
  t.equal(refresh.name, 'RefreshMonitoredDownloads', 'command names match case-insensitively')
  await finished(refresh.id)
  const item = (await req('GET', '/api/v3/queue')).json.records[0]
  t.equal(item.movieId, added.id)
  t.equal(item.trackedDownloadState, 'importBlocked')
  const candidates = (await req('GET', `/api/v3/manualimport?folder=${encodeURIComponent(item.outputPath)}`)).json
  t.equal(candidates[0].movie.id, added.id)
  const cmd = (await req('POST', '/api/v3/command', { name: 'ManualImport', importMode: 'move', files: [{ path: candidates[0].path, movieId: added.id, quality: candidates[0].quality }] })).json
  t.equal((await finished(cmd.id)).status, 'completed')
  const now = (await req('GET', `/api/v3/movie/${added.id}`)).json
  t.ok(now.hasFile)
  t.ok(existsSync(join(roots.media, now.movieFile.path.slice('/data/'.length))))
  t.notOk(existsSync(join(roots.downloads, 'complete', item.title, `${item.title}.mkv`)), 'move mode moves the source')
  t.equal((await req('POST', '/api/v3/command', { name: 'NoSuchCommand' })).status, 500, 'an unknown name makes .Single() throw: 500')
  t.equal((await req('POST', '/api/v3/command', { name: '' })).status, 400, 'a blank name fails NotBlank: 400')
  // Without downloadId, movieId makes the manager ignore the folder and list the movie's library files.
  t.ok((await req('GET', `/api/v3/manualimport?folder=/downloads&movieId=${added.id}`)).json.every((c: { path: string }) => c.path.startsWith('/data/')))
  t.equal((await req('DELETE', `/api/v3/movie/${added.id}?deleteFiles=true`)).status, 200)
  t.equal((await req('GET', `/api/v3/movie/${added.id}`)).status, 404)
  t.same(sim.violations, [])
})
