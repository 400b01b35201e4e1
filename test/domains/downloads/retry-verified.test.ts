// Issue 34 item 9 (a): retrying a failed series-manager download with its data said "data DELETED … removed" while
// the file stayed. Sonarr's DELETE /queue/{id}?removeFromClient=true hands "with its data" to its download client
// (Sonarr v4.0.19.2979 src/Sonarr.Api.V3/Queue/QueueController.cs Remove → downloadClient.RemoveItem(item, true)); a
// client that never held that hash removes nothing, and the manager still answers 200. The answer now says what
// the look after the request found, with the call that deletes what was left.
import t from 'tap'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { data, ok, text } from '../../helpers/results.js'
import { untilTracked } from '../../helpers/grabs.js'

t.test('a retried download whose data the manager did not delete: named as still there, with the call to delete it', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 300, queueRefreshMs: 5, manualClock: true }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const episode = s.sonarr.state.library.bySeries.get(harbor.id)![0]!
  const [release] = await s.app.backends.sonarr.releases({ episodeId: episode.id })
  await s.app.backends.sonarr.grab(release!.guid!, release!.indexerId)
  const item = s.sonarr.state.queue.at(-1)!
  await untilTracked([item])
  s.sonarr.state.advanceClock(300)
  ok(await s.call('cancel_downloads', { action: 'list', source: 'series' }))
  const folder = join(s.roots.downloads, 'complete', item.title)
  const file = join(folder, `${item.fileName ?? item.title}.mkv`)
  t.ok(existsSync(file), 'the finished download is on disk')
  item.stuck = stuckAs('sonarr', item.title, 'failed')

  const args = { action: 'retry', source: 'series', ids: [`series:${item.id}`] }
  const preview = data(await s.call('cancel_downloads', args)).confirmation
  t.match(preview.summary, /data DELETED from disk: 1 file/)
  const done = await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken })
  const result = ok(done)
  t.notOk(s.sonarr.state.queue.some(q => q.id === item.id), 'the manager removed it from its queue')
  t.ok(existsSync(file), 'the file stays: no download client held it')
  t.match(text(done), /^Replaced 1 download: removed, release blocklisted/)
  t.notMatch(text(done), /deleted (its|their) data/, 'no deletion is claimed')
  t.match(text(done), `Asked the series manager to delete the data of "${item.title}" (series:${item.id}), but 1 file (64.0 KiB) is still in "downloads/complete/${item.title}"`)
  t.same(result.verified.stillThere, [{ path: `downloads/complete/${item.title}`, files: 1, bytes: 64 * 1024 }])
  t.same(result.next[0], { tool: 'manage_files', arguments: { action: 'delete', paths: [`downloads/complete/${item.title}`] }, why: result.next[0].why }, 'first: delete what was left')
  t.same(result.next.slice(1).map((c: { tool: string, arguments: { view?: string } }) => [c.tool, c.arguments.view]), [['series_status', 'stuck']], 'then: the stuck view to check the new search, nothing else')
})

t.test('a retried download whose data went: "deleted its data" with what the preview counted', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 300, queueRefreshMs: 5, manualClock: true }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  const harbor = [...s.sonarr.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  const episode = s.sonarr.state.library.bySeries.get(harbor.id)![0]!
  const [release] = await s.app.backends.sonarr.releases({ episodeId: episode.id })
  await s.app.backends.sonarr.grab(release!.guid!, release!.indexerId)
  const item = s.sonarr.state.queue.at(-1)!
  await untilTracked([item])
  s.sonarr.state.advanceClock(300)
  ok(await s.call('cancel_downloads', { action: 'list', source: 'series' }))
  item.stuck = stuckAs('sonarr', item.title, 'failed')
  const args = { action: 'retry', source: 'series', ids: [`series:${item.id}`] }
  const preview = data(await s.call('cancel_downloads', args)).confirmation
  // A download client that does hold it deletes its data as the manager removes it.
  const client = s.app.backends.sonarr
  const remove = client.deleteQueueItem.bind(client)
  client.deleteQueueItem = async (...a: Parameters<typeof remove>) => {
    const answer = await remove(...a)
    rmSync(join(s.roots.downloads, 'complete', item.title), { recursive: true })
    return answer
  }
  const done = await s.call('cancel_downloads', { ...args, confirmToken: preview.confirmToken })
  t.match(text(done), /^Replaced 1 download: removed and deleted its data \(1 file \(64\.0 KiB\)\), release blocklisted/)
  t.same(ok(done).verified.gone, [`downloads/complete/${item.title}`])
  t.same((ok(done).next ?? []).map((c: { tool: string }) => c.tool), ['series_status'], 'nothing left to do but check the new search later')
})
