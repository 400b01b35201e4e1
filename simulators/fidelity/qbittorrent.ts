// qBittorrent WebUI API v2, read at release-5.2.3 (WebAPI 2.15.1) and compared with release-4.5.2 (2.8.19, Debian
// 12), release-5.0.0 (2.11.2) and release-5.1.4 (2.11.4) where they differ.
import type { FidelityRow } from './types.js'

const TAG = 'release-5.2.3'
const src = (file: string) => ({ repo: 'qbittorrent/qBittorrent', path: `src/webui/${file}`, tag: TAG })
const row = (method: string, path: string, file: string, behaviours: string[]): FidelityRow =>
  ({ service: 'qBittorrent', method, path: `/api/v2${path}`, source: src(file), behaviours })

const HASHES = 'hashes is "|"-separated (form field); an action answers 200 with an empty body on 4.x–5.1 and 204 on 5.2+ (webapplication.cpp: a null result is 204)'
const RENAMED = '5.0 renamed pause/resume to stop/start: the old names are not routed any more (404) on 5.x; 4.x has only pause/resume (webapplication.h action table)'

export const QBITTORRENT_ROWS: FidelityRow[] = [
  row('POST', '/auth/login', 'api/authcontroller.cpp', [
    'Form fields username, password; every WebAPI call is POST-only where the action table says so (405 otherwise)',
    '5.2+: success is 204 with no body (setStatus Ok without a result), bad credentials → 401; 4.5–5.1: 200 "Ok." or 200 "Fails." (release-4.5.2, release-5.1.4 authcontroller.cpp)',
    'The session cookie is QBT_SID_<WebUI port> on 5.2+ (webapplication.cpp SESSION_COOKIE_NAME_PREFIX); 4.6–5.1 read its name from WebAPI\\SessionCookieName (default SID); 4.5 always SID',
    'Too many failures ban the address: 403 "Your IP address has been banned after too many failed authentication attempts."',
    'An already authenticated session (or auth bypassed for localhost/whitelisted subnets) succeeds without a new cookie'
  ]),
  row('GET', '/app/version', 'api/appcontroller.cpp', ['Plain text "v" + version, e.g. "v5.2.3" (QBT_VERSION); the probe reads it']),
  row('GET', '/app/webapiVersion', 'api/appcontroller.cpp', ['Plain text WebAPI version: 2.8.19 (4.5.2), 2.11.2 (5.0.0), 2.11.4 (5.1.4), 2.15.1 (5.2.3); ≥ 2.11 means the 5.x names']),
  row('POST', '/app/setPreferences', 'api/appcontroller.cpp', ['Form field json (required, else 400); unknown keys are ignored']),
  row('GET', '/torrents/info', 'api/torrentscontroller.cpp', [
    'filter, category, tag, sort, reverse, limit, offset, hashes ("|"-separated, empty parts skipped); unknown hashes are simply absent',
    'state stalledUP / queuedUP / uploading / forcedUP are seeding states (complete data still shared), not "completed"; 5.x reports stoppedUP/stoppedDL where 4.x said pausedUP/pausedDL'
  ]),
  row('GET', '/torrents/files', 'api/torrentscontroller.cpp', ['hash required (400 when missing); unknown hash → 404; answers [] while metadata is not fetched yet']),
  row('POST', '/torrents/add', 'api/torrentscontroller.cpp', [
    'urls is "\\n"-separated; .torrent files as multipart parts; tags ","-separated; savepath, category, skip_checking',
    'autoTMM and useDownloadPath (parseBool; absent: the session defaults): with autoTMM on the category\'s folder replaces savepath, with a download path the data is written there until finished (release-4.5.2 addAction)',
    '5.x reads stopped (paused is ignored, the torrent starts); 4.x reads paused',
    '4.5–5.1: 200 "Ok." or 200 "Fails."; 5.2+: JSON {success_count, failure_count, pending_count, added_torrent_ids}, 202 while a magnet is pending, 409 when nothing was added',
    'An invalid .torrent → 415 "Error: \'<name>\' is not a valid torrent file."',
    'Adding is asynchronous: the torrent is listed (and actions on its hash take effect) only once the session has it'
  ]),
  row('POST', '/torrents/delete', 'api/torrentscontroller.cpp', ['hashes and deleteFiles are both required (400 otherwise); "all" selects every torrent', HASHES]),
  row('POST', '/torrents/stop', 'api/torrentscontroller.cpp', [RENAMED, HASHES]),
  row('POST', '/torrents/start', 'api/torrentscontroller.cpp', [RENAMED, HASHES]),
  { ...row('POST', '/torrents/pause', 'api/torrentscontroller.cpp', [RENAMED, HASHES]), source: { ...src('api/torrentscontroller.cpp'), tag: 'release-4.5.2' } },
  { ...row('POST', '/torrents/resume', 'api/torrentscontroller.cpp', [RENAMED, HASHES]), source: { ...src('api/torrentscontroller.cpp'), tag: 'release-4.5.2' } },
  row('POST', '/torrents/addPeers', 'api/torrentscontroller.cpp', ['hashes and peers ("|"-separated host:port) required; no valid peer → 400 "No valid peers were specified"; answers per-torrent added/failed counts'])
]
