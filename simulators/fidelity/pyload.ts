// pyLoad-ng (0.5.0b3): the project tags no 0.5 releases, so rows are read on its develop branch at the commit named.
import type { FidelityRow } from './types.js'

const TAG = 'develop@3776f8bd4'
const API = { repo: 'pyload/pyload', path: 'src/pyload/core/api/__init__.py', tag: TAG }
const row = (method: string, name: string, behaviours: string[], simulatorOnly?: string): FidelityRow =>
  ({ service: 'pyLoad', method, path: `/api/${name}`, source: API, behaviours, ...(simulatorOnly ? { simulatorOnly } : {}) })
const UNUSED = 'served by the simulator; no client or test calls it'

/** What src/pyload/webui/app/blueprints/api_blueprint.py does for every method. */
const CALLING = 'Dispatch (webui/app/blueprints/api_blueprint.py): the wrong verb → 405 "Method not allowed in API <name>(): Expected …", an unknown name → 404 {"error": "Not Found"}, a key without the permission → 401 {"error": "Access denied"}, any exception in the method → 500 {"error": "Internal server error"}'
const QUERY = 'GET arguments come from the query string, each parsed as true/false or a Python literal (else a string)'
const JSON_BODY = 'POST arguments are the JSON body\'s keys, passed as keyword arguments'

export const PYLOAD_ROWS: FidelityRow[] = [
  row('GET', 'get_config_value', ['Arguments category, option, section (default "core"); needs the SETTINGS permission', QUERY, CALLING]),
  row('POST', 'add_package', ['Arguments name, links (list), dest (1 queue — the default — or 0 collector); answers the new package id (int); needs ADD', JSON_BODY, CALLING]),
  row('GET', 'status_downloads', ['Files being downloaded now: DownloadInfo {fid, name, speed, eta, bleft, size, percent, status, statusmsg, package_id, package_name, …}', CALLING]),
  row('GET', 'get_queue_data', ['PackageData of the queue with links, linksdone, sizedone, sizetotal — and NO linkstotal', CALLING]),
  row('GET', 'get_collector', ['PackageData of the collector with linksdone, sizedone, sizetotal and linkstotal — and NO links (links is null: get_info_data, like get_queue)', CALLING]),
  row('GET', 'get_package_data', [
    'Argument package_id; PackageData {pid, name, folder, site, password, dest, order, links} — none of linksdone, sizedone, sizetotal, linkstotal',
    'An unknown id raises PackageDoesNotExists → 500 "Internal server error" (not 404)',
    QUERY, CALLING
  ]),
  row('POST', 'delete_packages', ['Argument package_ids (list); aborts their downloads and drops the packages and links from pyLoad\'s database (FileManager.delete_package); files already on disk stay; unknown ids are skipped; answers null', JSON_BODY, CALLING]),
  row('GET', 'status_server', ['ServerStatus {pause, active, queue, total, speed, download, reconnect, captcha, proxy}; needs LIST', CALLING]),
  row('GET', 'get_server_version', ['The version string, e.g. "0.5.0b3.dev89"; any permission', CALLING]),
  row('GET', 'get_queue', ['PackageData of the queue with linksdone, sizedone, sizetotal and linkstotal, no links (get_info_data); needs LIST', CALLING], 'tests compare it with get_queue_data'),
  row('GET', 'get_package_info', ['Argument package_id; PackageData with fids (the link ids) and no links or stats; an unknown id raises PackageDoesNotExists → 500; needs LIST', QUERY, CALLING], 'tests read a package\'s link ids'),
  row('POST', 'add_files', ['Arguments package_id, links (list): adds the links to that package; answers null; needs ADD', JSON_BODY, CALLING], UNUSED),
  row('POST', 'delete_finished', ['Deletes finished links and completely finished packages; answers the deleted package ids; needs DELETE', CALLING], UNUSED),
  row('GET', 'free_space', ['Free bytes in the storage folder (general.storage_folder); needs STATUS', CALLING], UNUSED),
  row('POST', 'pause_server', ['No new download starts, none is aborted; answers null; needs STATUS', CALLING], UNUSED),
  row('POST', 'unpause_server', ['New downloads start again; answers null; needs STATUS', CALLING], UNUSED)
]
