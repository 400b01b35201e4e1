// Issue 34 #2: download_status opened "6 downloads in progress or waiting: … failed 40% …" when 2 of the 6 had
// failed and 1 waited for an import. The headline now counts by state (core/download-state), each row carries
// the state and why, and the dashboard's Downloads panel counts through the same model.
import t from 'tap'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { stuckAs } from '../../../simulators/servarr/stuck.js'
import { loadDownloads } from '../../../routes/api/dashboard/downloads.js'
import { ok } from '../../helpers/results.js'
import { grabSeasonPack } from '../../helpers/grabs.js'

t.test('6 downloads, 2 failed and 1 waiting for an import: the headline and the dashboard count each state', async t => {
  const s = await startServarrStack(t, { sim: { downloadMs: 600_000 }, config: { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' } })
  await grabSeasonPack(s)
  const queue = s.sonarr.state.queue
  // The season pack's rows made six downloads, each its own download id.
  const first = queue[0]!
  queue.splice(1)
  for (let i = 1; i < 6; i++) queue.push({ ...first, id: first.id + i * 100, downloadId: `${'B'.repeat(39)}${i}`, title: `Northern.Line.S01E0${i + 1}.1080p` })
  queue[1]!.stuck = stuckAs('sonarr', queue[1]!.title, 'failed')
  queue[2]!.stuck = { ...stuckAs('sonarr', queue[2]!.title, 'failed'), trackedDownloadState: 'failed', trackedDownloadStatus: 'error', errorMessage: 'Download failed - Not on your server(s)' }
  // CompletedDownloadService.cs Check(): finished in the client, import pending and nothing wrong.
  queue[3]!.stuck = { status: 'completed', trackedDownloadState: 'importPending', trackedDownloadStatus: 'ok', statusMessages: [], finished: true }

  const data = ok(await s.call('download_status', {}))
  t.equal(data.total, 6)
  const text = (await s.call('download_status', {})).content[0].text as string
  t.match(text, /^6 downloads: 3 downloading, 2 failed, 1 waiting for an import\. /, 'the headline counts by state')
  t.notMatch(text, /in progress or waiting/)
  t.same(data.items.map((i: any) => i.status).sort(), ['downloading', 'downloading', 'downloading', 'failed', 'failed', 'waitingForImport'], 'structured rows keep the enum')
  t.match(data.items.find((i: any) => i.id === queue[2]!.downloadId.toLowerCase()), { status: 'failed', reason: /Not on your server/ })

  const section = await loadDownloads(s.app, 5_000)
  t.same(section.counts, [{ state: 'downloading', count: 3 }, { state: 'failed', count: 2 }, { state: 'waitingForImport', count: 1 }], 'the dashboard counts through the same model')
  t.equal(section.summary, '3 downloading, 2 failed, 1 waiting for an import')
  t.same(section.items.map(i => i.status), ['downloading', 'downloading', 'downloading', 'failed', 'failed', 'waitingForImport'], 'rows in the headline\'s order')
  t.match(section.items[3], { status: 'failed' })
})
