// One Deluge torrent status (core.get_torrents_status, clients/deluge/types.ts KEYS) as the torrent client
// contract's row (clients/torrent/types.ts). Citations are github.com/deluge-torrent/deluge at tag deluge-2.0.3.
import type { PathMap } from '../../core/path-map.js'
import { delugeStatus } from '../../core/download-state/index.js'
import { isoFromEpoch } from '../qbittorrent/types.js'
import { insideFolder } from '../torrent/save-path.js'
import type { TorrentInfo } from '../torrent/types.js'
import { delugePhase, NO_SUCH_FILE, type RawDelugeTorrent } from './types.js'

export function delugeRow (t: RawDelugeTorrent, pathMap: PathMap): TorrentInfo {
  const phase = delugePhase(t)
  const still = t.state === 'Paused'
  const left = Math.max(0, t.total_wanted - t.total_done)
  return {
    hash: t.hash.toLowerCase(),
    name: t.name,
    state: t.state,
    phase,
    // The one download-state model (core/download-state): a paused row is paused whatever rate it still shows.
    status: delugeStatus(still ? { ...t, download_payload_rate: 0, upload_payload_rate: 0 } : t),
    // progress reads 100 in Error whatever is on disk (torrent.py 958-959): bytes say it then.
    progress: t.state === 'Error' ? (t.total_wanted > 0 ? t.total_done / t.total_wanted : 0) : t.progress / 100,
    // A paused torrent keeps libtorrent's last rates and an eta for a while after the pause (seen on the real
    // 2.0.3: 6 kB/s and 800 s 15 s later; torrent.py get_eta 720-745 reads the cached status): it moves nothing.
    downloadSpeed: still ? 0 : t.download_payload_rate,
    uploadSpeed: still ? 0 : t.upload_payload_rate,
    etaSeconds: !still && t.eta > 0 ? t.eta : undefined,
    sizeBytes: t.total_wanted,
    amountLeftBytes: left,
    savePath: pathMap.toOurs(t.download_location),
    contentPath: pathMap.toOurs(insideFolder(t.download_location, t.name)),
    category: t.label ?? '',
    tags: [],
    addedOn: isoFromEpoch(t.time_added),
    completedOn: isoFromEpoch(t.completed_time),
    ratio: t.ratio,
    ...(phase === 'error' ? { error: t.message } : {}),
    // A magnet without metadata has no size yet; otherwise downloading with nothing arriving.
    ...(phase === 'downloading' && t.total_wanted === 0 ? { stall: 'noMetadata' as const } : phase === 'downloading' && t.download_payload_rate === 0 ? { stall: 'noData' as const } : {}),
    ...(phase === 'error' && NO_SUCH_FILE.test(t.message) ? { filesMissing: true } : {})
  }
}
