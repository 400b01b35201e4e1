// Issue: during a grab the dashboard said "Nothing downloading." while download_status listed the item. The
// Downloads panel now reads the queue through the same code as download_status (domains/downloads/queue-read.ts):
// what the series and movie managers hold is listed, and a source that did not answer is named, never read as empty.
import t from 'tap'
import { Value } from '@sinclair/typebox/value'
import { startServarrStack } from '../helpers/servarr-sims.js'
import { loadDownloads } from '../../routes/api/dashboard/downloads.js'
import { DownloadsSection } from '../../routes/api/dashboard/schemas.js'
import { ok } from '../helpers/results.js'
import { grabSeasonPack } from '../helpers/grabs.js'

t.test('a grab the series manager holds shows on the dashboard as in download_status; the silent torrent client is named', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 60_000 }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  await grabSeasonPack(s)

  const tool = ok(await s.call('download_status', {}))
  t.equal(tool.total, 1, 'download_status lists the grab')
  const section = await loadDownloads(s.app, 5_000)
  t.ok(Value.Check(DownloadsSection, section), 'matches the dashboard schema')
  t.same(section.items.map(i => [i.source, i.id, i.name, i.about, i.state]), tool.items.map((i: any) => [i.source, `${i.source}:${i.id}`, i.name, i.about, i.state]), 'the same rows')
  t.notOk('speedBytesPerSecond' in section.items[0]!, 'no speed is made up for a manager row')
  t.match(section.sources.find(x => x.service === 'Torrent client'), { available: false, reason: /unreachable/ })
  t.match(section.sources.find(x => x.service === 'Series manager'), { available: true })

  s.sonarr.faults.set('down')
  s.radarr.faults.set('down')
  t.teardown(() => { s.sonarr.faults.set('none'); s.radarr.faults.set('none') })
  const silent = await loadDownloads(s.app, 5_000)
  t.same(silent.items, [])
  t.same(silent.sources.filter(x => !x.available).map(x => x.service).sort(), ['Movie manager', 'Series manager', 'Torrent client'], 'each silent source is named, so the page says it does not know')
})
