// Issue 24 item 6: STUCK_MAX_STRIKES was exceeded by one cancel_downloads "retry" naming two downloads of the
// same title (both previewed as the last strike), and by two confirms running at once (each previewed before
// the other struck). The strikes of one call add up in the preview, and the cap is checked again when the
// strike is stored, so a title is never replaced more than STUCK_MAX_STRIKES times.
import t, { type Test } from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack, type ServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { errorText, ok } from '../../helpers/results.js'
import { untilTracked } from '../../helpers/grabs.js'

const confirmation = (r: unknown) => (ok(r as any).confirmation as { confirmToken: string, targets: any[], summary: string })

/** Grabs the movie's `index`th release, waits until the manager tracks it and marks it stuck; returns its queue item. */
async function stuckDownload (s: ServarrStack, movieId: number, index: number) {
  const releases = await s.app.backends.radarr.releases({ movieId })
  const before = new Set(s.radarr.state.queue.map(q => q.downloadId))
  await s.app.backends.radarr.grab(releases[index].guid!, releases[index].indexerId)
  const mine = s.radarr.state.queue.filter(q => !before.has(q.downloadId))
  await untilTracked(mine)
  for (const q of mine) q.stuck = stuckAs('radarr', q.title, 'notUpgrade')
  return mine[0]
}

async function setup (t: Test) {
  const s = await startServarrStack(t, { sim: { downloadMs: 30, queueRefreshMs: 5 }, config: { STUCK_MAX_STRIKES: 2 } })
  const movie = [...s.radarr.state.library.movies.values()].find(m => !m.movieFileId)!
  // Strike 1 of 2 spent on an earlier download of the movie.
  const first = await stuckDownload(s, movie.id, 0)
  const args = { action: 'retry', source: 'movies', ids: [`movies:${first.id}`] }
  ok(await s.call('cancel_downloads', { ...args, confirmToken: confirmation(await s.call('cancel_downloads', args)).confirmToken }))
  const strikes = () => JSON.parse(readFileSync(join(s.config.STATE_DIR, 'stuck-strikes.json'), 'utf8'))[`movies:movie:${movie.id}`].strikes
  t.equal(strikes(), 1)
  return { s, movie, strikes }
}

t.test('one call naming two downloads of the same title counts two strikes', async t => {
  const { s, movie, strikes } = await setup(t)
  const a = await stuckDownload(s, movie.id, 1)
  const b = await stuckDownload(s, movie.id, 2)
  t.not(a.downloadId, b.downloadId, 'two downloads')
  const refused = errorText(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${a.id}`, `movies:${b.id}`] }))
  t.match(refused, /would be strike 3 of 2 \(STUCK_MAX_STRIKES=2\), because this call also replaces another download of the same title/)
  t.ok(s.radarr.state.queue.some(q => q.id === a.id) && s.radarr.state.queue.some(q => q.id === b.id), 'nothing removed')
  t.equal(strikes(), 1, 'no strike stored')
  const one = confirmation(await s.call('cancel_downloads', { action: 'retry', source: 'movies', ids: [`movies:${a.id}`] }))
  t.match(one.summary, 'strike 2 of 2', 'one of them alone is the last strike')
})

t.test('two confirms at once cannot both take the last strike', async t => {
  const { s, movie, strikes } = await setup(t)
  const a = await stuckDownload(s, movie.id, 1)
  const b = await stuckDownload(s, movie.id, 2)
  const argsA = { action: 'retry', source: 'movies', ids: [`movies:${a.id}`] }
  const argsB = { action: 'retry', source: 'movies', ids: [`movies:${b.id}`] }
  const [pa, pb] = [confirmation(await s.call('cancel_downloads', argsA)), confirmation(await s.call('cancel_downloads', argsB))]
  t.match(pa.summary, 'strike 2 of 2')
  t.match(pb.summary, 'strike 2 of 2')
  const results = await Promise.all([
    s.call('cancel_downloads', { ...argsA, confirmToken: pa.confirmToken }),
    s.call('cancel_downloads', { ...argsB, confirmToken: pb.confirmToken })
  ])
  const replaced = results.flatMap(r => r.isError ? [] : (r.structuredContent as any).removed)
  t.equal(replaced.length, 1, 'exactly one download was replaced')
  t.equal(strikes(), 2, 'the count stops at the cap')
  const remaining = [a, b].filter(q => s.radarr.state.queue.some(x => x.id === q.id))
  t.equal(remaining.length, 1, 'the other download is still in the queue')
  const other = results.map(r => r.isError ? errorText(r) : JSON.stringify((r.structuredContent as any).failed)).join(' ')
  t.match(other, /already replaced 2 times|reached 2 strikes \(STUCK_MAX_STRIKES\) after the preview/, 'the other says why it was not retried')
})
