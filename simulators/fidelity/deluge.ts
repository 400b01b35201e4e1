// Deluge Web UI JSON-RPC (deluge-web in front of deluged), read at deluge-2.0.3 (Debian 12); the method names
// and signatures used are the same through 2.2.0. No simulator serves these: the tests run the real 2.0.3.
import type { FidelityRow } from './types.js'

const TAG = 'deluge-2.0.3'
const WEB = { repo: 'deluge-torrent/deluge', path: 'deluge/ui/web/json_api.py', tag: TAG }
const AUTH = { repo: 'deluge-torrent/deluge', path: 'deluge/ui/web/auth.py', tag: TAG }
const CORE = { repo: 'deluge-torrent/deluge', path: 'deluge/core/core.py', tag: TAG }
const DAEMON = { repo: 'deluge-torrent/deluge', path: 'deluge/core/daemon.py', tag: TAG }
const LABEL = { repo: 'deluge-torrent/deluge', path: 'deluge/plugins/Label/deluge_label/core.py', tag: TAG }
const row = (name: string, source: typeof WEB, behaviours: string[]): FidelityRow =>
  ({ service: 'Deluge', method: 'RPC', path: name, source, behaviours })

const ENVELOPE = 'POST {method, params, id} to /json with Content-Type exactly application/json (json_api.py 197-200); answer {result, error, id}: error code 1 "Not authenticated", 2 "Unknown method" (every core.* call while the web UI has never been connected to a daemon), 3 "<Exception>: <message>" raised in deluge-web itself (json_api.py 156-172), 4 the daemon\'s refusal as a printed Twisted Failure, "Failure: [Failure instance: Traceback (failure with no frames): <class \'deluge.error.AddTorrentError\'>: …]", a WrappedException with the daemon\'s Python traceback for any other exception (json_api.py 181-190; deluge/ui/client.py 140-180); the client reads the class and first line and never passes the traceback on'
const ADD = 'AddTorrentError "Torrent already in session (<id>)." for a duplicate (deluge/core/torrentmanager.py 446); options download_location, add_paused and move_completed (torrentmanager.py 469, 655; TorrentOptions in deluge/core/torrent.py); returns the torrent id (info-hash)'

export const DELUGE_ROWS: FidelityRow[] = [
  row('auth.login', AUTH, ['params [password]; true with the _session_id cookie, false for a wrong password; checked as sha1(pwd_salt + password) against pwd_sha1 in web.conf (auth.py 124-135, 243)', ENVELOPE]),
  row('web.connected', WEB, ['true while the web UI is connected to a daemon (json_api.py 469-477, client.connected); false once its daemon stopped or restarted, while a core.* call is still dispatched to the dead connection (no connected check, json_api.py 155-160) and its Deferred never fires (deluge/ui/client.py DaemonSSLProxy.call 307-339): the client asks it before each daemon call and reconnects once (seen on the real 2.0.3)', ENVELOPE]),
  row('web.get_hosts', WEB, ['[[host_id, host, port, username], …] from hostlist.conf (json_api.py 777)', ENVELOPE]),
  row('web.connect', WEB, ['params [host_id]; connects, learns the daemon\'s methods and answers their list (json_api.py 454-468, 425-433, 92-104); {result: null, error: null} when the daemon cannot be reached (_on_client_connect_fail returns None, json_api.py 436-439); a restarted daemon is connected to again (a new DaemonSSLProxy, deluge/ui/client.py connect 566-622)', ENVELOPE]),
  row('daemon.get_version', DAEMON, ['the daemon\'s version, e.g. "2.0.3" (daemon.py 186)', ENVELOPE]),
  row('core.get_torrents_status', CORE, [
    'params [filter_dict, keys]; filter {id: [hashes]}; {hash: {key: value}} (core.py 772); an unknown key raises (torrent.py 1002-1003)',
    'a key no torrent has goes to the plugins (torrentmanager.py separate_keys 1641-1650); "label" is the Label plugin\'s field, left out of the answer while the plugin is off (pluginmanager.py get_status 84-94)',
    'state one of Allocating, Checking, Downloading, Seeding, Paused, Error, Queued, Moving (common.py 70-78); progress 0-100 and 100 while in Error (torrent.py 945-970); eta 0 unknown (720-745); message "OK" or the error (update_state 640-645)',
    ENVELOPE
  ]),
  row('core.get_torrent_status', CORE, ['params [id, ["files", "file_progress"]]; files [{path, size, …}] (empty without metadata), file_progress 0-1 per file (core.py 758; torrent.py 759-770, 1127-1128)', ENVELOPE]),
  row('core.add_torrent_magnet', CORE, ['params [uri, options] (core.py 556)', ADD, ENVELOPE]),
  row('core.add_torrent_file', CORE, ['params [filename, base64 bytes, options] (core.py 465)', ADD, ENVELOPE]),
  row('core.remove_torrents', CORE, ['params [ids, remove_data]; [[id, error], …] for those not removed, remove_data also deletes the downloaded data (core.py 592-620)', ENVELOPE]),
  row('core.pause_torrents', CORE, ['params [ids]; no ids means every torrent (core.py 674-679), so the client never sends an empty list; a pause is decided on the cached status and can be ignored right after a resume (torrent.py 1145-1169, seen on the real 2.0.3)', ENVELOPE]),
  row('core.resume_torrents', CORE, ['params [ids]; no ids means every torrent (core.py 725)', ENVELOPE]),
  row('core.get_enabled_plugins', CORE, ['the enabled plugins\' names, e.g. ["Label"] (core.py 873)', ENVELOPE]),
  row('core.enable_plugin', CORE, ['params [plugin_name]; True once the plugin is on or already was, False when the daemon has no such plugin or it would not start (core.py 877-879, pluginmanagerbase.py enable_plugin 120-195); kept on across restarts (enabled_plugins, pluginmanagerbase.py 184-188). Setup only, against the real deluged: the tests run it, no simulator serves it', ENVELOPE]),
  row('label.get_labels', LABEL, ['the label ids, sorted (deluge_label/core.py 173); "Unknown method" (code 2) while the plugin is off; deluge-web learns it on PluginEnabledEvent (json_api.py 395-412)', ENVELOPE]),
  row('label.add', LABEL, ['params [label_id]; lower-cased, only [a-z0-9_-.], not empty, "Label already exists" for a known one (deluge_label/core.py 30, 178-190)', ENVELOPE]),
  row('label.set_torrent', LABEL, ['params [torrent_id, label_id]; "Unknown Label" / "Unknown Torrent"; the label becomes the torrent\'s "label" status field (deluge_label/core.py 312-331, 350)', ENVELOPE])
]
