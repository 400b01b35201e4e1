// SABnzbd API, read at sabnzbd/sabnzbd 5.0.1 (the newest tag; Debian 12 main does not ship SABnzbd). Served by
// simulators/sabnzbd/ for the tests and the demo.
import type { FidelityRow } from './types.js'

const TAG = '5.0.1'
const API = { repo: 'sabnzbd/sabnzbd', path: 'sabnzbd/api.py', tag: TAG }
const KEY = 'apikey as a query or form parameter only; a missing or wrong key → HTTP 403 with a plain-text body (sabnzbd/interface.py 103-104, 182-188, 371-400); mode=version needs none'
const ENVELOPE = 'output=json; an error is {"status": false, "error": …} (api.py 1145-1175)'
const mode = (name: string, behaviours: string[]): FidelityRow => ({ service: 'SABnzbd', method: 'GET', path: `/api?mode=${name}`, source: API, behaviours: [...behaviours, ENVELOPE] })

export const SABNZBD_ROWS: FidelityRow[] = [
  {
    service: 'SABnzbd',
    method: 'GET',
    path: '/api',
    source: { repo: 'sabnzbd/sabnzbd', path: 'sabnzbd/interface.py', tag: TAG },
    behaviours: ['One endpoint, the call named by mode (and name for the queue and history sub-calls): dispatch api.py 109-120, tables 1036, 1091, 1103', KEY, ENVELOPE]
  },
  mode('version', ['Answers {"version": "5.0.1"} (api.py 754-755)']),
  mode('queue', [
    'queue.{status, paused, kbpersec (the whole program), slots[]}; a slot has nzo_id, filename, cat ("None" without one), status, percentage ("0" while nothing is downloaded, mb == mbleft, else the whole percent done: 1651), mb, mbleft, timeleft ([DD:]H:MM:SS, sabnzbd/misc.py 122-141; "0:00:00" when not downloading) (build_queue 1582-1700)',
    'Words a waiting slot can show: Propagating (its propagation delay), Checking (the pre-check), Grabbing (its NZB still fetched from a URL) (1655-1665; sabnzbd/constants.py Status 160-177): the simulator holds a job under one until the test releases it; Fetching (extra par2 blocks fetched for a repair) is not simulated',
    'While the downloader runs, a slot not Paused/Fetching/Grabbing reports Propagating, Checking or Downloading even when it only waits (1655-1665); status words from sabnzbd/constants.py class Status 160-177',
    'With the whole downloader paused (or paused while post-processing runs), queue.paused is true and queue.status "Paused" (build_header 1857, build_queue 1621-1626), while each slot keeps its own word, "Queued" for a waiting job (1666-1670): the client reads queue.paused as a pause of every waiting job',
    'name=pause|resume&value=<ids>: {"status", "nzo_ids"} (226-241); name=delete&value=<ids>&del_files=0|1: {"status", "nzo_ids"}, del_files also deletes what was downloaded (181-191)',
    KEY
  ]),
  mode('history', [
    'history.slots[] with nzo_id, name, category, status (Completed, Failed, or a post-processing word: QuickCheck, Verifying, Repairing, Extracting, Moving, Running, Queued), fail_message, storage, path, bytes (api.py 556-604; database.py 170-200); jobs still post-processing are merged in first (add_active_history 1969-2000); the simulator walks QuickCheck, Moving and Running for a job added with longPostProcessing',
    'fail_message texts: "Aborted, cannot be completed - https://sabnzbd.org/not-complete" (too many articles missing, sabnzbd/nzb/object.py 817), "Download failed - Not on your server(s)" and "Download might fail, only <ratio> of required <rate> available" with the same link (nothing fetched, without or with the pre-check: sabnzbd/postproc.py 403-411), "Repairing failed, …" (sabnzbd/newsunpack.py 1080, 1124; "Repairing failed, Disk full" 1315-1317), "Unpacking failed, …" (571-1000), "Duplicate NZB" (sabnzbd/nzbqueue.py 1024), "Failed to move files" (sabnzbd/postproc.py 568); translated into the UI language',
    'name=delete&value=<ids>&del_files=0|1&archive=0: {"status": true}; del_files removes a failed job\'s incomplete folder, never a completed job\'s files; archive=0 deletes for good instead of archiving (491-534)',
    KEY
  ]),
  mode('retry', ['value=<nzo_id>: a failed history job goes back to the queue; {"status": true, "nzo_id"}, or {"status": false, "error": "item does not exist"} for an unknown job (api.py 100, 328-341)', KEY]),
  {
    service: 'SABnzbd',
    method: 'POST',
    path: '/api',
    source: API,
    behaviours: ['mode=addfile: the NZB as multipart field "name" (or "nzbfile") with a file name; cat, nzbname optional; answers {"status": true, "nzo_ids": ["SABnzbd_nzo_…"]}, {"status": false, "nzo_ids": []} for a file that is not an NZB, "expects one parameter" without a file (api.py 307-325; ids from sabnzbd/filesystem.py get_new_id 1047-1065)', 'Any mode may be POSTed: CherryPy merges the form body and the query into one set of arguments (sabnzbd/interface.py 494-497)', KEY, ENVELOPE]
  }
]
