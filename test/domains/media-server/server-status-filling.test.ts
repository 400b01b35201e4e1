// server_status says how fast the disk fills, from the managers' import history of the last 30 days (the
// simulators' GET /history/since, contract-validated): too short to tell with no history, a rate and roughly
// when free space falls below DISK_MIN_FREE_GIB once a month of imports is there (each file once, though the
// series manager records one import per episode of it), and the movie manager named when it does not answer.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'
import { qualities } from '../../../simulators/servarr/qualities.js'

const GiB = 1024 ** 3
const GB = 1e9
const DAY = 86_400_000
// The media and downloads roots share one filesystem here: one disk, 110 GiB free.
const figures = async () => ({ totalBytes: 1000 * GiB, usedBytes: 890 * GiB, freeBytes: 110 * GiB, usedPercent: 89 })
const history = (parts: Array<{ part: string }>) => parts.filter(p => p.part.endsWith('import history'))
const s = await startServarrStack(t, { jellyfin: true, build: { plugins: { disk: { figures } } }, config: { DISK_MIN_FREE_GIB: 10 } })

t.test('no import history: too short to tell, never a guess', async t => {
  const res = await s.call('server_status', {})
  const data = ok(res)
  t.match(data.diskFilling, [{ disk: 'media and downloads', state: 'tooShort', imports: 0 }])
  t.notOk('daysLeft' in data.diskFilling[0])
  t.match(res.content[0].text, /import history too short to tell how fast it fills/)
  t.match(history(data.parts), [{ part: 'Series manager import history', state: 'checked' }, { part: 'Movie manager import history', state: 'checked' }])
})

t.test('a month of imports: the rate and roughly when the disk falls below the minimum', async t => {
  const series = [...s.sonarr.state.library.series.values()][0]!
  const movie = [...s.radarr.state.library.movies.values()][0]!
  const now = s.sonarr.state.now()
  const quality = qualities('sonarr')[6]!
  const movieQuality = qualities('radarr')[6]!
  for (let day = 1; day <= 20; day++) {
    // One two-episode file a day (two records, one file) on the series side, and a movie every other day.
    for (const episodeId of [1, 2]) {
      s.sonarr.state.history.push({ id: 10_000 + day * 10 + episodeId, seriesId: series.id, episodeId, sourceTitle: `Show.S01E0${episodeId}`, date: new Date(now - day * DAY).toISOString(), eventType: 'downloadFolderImported', quality, data: { fileId: String(500 + day), size: String(2 * GB), importedPath: `${series.path}/Season 01/e${day}.mkv` } })
    }
    s.sonarr.state.history.push({ id: 20_000 + day, seriesId: series.id, episodeId: 3, sourceTitle: 'grab', date: new Date(now - day * DAY).toISOString(), eventType: 'grabbed', quality, data: {} })
    if (day % 2 === 0) s.radarr.state.history.push({ id: 30_000 + day, movieId: movie.id, sourceTitle: 'Movie', date: new Date(now - day * DAY).toISOString(), eventType: 'downloadFolderImported', quality: movieQuality, data: { fileId: String(900 + day), size: String(4 * GB), importedPath: `${movie.path}/m${day}.mkv` } })
  }
  // Older than 30 days: not counted.
  s.radarr.state.history.push({ id: 39_999, movieId: movie.id, sourceTitle: 'Old', date: new Date(now - 40 * DAY).toISOString(), eventType: 'downloadFolderImported', quality: movieQuality, data: { fileId: '999', size: String(500 * GB), importedPath: `${movie.path}/old.mkv` } })
  const res = await s.call('server_status', {})
  const data = ok(res)
  const [disk] = data.diskFilling
  t.equal(disk.state, 'filling')
  t.equal(disk.imports, 30, '20 episode files (each once) and 10 movies')
  t.equal(disk.bytesPerDay, Math.round((20 * 2 + 10 * 4) * GB / 20), '80 GB over 20 days')
  t.equal(disk.daysLeft, Math.round(10 * 100 * GiB / (4 * GB)) / 10, '100 GiB above the minimum at 4 GB a day')
  t.match(res.content[0].text, /Filling: the media and downloads disk fills by about 3\.7 GiB a day \(30 imports in 20 days\): below DISK_MIN_FREE_GIB \(10 GiB\) in about 26\.8 days/)
  t.same(s.sonarr.violations, [], 'history/since asked and answered as the contract says')
  t.same(s.radarr.violations, [])
})

t.test('a movie manager that does not answer is named, and its imports are not counted', async t => {
  s.radarr.faults.set('down')
  t.teardown(() => s.radarr.faults.set('none'))
  const res = await s.call('server_status', {})
  const data = ok(res)
  t.equal(data.diskFilling[0].imports, 20, 'the series manager\'s files only')
  t.match(history(data.parts), [{ part: 'Series manager import history', state: 'checked' }, { part: 'Movie manager import history', state: 'unknown' }])
  t.match(res.content[0].text, /Not counted, did not answer: Movie manager import history/)
})
