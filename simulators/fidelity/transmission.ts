// Transmission RPC (old protocol), read at 3.00 (Debian 12) and compared with 4.1.3, which still answers the old
// protocol (libtransmission/rpcimpl.cc 2837-2851). No simulator serves these: the tests run the real 3.00.
import type { FidelityRow } from './types.js'

const TAG = '3.00'
const SPEC = { repo: 'transmission/transmission', path: 'extras/rpc-spec.txt', tag: TAG }
const IMPL = { repo: 'transmission/transmission', path: 'libtransmission/rpcimpl.c', tag: TAG }
const row = (name: string, source: typeof SPEC, behaviours: string[]): FidelityRow =>
  ({ service: 'Transmission', method: 'RPC', path: name, source, behaviours })

const ENVELOPE = 'POST {method, arguments} to /transmission/rpc; HTTP 200 even when the call failed, the failure is the `result` string (rpc-spec.txt 29-45); a missing or stale X-Transmission-Session-Id → 409 with the current id in that header (rpc-spec.txt 56-67, rpc-server.c 720-738); bad Basic credentials → 401, an address outside rpc-whitelist → 403, a host name outside rpc-host-whitelist → 421 (rpc-server.c 637-716)'
const IDS = '"ids" is a list of ids or hash strings; absent means every torrent (rpc-spec.txt 96-101), so the client never sends an action without ids'

export const TRANSMISSION_ROWS: FidelityRow[] = [
  row('session-get', SPEC, ['optional fields (rpc 16); `version` is "<version> (<revision>)", e.g. "3.00 (bb6b5a062e)", `rpc-version` 16 on 3.00 (rpc-spec.txt 498-566); `incomplete-dir-enabled` and `incomplete-dir`: unfinished torrents kept there until done (rpc-spec.txt 505-506)', ENVELOPE]),
  row('torrent-get', SPEC, [
    'fields required; the camelCase field names of rpc-spec.txt 181-246; `labels` from rpc 16 (3.00); files[] {name, length, bytesCompleted}, name including the top folder',
    'status 0 stopped, 1 check wait, 2 check, 3 download wait, 4 download, 5 seed wait, 6 seed (transmission.h 1650-1657); error 0 ok, 1 tracker warning, 2 tracker error, 3 local error with errorString (transmission.h 1674-1683); eta -1/-2 unknown (1748-1749)',
    'A torrent added paused is verified against the disk first (status 1/2), then stopped; a magnet without its metadata has sizeWhenDone 0, leftUntilDone 0 and percentDone 0 (seen on the real 3.00)',
    IDS, ENVELOPE
  ]),
  row('torrent-add', IMPL, [
    'filename (a path, URL or "magnet:?" link, rpcimpl.c 1940-1962) or metainfo (base64 .torrent); download-dir, paused (rpc-spec.txt 394-426)',
    'Answers torrent-added {id, name, hashString}; a duplicate answers torrent-duplicate with result "success" on 3.00 (rpcimpl.c addTorrentImpl 1725-1774: "duplicate torrent" is cleared at 1771 once the torrent-duplicate object is written) and from 4.0.3 (4.1.3 docs/rpc-spec.md 516), "duplicate torrent" on 4.0.0-4.0.2 (4.0.0 rpcimpl.cc 1503-1511); bytes that are not a torrent "invalid or corrupt torrent file"',
    'labels on torrent-add only from 4.0 (rpc 17): the client sets them with torrent-set', ENVELOPE
  ]),
  row('torrent-set', SPEC, ['labels (rpc 16, 3.00; rpc-spec.txt 808-809) replace the torrent\'s labels; each is trimmed and refused when empty ("labels cannot be empty"), with a comma ("labels cannot contain comma (,) character") or, on 3.00, twice ("labels cannot contain duplicates") (3.00 rpcimpl.c setLabels 999-1056; 4.1.3 rpcimpl.cc make_labels 1056-1085): the client checks these before torrent-add, so a refusal leaves nothing behind', IDS, ENVELOPE]),
  row('torrent-remove', IMPL, ['delete-local-data (default false) also deletes the downloaded data (rpcimpl.c torrentRemove 330-360)', IDS, ENVELOPE]),
  row('torrent-start', SPEC, ['Starts (queued when the download queue is full) (rpc-spec.txt 86-101)', IDS, ENVELOPE]),
  row('torrent-stop', SPEC, ['Stops: status 0 (rpc-spec.txt 86-101)', IDS, ENVELOPE])
]
