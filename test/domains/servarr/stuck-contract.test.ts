// The stuck kinds read the torrent contract, not one client's state words: a Transmission torrent that
// receives nothing, has no metadata or has lost its data is judged as qBittorrent's stalledDL, metaDL and
// missingFiles are.
import t from 'tap'
import { stuckKind, STALL_GRACE_MS } from '../../../domains/servarr/stuck.js'
import type { TorrentInfo } from '../../../clients/torrent/types.js'

const now = Date.parse('2026-01-01T12:00:00Z')
const long = new Date(now - STALL_GRACE_MS - 1000).toISOString()
const recent = new Date(now - 60_000).toISOString()
const queue = { trackedDownloadState: 'downloading', trackedDownloadStatus: 'ok', status: 'downloading', added: long } as unknown as Parameters<typeof stuckKind>[0]
const torrent = (o: Partial<TorrentInfo>): TorrentInfo => ({
  hash: 'a'.repeat(40), name: 'X', state: 'Downloading', phase: 'downloading', status: { state: 'downloading' }, progress: 0.1, downloadSpeed: 0, uploadSpeed: 0, sizeBytes: 1, amountLeftBytes: 1, savePath: '/d', contentPath: '/d/X', category: '', tags: [], ratio: 0, addedOn: long, ...o
})

t.test('Transmission states through the contract', async t => {
  t.equal(stuckKind(queue, torrent({ stall: 'noData' }), now), 'stalled')
  t.equal(stuckKind(queue, torrent({ stall: 'noData', addedOn: recent }), now), undefined, 'within the grace period it is not stuck yet')
  t.equal(stuckKind(queue, torrent({ stall: 'noMetadata' }), now), 'noMetadata')
  t.equal(stuckKind(queue, torrent({ state: 'Error', phase: 'error', error: 'No data found! Ensure your drives are connected', filesMissing: true }), now), 'clientError')
  t.equal(stuckKind(queue, torrent({ downloadSpeed: 5000 }), now), undefined, 'a torrent receiving data is not stuck')
})
