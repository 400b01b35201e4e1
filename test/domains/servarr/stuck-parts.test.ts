// The stuck view asks the torrent client about each download the manager sends there (a stall without peers or
// metadata shows only there). With the torrent client silent, the view's answer records it as an unknown part
// with its cause, and its text names it, so "showing 0 of N stuck" is never read as "nothing is stuck" over
// it (issue 34 #5).
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'
import { until } from '../../helpers/until.js'

t.test('the stuck view with the torrent client unreachable: the torrent client is an unknown part, named in the text', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 60_000, queueRefreshMs: 5 }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  const movie = [...s.radarr.state.library.movies.values()].find(m => m.movieFileId === 0)!
  const releases = await s.app.backends.radarr.releases({ movieId: movie.id })
  await s.app.backends.radarr.grab(releases[0]!.guid!, releases[0]!.indexerId)
  // The grab is in the manager's queue once it is tracked (its own refresh, simulated every 5 ms).
  await until(() => s.radarr.state.queue.some(q => q.tracked))
  t.ok(s.radarr.state.queue.some(q => q.tracked), 'the grab is in the queue')
  const res = await s.call('movie_status', { view: 'stuck' })
  t.notOk(res.isError, res.content[0]!.text)
  t.match(ok(res).parts, [{ part: 'Torrent client', state: 'unknown', why: /qBittorrent is unreachable/ }])
  t.match(res.content[0]!.text, /^stuck: showing \d+ of \d+\..*Unknown, did not answer: Torrent client \(qBittorrent is unreachable/)
})
