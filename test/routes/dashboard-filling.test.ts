// The dashboard's disks say how fast they fill (issue 37), from the managers' import history of the last 30
// days (the simulators' GET /history/since): too short to tell at first, then a rate and roughly when the disk
// falls below DISK_MIN_FREE_GIB.
import t from 'tap'
import { buildTestApp, TEST_INTERNAL_KEY } from '../helpers/build.js'
import { qualities } from '../../simulators/servarr/qualities.js'

const GiB = 1024 ** 3
const GB = 1e9
const DAY = 86_400_000
const auth = { authorization: `Bearer ${TEST_INTERNAL_KEY}` }
const figures = async () => ({ totalBytes: 1000 * GiB, usedBytes: 950 * GiB, freeBytes: 50 * GiB, usedPercent: 95 })

t.test('the library section carries each disk\'s forecast', async t => {
  const { app, sims, restart } = await buildTestApp(t, { web: true, sims: { sonarr: true, radarr: true }, build: { plugins: { disk: { figures } } }, config: { DISK_MIN_FREE_GIB: 10 } })
  const first = (await app.inject({ method: 'GET', url: '/api/dashboard/library', headers: auth })).json()
  t.match(first.disks[0], { root: 'both', filling: { state: 'tooShort', imports: 0 }, fillingSentence: /import history too short to tell/ })

  const movie = [...sims.radarr.state.library.movies.values()][0]!
  const now = sims.radarr.state.now()
  for (let day = 1; day <= 10; day++) {
    sims.radarr.state.history.push({ id: 50_000 + day, movieId: movie.id, sourceTitle: 'Movie', date: new Date(now - day * DAY).toISOString(), eventType: 'downloadFolderImported', quality: qualities('radarr')[8]!, data: { fileId: String(day), size: String(5 * GB), importedPath: `${movie.path}/m${day}.mkv` } })
  }
  // The forecast is kept as long as the library counts: a restarted server reads the new history.
  const again = await restart()
  const body = (await again.app.inject({ method: 'GET', url: '/api/dashboard/library', headers: auth })).json()
  t.match(body.disks[0], { root: 'both', filling: { state: 'filling', imports: 10, bytesPerDay: 5 * GB, daysLeft: 8.6 }, fillingSentence: /^The media and downloads disk fills by about 4\.7 GiB a day \(10 imports in 10 days\): below DISK_MIN_FREE_GIB \(10 GiB\) in about 8\.6 days/ })
})
