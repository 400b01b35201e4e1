// The stuck view and its retry for downloads the managers sent to the Usenet client (SABnzbd simulator,
// sabnzbd 5.0.1): a failed job is shown with the reason from SABnzbd's history, even before the manager's next
// poll of it marks the queue row failed; retry removes, blocklists and searches again; a SABnzbd that does not
// answer is named instead of a reason being guessed.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'
import { data, ok } from '../../helpers/results.js'
import { untilTracked } from '../../helpers/grabs.js'
import type { Outcome } from '../../../simulators/sabnzbd/state.js'

const KEY = 'fedcba9876543210fedcba9876543210'

async function setup (t: Parameters<typeof startServarrStack>[0]) {
  const sab = await createSabnzbdSimulator({ apiKey: KEY })
  t.teardown(() => sab.close())
  const s = await startServarrStack(t, {
    sim: { downloadMs: 60_000, queueRefreshMs: 5 },
    config: { STUCK_MAX_STRIKES: 2, USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sab.url, USENET_CLIENT_API_KEY: KEY }
  })
  /** A grab the manager sent to SABnzbd: its queue row carries the job's nzo_id, and the job ends as `outcome`. */
  async function usenetGrab (service: 'sonarr' | 'radarr', query: Record<string, number>, outcome: Outcome) {
    const releases = await s.app.backends[service].releases(query)
    const before = new Set(s[service].state.queue.map(q => q.id))
    await s.app.backends[service].grab(releases[0].guid!, releases[0].indexerId)
    const items = s[service].state.queue.filter(q => !before.has(q.id))
    await untilTracked(items)
    const job = sab.state.add(items[0].title, 4 * 1024 * 1024, { outcome })
    for (const q of items) Object.assign(q, { protocol: 'usenet', downloadId: job.nzo_id })
    return { items, job }
  }
  return { ...s, sab, usenetGrab }
}

t.test('a failed Usenet download is stuck with SABnzbd\'s reason, and retry replaces it', async t => {
  const s = await setup(t)
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const [e1, e2] = s.sonarr.state.library.bySeries.get(harbor.id)!
  const repair = await s.usenetGrab('sonarr', { episodeId: e1.id }, 'repair failed')
  const unpack = await s.usenetGrab('sonarr', { episodeId: e2.id }, 'unpack failed')
  s.sab.state.advance(20_000)
  t.equal(s.sab.state.find(repair.job.nzo_id)?.status, 'Failed')
  t.equal(s.sab.state.find(unpack.job.nzo_id)?.status, 'Failed')

  // The manager has not polled SABnzbd since: its rows still say downloading. SABnzbd's history is what counts.
  let view = ok(await s.call('series_status', { view: 'stuck' }))
  const row = (queueId: number) => view.items.find((r: any) => r.queueId === queueId)
  t.match(row(repair.items[0].id), { stuck: { kind: 'failed', fix: 'retry', strikes: 0 }, protocol: 'usenet', messages: ['SABnzbd: failed (par2 repair failed)'] })
  t.match(row(unpack.items[0].id), { stuck: { kind: 'failed', fix: 'retry' }, messages: ['SABnzbd: failed (unpack failed)'] })

  // Once the manager marks it failed (FailedDownloadService: failedPending), the reason stays SABnzbd's.
  for (const q of repair.items) q.stuck = stuckAs('sonarr', q.title, 'failed')
  view = ok(await s.call('series_status', { view: 'stuck' }))
  t.match(row(repair.items[0].id), { stuck: { kind: 'failed' }, state: 'failedPending', messages: ['SABnzbd: failed (par2 repair failed)'] })
  const text = (await s.call('series_status', { view: 'stuck' })).content[0].text
  t.match(text, `(strike 1 of 2): cancel_downloads {"action":"retry","ids":["series:${repair.items[0].id}"]}`)

  const args = { action: 'retry', source: 'series', ids: [`series:${repair.items[0].id}`], deleteFiles: false }
  const preview = data(await s.call('cancel_downloads', args)).confirmation
  t.match(preview.targets, [{ id: `series:${repair.items[0].id}`, downloadId: repair.job.nzo_id.toLowerCase(), strikes: 0 }])
  const commandsBefore = s.sonarr.state.commands.size
  const done = ok(await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken }))
  t.match(done, { action: 'retry', removed: [{ id: `series:${repair.items[0].id}` }], failed: [] })
  t.match(s.sonarr.state.queueRemovals.at(-1), { id: repair.items[0].id, blocklist: true, skipRedownload: false })
  t.match(s.sonarr.state.blocklist.at(-1), { episodeIds: [e1.id], sourceTitle: repair.items[0].title })
  t.match([...s.sonarr.state.commands.values()].slice(commandsBefore), [{ name: 'EpisodeSearch' }], 'the manager searches again')
  t.same(ok(await s.call('series_status', { view: 'stuck' })).items.map((r: any) => r.queueId), [unpack.items[0].id], 'the replaced download is no longer stuck')
})

t.test('a Usenet download still fetching is not stuck; a failed one whose SABnzbd does not answer says so', async t => {
  const s = await setup(t)
  const movies = [...s.radarr.state.library.movies.values()].filter(m => !m.movieFileId)
  const fetching = await s.usenetGrab('radarr', { movieId: movies[0].id }, 'complete')
  const failed = await s.usenetGrab('radarr', { movieId: movies[1].id }, 'missing articles')
  s.sab.state.jobs.reverse() // the failing job downloads first
  s.sab.state.advance(3_000)
  t.equal(s.sab.state.find(failed.job.nzo_id)?.status, 'Failed')
  const rows = ok(await s.call('movie_status', { view: 'stuck' })).items
  t.same(rows.map((r: any) => r.queueId), [failed.items[0].id], `the download still fetching (${fetching.job.nzo_id}) is not stuck`)
  t.match(rows, [{ stuck: { kind: 'failed' }, messages: ['SABnzbd: failed (missing articles)'] }])

  for (const q of failed.items) q.stuck = stuckAs('radarr', q.title, 'failed')
  await s.sab.close()
  const view = ok(await s.call('movie_status', { view: 'stuck' }))
  t.match(view.items, [{ queueId: failed.items[0].id, stuck: { kind: 'failed' }, messages: ['SABnzbd did not answer, so why it failed is not known here'] }])
})
