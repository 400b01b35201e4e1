// The one download-state model (core/download-state): each program's raw states into one vocabulary, the
// household words and the headline counts. The real programs are exercised in test/domains/downloads
// (magnet-stalled, usenet-stalled); these pin each mapping's edges.
import t from 'tap'
import { countByState, countsLine, describeStatus, delugeStatus, managerStatus, nzbgetTrouble, qbittorrentStatus, transmissionStatus, usenetStatus } from '../../core/download-state/index.js'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const ago = (minutes: number) => (NOW - minutes * 60_000) / 1000

t.test('qBittorrent: peers decide between stalled and a passing lull', async t => {
  t.match(qbittorrentStatus({ state: 'metaDL', num_seeds: 0, num_leechs: 0 }, NOW), { state: 'stalled', cause: 'noMetadata' })
  t.match(qbittorrentStatus({ state: 'metaDL', num_seeds: 2, num_leechs: 0 }, NOW), { state: 'downloading', reason: 'getting its metadata from peers' })
  t.match(qbittorrentStatus({ state: 'stalledDL', num_seeds: 0, num_leechs: 0 }, NOW), { state: 'stalled', cause: 'noPeers', reason: 'no one is sharing it' })
  t.same(qbittorrentStatus({ state: 'stalledDL', num_seeds: 3, num_leechs: 1, last_activity: ago(2) }, NOW), { state: 'downloading' }, 'a lull is not a stall')
  t.match(qbittorrentStatus({ state: 'stalledDL', num_seeds: 3, num_leechs: 1, last_activity: ago(11) }, NOW), { state: 'stalled', cause: 'noProgress' })
  t.same(qbittorrentStatus({ state: 'stoppedDL' }, NOW), { state: 'paused' })
  t.same(qbittorrentStatus({ state: 'stoppedUP' }, NOW), { state: 'completed' })
  t.match(qbittorrentStatus({ state: 'missingFiles' }, NOW), { state: 'failed', reason: 'its files are missing from disk' })
  t.match(qbittorrentStatus({ state: 'brandNew' }, NOW), { state: 'downloading', reason: /"brandNew" is not known/ })
})

t.test('Transmission: a stopped unfinished torrent is paused; no peers is stalled; a local error fails', async t => {
  const base = { status: 4, error: 0, errorString: '', percentDone: 0.3, metadataPercentComplete: 1, peersConnected: 2, isStalled: false, rateDownload: 1000 }
  t.same(transmissionStatus(base), { state: 'downloading' })
  t.same(transmissionStatus({ ...base, status: 0 }), { state: 'paused' })
  t.same(transmissionStatus({ ...base, status: 0, percentDone: 1 }), { state: 'completed' })
  t.match(transmissionStatus({ ...base, metadataPercentComplete: 0, peersConnected: 0, rateDownload: 0 }), { state: 'stalled', cause: 'noMetadata' })
  t.match(transmissionStatus({ ...base, peersConnected: 0, rateDownload: 0, error: 2, errorString: 'Tracker gave HTTP response code 404' }), { state: 'stalled', cause: 'noPeers', reason: 'no one is sharing it: the tracker says Tracker gave HTTP response code 404' })
  t.match(transmissionStatus({ ...base, isStalled: true, rateDownload: 0 }), { state: 'stalled', cause: 'noProgress' })
  t.match(transmissionStatus({ ...base, error: 3, errorString: 'No data found! Ensure your drives are connected' }), { state: 'failed', reason: /No data found/ })
})

t.test('Deluge: the error text is the reason; a magnet with no peers waits for metadata', async t => {
  const base = { state: 'Downloading', message: 'OK', total_wanted: 100, is_finished: false, num_seeds: 1, num_peers: 0, download_payload_rate: 10 }
  t.same(delugeStatus(base), { state: 'downloading' })
  t.match(delugeStatus({ ...base, state: 'Error', message: 'Disk full' }), { state: 'failed', reason: 'the torrent client reports: Disk full' })
  t.match(delugeStatus({ ...base, total_wanted: 0, num_seeds: 0 }), { state: 'stalled', cause: 'noMetadata' })
  t.same(delugeStatus({ ...base, state: 'Paused', is_finished: true }), { state: 'completed' })
})

t.test('the managers: import and their own failures', async t => {
  t.match(managerStatus({ status: 'completed', trackedDownloadState: 'importBlocked', messages: ['Series title mismatch'] }), { state: 'importBlocked', reason: 'Series title mismatch' })
  t.same(managerStatus({ status: 'completed', trackedDownloadState: 'importPending', trackedDownloadStatus: 'ok' }), { state: 'waitingForImport' })
  t.match(managerStatus({ status: 'completed', trackedDownloadState: 'downloading', trackedDownloadStatus: 'warning', messages: ['not a valid local path'] }), { state: 'importBlocked' })
  t.match(managerStatus({ status: 'failed', trackedDownloadState: 'failedPending', messages: [] }), { state: 'failed' })
  t.match(managerStatus({ status: 'delay', trackedDownloadState: 'downloading' }), { state: 'queued', reason: 'waiting for a better release' })
})

t.test('NZBGet: a refused news server only in its log, recent and with nothing arriving', async t => {
  const log = [
    { Kind: 'INFO', Time: 1000, Text: 'Collection X added to queue' },
    { Kind: 'ERROR', Time: 1100, Text: 'Connection to news.example.com failed: ErrNo 111, Connection refused' },
    { Kind: 'WARNING', Time: 1100, Text: 'Blocking server1 (news.example.com) for 10 sec' }
  ]
  t.match(nzbgetTrouble({ DownloadRate: 0, ServerTime: 1150 }, log), { cause: 'newsServer', detail: 'Connection to news.example.com failed: ErrNo 111, Connection refused' })
  t.equal(nzbgetTrouble({ DownloadRate: 5000, ServerTime: 1150 }, log), undefined, 'data arriving: no trouble')
  t.equal(nzbgetTrouble({ DownloadRate: 0, ServerTime: 1100 + 600 }, log), undefined, 'old trouble is over')
  t.match(nzbgetTrouble({ DownloadRate: 0, QuotaReached: true }, []), { cause: 'quota' })
  t.match(usenetStatus('fetching', undefined, { cause: 'newsServer', detail: 'x' }), { state: 'stalled', reason: 'the news server refuses every connection: x' })
  t.same(usenetStatus('queued', undefined, { cause: 'newsServer' }), { state: 'queued' }, 'only a job fetching is stalled by it')
  t.match(usenetStatus('unpacking'), { state: 'downloading', reason: 'unpacking' })
})

t.test('household words and the headline', async t => {
  t.equal(describeStatus({ state: 'stalled', reason: 'no one is sharing it' }), 'stuck: no one is sharing it')
  t.equal(describeStatus({ state: 'waitingForImport' }), 'waiting for an import')
  const counts = countByState([{ state: 'failed' }, { state: 'downloading' }, { state: 'waitingForImport' }, { state: 'downloading' }])
  t.equal(countsLine(counts), '2 downloading, 1 failed, 1 waiting for an import')
})
