// A failed download has no time left: the managers send no timeleft for it (QueueService.cs), so
// download_status shows no ETA for it, never one computed from a clock.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { ok } from '../../helpers/results.js'
import { grabTracked } from '../../helpers/grabs.js'

t.test('download_status gives a failed manager download no ETA', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 60_000, queueRefreshMs: 5 } })
  const movie = [...s.radarr.state.library.movies.values()][0]
  const [q] = await grabTracked(s, 'radarr', { movieId: movie.id })
  q.stuck = stuckAs('radarr', q.title, 'failed')
  const res = await s.call('download_status', {})
  const row = ok(res).items.find((i: any) => i.name === q.title)
  t.match(row, { state: 'failed' })
  t.notOk('etaSeconds' in row, 'no time left for a failed download')
})
