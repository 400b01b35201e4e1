// SABnzbd's state words and failure messages mapped to ours (clients/usenet/types.ts). Sources, sabnzbd/sabnzbd
// @ 5.0.1: sabnzbd/constants.py class Status (lines 160-177) for the words; sabnzbd/api.py build_queue
// (1582-1700: a waiting slot reports "Downloading" while the downloader runs) and add_active_history
// (1969-2000: jobs in post-processing are listed with the history); fail_message texts from
// sabnzbd/nzb/object.py 817 ("Aborted, cannot be completed"), sabnzbd/newsunpack.py 571-843 ("Unpacking
// failed, ..."), 1080/1124 ("Repairing failed, ..."), sabnzbd/nzbqueue.py 1024 ("Duplicate NZB"),
// sabnzbd/postproc.py 568 ("Failed to move files"), 407-409 ("Download failed - Not on your server(s)", "Download
// might fail, only X of required Y available"), newsunpack.py 1317 ("Repairing failed, Disk full"). SABnzbd translates them into its UI language: an unknown
// text is reported as plain "failed".
import type { UsenetFailure, UsenetState } from './types.js'

const STATES: Record<string, UsenetState> = {
  Idle: 'queued',
  Queued: 'queued',
  Grabbing: 'queued',
  Propagating: 'queued',
  // Checking is the pre-check of article availability before the download.
  Checking: 'queued',
  Downloading: 'fetching',
  // Fetching is SABnzbd fetching extra par2 files for a repair.
  Fetching: 'fetching',
  Paused: 'paused',
  QuickCheck: 'verifying',
  Verifying: 'verifying',
  Repairing: 'repairing',
  Extracting: 'unpacking',
  Moving: 'unpacking',
  Running: 'unpacking',
  Completed: 'completed',
  Failed: 'failed'
}

export const sabState = (status: string): UsenetState => STATES[status] ?? 'queued'

const FAILURES: Array<[RegExp, UsenetFailure]> = [
  [/^Aborted, cannot be completed/, 'missing articles'],
  // Nothing of the job could be fetched, or the pre-check found too few articles (sabnzbd/postproc.py 403-411).
  [/^Download failed - Not on your server/, 'missing articles'],
  [/^Download might fail, only .* of required .* available/, 'missing articles'],
  // par2 ran out of disk (sabnzbd/newsunpack.py 1315-1317).
  [/^Repairing failed, Disk full/, 'disk full'],
  [/^Repairing failed/, 'par2 repair failed'],
  [/^Unpacking failed, archive requires a password/, 'password required'],
  [/^Unpacking failed, (?:disk full|write error or disk is full)/, 'disk full'],
  [/^(?:Unpacking failed|File join of)/, 'unpack failed'],
  [/^Duplicate NZB/, 'duplicate'],
  [/^Failed to move files/, 'move failed']
]

export function sabFailure (message: string | undefined): UsenetFailure {
  for (const [re, failure] of FAILURES) if (re.test(message ?? '')) return failure
  return 'failed'
}
