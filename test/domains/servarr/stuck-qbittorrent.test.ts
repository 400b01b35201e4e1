// Stuck torrents as the real qbittorrent-nox reports them: a torrent nobody seeds sits in stalledDL and a
// magnet nobody answers in metaDL. The stuck classifier reads those states through our client and calls
// them stuck only once the grace period has passed since the torrent was added.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { QueueItem } from '../../../clients/servarr/types.js'
import { STALL_GRACE_MS, stuckRows } from '../../../domains/servarr/stuck.js'
import { clientFor, makeTorrent, startQbittorrent, swarmUnavailable, waitFor } from '../../helpers/qbt-swarm.js'

test('stalledDL and metaDL from the real qBittorrent become stuck after the grace period', { skip: await swarmUnavailable(4) }, async t => {
  const base = mkdtempSync(join(tmpdir(), 'qbt-stuck-'))
  const downloadsRoot = join(base, 'downloads')
  const ours = await startQbittorrent(join(base, 'ours'), { downloadDir: downloadsRoot, major: 4 })
  const client = clientFor(ours, downloadsRoot)
  t.teardown(async () => { await client.close(); await ours.stop(); rmSync(base, { recursive: true, force: true }) })

  // A torrent with no peer anywhere (DHT, LSD and PeX are off; no tracker), and a magnet for a random hash.
  const orphan = makeTorrent(join(base, 'made'), 'Orphan.Show.S01E01.mkv', 256 * 1024)
  const { hash: stalledHash } = await client.addTorrentFile(orphan.torrent, { savePath: downloadsRoot })
  const magnetHash = 'ab'.repeat(20)
  await client.addMagnet(`magnet:?xt=urn:btih:${magnetHash}&dn=Nobody`, { savePath: downloadsRoot })
  const torrents = await waitFor('stalledDL and metaDL', async () => {
    const list = await client.list({ hashes: [stalledHash, magnetHash] })
    const states = new Map(list.map(x => [x.hash, x.state]))
    return states.get(stalledHash) === 'stalledDL' && states.get(magnetHash) === 'metaDL' ? list : undefined
  })

  // The manager lists both as plain downloads (its ids are upper-case hashes, as Sonarr's are).
  const queue: QueueItem[] = [
    { id: 1, seriesId: 1, episodeId: 11, title: 'Orphan.Show.S01E01', status: 'downloading', trackedDownloadState: 'downloading', trackedDownloadStatus: 'ok', downloadId: stalledHash.toUpperCase(), size: 262144, sizeleft: 262144, protocol: 'torrent' },
    { id: 2, seriesId: 1, episodeId: 12, title: 'Nobody.S01E02', status: 'queued', trackedDownloadState: 'downloading', trackedDownloadStatus: 'ok', downloadId: magnetHash.toUpperCase(), size: 0, sizeleft: 0, protocol: 'torrent' }
  ] as QueueItem[]
  t.same(stuckRows('series', queue, torrents, () => 0, 3, Date.now()), [], 'just added: not stuck yet')
  const later = Date.now() + STALL_GRACE_MS + 60_000
  const rows = stuckRows('series', queue, torrents, () => 0, 3, later)
  t.match(rows, [
    { queueId: 1, stuck: { kind: 'stalled', fix: 'retry', strikes: 0 }, messages: [/^Torrent client state stalledDL \(added /] },
    { queueId: 2, stuck: { kind: 'noMetadata', fix: 'retry' }, messages: [/^Torrent client state metaDL/] }
  ])
  t.match(stuckRows('series', queue, torrents, () => 3, 3, later), [{ stuck: { fix: 'person' } }, { stuck: { fix: 'person' } }], 'at the strike limit: the person decides')
})
