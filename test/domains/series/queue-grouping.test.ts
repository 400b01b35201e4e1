// A season pack the series manager lists once per episode is one row in the queue view.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { ok } from '../../helpers/results.js'

const s = await startServarrStack(t, { sim: { downloadMs: 60_000 } })
const NORTHERN_LINE = 400001

t.test('series_status queue: one row per download, with every episode it covers', async t => {
  ok(await s.call('series_search', { addTvdbId: NORTHERN_LINE, qualityProfile: 'HD-1080p', rootFolder: 'tv', monitor: 'all' }))
  const packs = ok(await s.call('series_releases', { id: NORTHERN_LINE, seasonNumber: 1, includeRejected: false })).items
  const pack = packs.find((r: any) => r.fullSeason)
  ok(await s.call('series_grab', { id: NORTHERN_LINE, seasonNumber: 1, guid: pack.guid, indexerId: pack.indexerId }))
  const perEpisode = s.sonarr.state.queue.length
  t.ok(perEpisode > 1, `the manager lists the pack once per episode (${perEpisode})`)

  const queue = ok(await s.call('series_status', { view: 'queue' }))
  t.equal(queue.total, 1, 'one download, one row')
  t.equal(queue.items[0].queueIds.length, perEpisode)
  t.equal(queue.items[0].episodeIds.length, perEpisode)
  t.equal(new Set(s.sonarr.state.queue.map(q => q.downloadId)).size, 1)
})
