// Issue 34 item 11: a stuck retry's strike is a change in the server's own state (STATE_DIR), so it is on the
// record as the server's act: which download, which strike of STUCK_MAX_STRIKES, and how it ended.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { ok } from '../../helpers/results.js'

t.test('a retry records its strike as the server, naming the download', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 30, queueRefreshMs: 5 }, config: { STUCK_MAX_STRIKES: 2 } })
  const movie = [...s.radarr.state.library.movies.values()].find(m => !m.movieFileId)!
  const releases = await s.app.backends.radarr.releases({ movieId: movie.id })
  await s.app.backends.radarr.grab(releases[0]!.guid!, releases[0]!.indexerId)
  // Waits for the condition judged: the manager tracks the download.
  for (let i = 0; !s.radarr.state.queue.some(q => q.movieId === movie.id && q.tracked); i++) {
    if (i > 500) throw new Error('the manager never tracked the download')
    await new Promise(resolve => setTimeout(resolve, 10))
  }
  const q = s.radarr.state.queue.find(x => x.movieId === movie.id)!
  q.stuck = stuckAs('radarr', q.title, 'notUpgrade')
  const args = { action: 'retry', source: 'movies', ids: [`movies:${q.id}`] }
  const preview = ok(await s.call('cancel_downloads', args)) as { confirmation: { confirmToken: string } }
  ok(await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmation.confirmToken }))
  const entries = s.app.audit.store.list({ action: 'stuck.retry', offset: 0, limit: 5 }).items
  t.equal(entries.length, 1)
  t.match(entries[0], { source: 'server', outcome: 'ok', principal: { id: 'server' }, args: { id: `movies:${q.id}`, strike: 1, of: 2 }, targets: [`${JSON.stringify(q.title)} (movies:${q.id}), strike 1 of 2`] })
})
