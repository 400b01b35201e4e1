// Deluge's torrent status keys and states, mapped to the torrent client contract (clients/torrent/types.ts).
// Sources: github.com/deluge-torrent/deluge at tag deluge-2.0.3 (Debian 12's deluged), unchanged in name and
// meaning through 2.2.0.
import type { TorrentPhase } from '../torrent/types.js'

// Status keys of deluge/core/torrent.py 1040-1136 (status_funcs); an unknown key raises KeyError (get_status
// 1002-1003), so only these are asked for. 'label' is the Label plugin's status field (deluge_label/core.py 80,
// 350): a key no torrent has goes to the plugins (torrentmanager.py separate_keys 1641-1650), and a field no
// enabled plugin registered is left out of the answer (pluginmanager.py get_status 84-94), not an error.
export const KEYS = [
  'hash', 'name', 'state', 'progress', 'download_payload_rate', 'upload_payload_rate', 'eta', 'total_wanted',
  'total_done', 'download_location', 'time_added', 'completed_time', 'ratio', 'message', 'is_finished', 'label',
  'num_seeds', 'num_peers'
] as const

export interface RawDelugeTorrent {
  hash: string
  name: string
  /** One of TORRENT_STATE (deluge/common.py 70-78). */
  state: string
  /** 0–100 (torrent.py get_progress 945-970); 100 while in Error whatever is on disk. */
  progress: number
  download_payload_rate: number
  upload_payload_rate: number
  /** Seconds; 0 when unknown, -1 beyond a year (torrent.py get_eta 720-745). */
  eta: number
  /** Bytes of the wanted files; 0 while a magnet has no metadata (libtorrent status). */
  total_wanted: number
  total_done: number
  download_location: string
  /** Epoch seconds. */
  time_added: number
  completed_time: number
  ratio: number
  /** "OK", or the error text while in Error (torrent.py set_status_message 677-687, update_state 640-645). */
  message: string
  is_finished: boolean
  /** The Label plugin's label, '' for none; absent while the plugin is off. */
  label?: string
  /** Peers connected now, seeds and others (torrent.py 2.0.3 1043-1140). */
  num_seeds?: number
  num_peers?: number
}

// TORRENT_STATE (deluge/common.py 70-78). Queued is an auto-managed torrent the queue holds back (torrent.py
// update_state 648-649): queued to seed when finished, to download otherwise.
const PHASES: Record<string, TorrentPhase> = {
  Allocating: 'downloading',
  Checking: 'checking',
  Downloading: 'downloading',
  Seeding: 'seeding',
  Paused: 'paused',
  Error: 'error',
  Queued: 'queued',
  Moving: 'other'
}

/** The phase of a torrent: paused with everything on disk is completed (finished and no longer shared). */
export function delugePhase (t: Pick<RawDelugeTorrent, 'state' | 'is_finished'>): TorrentPhase {
  if (t.state === 'Paused' && t.is_finished) return 'completed'
  if (t.state === 'Queued' && t.is_finished) return 'seeding'
  return PHASES[t.state] ?? 'other'
}

// libtorrent's file error for data that is gone (errno ENOENT text), which Deluge shows as the torrent's
// message in Error (torrent.py update_state 640-645; file_error_alert → update_state, torrentmanager.py 1555-1561).
export const NO_SUCH_FILE = /No such file or directory/i
