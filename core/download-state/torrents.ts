// The torrent clients' own states mapped into the one vocabulary (states.ts). Each takes the raw fields its
// client's wire format carries (the client files pass them through untouched), so the mapping reads as the
// program's own words. Unlike Sonarr (src/NzbDrone.Core/Download/Clients/*, v4.0.19.2979), which shows every
// metadata wait as Queued or Downloading and never looks at peers, a magnet nobody shares is stalled here.
import { failed, stalled, type DownloadStatus } from './states.js'

/** Connected and idle this long (no byte in or out) is "no progress", not a passing lull. */
export const NO_PROGRESS_MS = 10 * 60_000

const getting = 'getting its metadata from peers'

/**
 * qBittorrent `state` (src/webui/api/serialize/serialize_torrent.cpp torrentStateToString, release-4.5.5 43-86;
 * release-5.1.4 44-87 renames paused* to stopped*), derived in src/base/bittorrent/torrentimpl.cpp updateState
 * (release-4.5.5 1002-1060): metaDL until the metadata arrives; stalledDL whenever the payload rate is 0 this
 * instant, peers or not. So peers decide: `num_seeds`/`num_leechs` are the peers connected now and
 * `last_activity` the epoch second of the last payload (serialize_torrent.cpp release-4.5.5 101-106, 120-122).
 */
export interface QbittorrentRaw { state: string, num_seeds?: number, num_leechs?: number, last_activity?: number }

export function qbittorrentStatus (t: QbittorrentRaw, now = Date.now()): DownloadStatus {
  const peers = (t.num_seeds ?? 0) + (t.num_leechs ?? 0)
  switch (t.state) {
    case 'error': return failed('the torrent client reports an error')
    case 'missingFiles': return failed('its files are missing from disk')
    case 'pausedDL': case 'stoppedDL': return { state: 'paused' }
    case 'queuedDL': return { state: 'queued' }
    case 'checkingDL': case 'checkingUP': case 'checkingResumeData': return { state: 'queued', reason: 'checking its files' }
    case 'metaDL': case 'forcedMetaDL':
      return peers === 0 ? stalled('noMetadata') : { state: 'downloading', reason: getting }
    case 'stalledDL':
      if (peers === 0) return stalled('noPeers')
      if (t.last_activity !== undefined && t.last_activity > 0 && now - t.last_activity * 1000 >= NO_PROGRESS_MS) return stalled('noProgress', 'peers are connected but send nothing')
      return { state: 'downloading' }
    case 'downloading': case 'forcedDL': return { state: 'downloading' }
    case 'moving': return { state: 'queued', reason: 'moving its files' }
    // Finished: the client holds every byte (seeding, stopped after seeding or waiting to seed).
    case 'uploading': case 'stalledUP': case 'queuedUP': case 'forcedUP': case 'pausedUP': case 'stoppedUP':
      return { state: 'completed' }
    // Sonarr reads an unknown state as Downloading (QBittorrent.cs 307-311); so do we, saying so.
    default: return { state: 'downloading', reason: `the torrent client's state "${t.state.slice(0, 40)}" is not known here` }
  }
}

/**
 * Transmission (libtransmission/transmission.h 3.00 1649-1684): `status` 0 stopped, 1 check-wait, 2 check,
 * 3 download-wait, 4 download, 5 seed-wait, 6 seed; `error` 3 is a local error (disk, missing data), 1-2 a tracker
 * warning or error; `metadataPercentComplete` < 1 while a magnet has no metadata, `peersConnected` and
 * `isStalled` (idle past queue-stalled-minutes, libtransmission/torrent.c 3.00 1321-1325) as extras/rpc-spec.txt
 * 3.00 195-217 lists them. A stopped torrent with data left is paused (Sonarr says Downloading).
 */
export interface TransmissionRaw {
  status: number
  error: number
  errorString: string
  percentDone: number
  metadataPercentComplete: number
  peersConnected?: number
  isStalled?: boolean
  rateDownload: number
}

export function transmissionStatus (t: TransmissionRaw): DownloadStatus {
  if (t.error === 3) return failed(t.errorString ? `the torrent client reports: ${t.errorString}` : 'the torrent client reports an error')
  const tracker = (t.error === 1 || t.error === 2) && t.errorString ? `the tracker says ${t.errorString}` : undefined
  switch (t.status) {
    case 0: return t.percentDone >= 1 ? { state: 'completed' } : { state: 'paused' }
    case 1: case 2: return { state: 'queued', reason: 'checking its files' }
    case 3: return { state: 'queued' }
    case 5: case 6: return { state: 'completed' }
  }
  const peers = t.peersConnected ?? 0
  if (t.metadataPercentComplete < 1) return peers === 0 ? stalled('noMetadata', tracker) : { state: 'downloading', reason: getting }
  if (peers === 0 && t.rateDownload === 0) return stalled('noPeers', tracker)
  if (t.isStalled) return stalled('noProgress', 'peers are connected but send nothing')
  return { state: 'downloading' }
}

/**
 * Deluge `state` (deluge/common.py 2.0.3 70-79, chosen in deluge/core/torrent.py 2.0.3 632-660: Error with the
 * text in `message`, paused + auto-managed reads Queued, a magnet fetching metadata reads Downloading with
 * `total_wanted` 0); `num_seeds`/`num_peers` are the peers connected (torrent.py 2.0.3 1043-1140). Sonarr keeps
 * Deluge's `message` out of sight ("Deluge is reporting an error", Deluge.cs 114-214); here it is the reason.
 */
export interface DelugeRaw {
  state: string
  message: string
  total_wanted: number
  is_finished: boolean
  num_seeds?: number
  num_peers?: number
  download_payload_rate: number
}

export function delugeStatus (t: DelugeRaw): DownloadStatus {
  if (t.state === 'Error') return failed(t.message && t.message !== 'OK' ? `the torrent client reports: ${t.message}` : 'the torrent client reports an error')
  if (t.is_finished && t.state !== 'Checking') return { state: 'completed' }
  const peers = (t.num_seeds ?? 0) + (t.num_peers ?? 0)
  switch (t.state) {
    case 'Paused': return { state: 'paused' }
    case 'Queued': return { state: 'queued' }
    case 'Checking': case 'Allocating': return { state: 'queued', reason: 'checking its files' }
    case 'Moving': return { state: 'queued', reason: 'moving its files' }
    case 'Seeding': return { state: 'completed' }
    case 'Downloading':
      if (t.total_wanted === 0) return peers === 0 ? stalled('noMetadata') : { state: 'downloading', reason: getting }
      return peers === 0 && t.download_payload_rate === 0 ? stalled('noPeers') : { state: 'downloading' }
    default: return { state: 'downloading', reason: `the torrent client's state "${t.state.slice(0, 40)}" is not known here` }
  }
}
