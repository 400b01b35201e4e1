// NZBGet's state words mapped to ours (clients/usenet/types.ts). Sources: nzbget/nzbget @ v21.0 (Debian 12's
// nzbget 21) daemon/remote/XmlRpc.cpp ListGroupsXmlCommand::DetectStatus (lines 1974-2011) for the queue, and
// daemon/queue/DownloadInfo.cpp NzbInfo::MakeTextStatus (lines 511-649) for the history; the same sets at the
// repository's newest tag v21.1. The nzbgetcom fork (v26.0, XmlRpc.cpp 2307-2311) adds POST_UNPACK_RENAMING.
import type { UsenetFailure, UsenetState } from './types.js'

const QUEUE: Record<string, UsenetState> = {
  QUEUED: 'queued',
  PAUSED: 'paused',
  DOWNLOADING: 'fetching',
  // FETCHING is NZBGet fetching the NZB file from its URL: no article is downloaded yet.
  FETCHING: 'queued',
  PP_QUEUED: 'verifying',
  LOADING_PARS: 'verifying',
  VERIFYING_SOURCES: 'verifying',
  VERIFYING_REPAIRED: 'verifying',
  REPAIRING: 'repairing',
  // After the par stage everything up to the move into the category folder is post-processing of the files.
  RENAMING: 'unpacking',
  UNPACKING: 'unpacking',
  POST_UNPACK_RENAMING: 'unpacking',
  MOVING: 'unpacking',
  EXECUTING_SCRIPT: 'unpacking',
  PP_FINISHED: 'unpacking',
  QS_QUEUED: 'unpacking',
  QS_EXECUTING: 'unpacking'
}

export const queueState = (status: string): UsenetState => QUEUE[status] ?? 'queued'

// History Status is "<GROUP>/<DETAIL>" (MakeTextStatus); a hidden duplicate reads "<GROUP>/HIDDEN"
// (XmlRpc.cpp 2534-2552).
const FAILURES: Record<string, UsenetFailure> = {
  'FAILURE/PAR': 'par2 repair failed',
  'WARNING/DAMAGED': 'par2 repair failed',
  'WARNING/REPAIRABLE': 'par2 repair failed',
  'FAILURE/UNPACK': 'unpack failed',
  'FAILURE/HEALTH': 'missing articles',
  'WARNING/HEALTH': 'missing articles',
  'FAILURE/MOVE': 'move failed',
  'FAILURE/BAD': 'failed',
  'FAILURE/SCAN': 'nzb unreadable',
  'FAILURE/FETCH': 'nzb could not be fetched',
  'FAILURE/INTERNAL_ERROR': 'failed',
  'FAILURE/HIDDEN': 'failed',
  'WARNING/SPACE': 'disk full',
  'WARNING/PASSWORD': 'password required',
  'WARNING/SCRIPT': 'post-processing script failed',
  'DELETED/DUPE': 'duplicate',
  'DELETED/COPY': 'duplicate',
  'DELETED/GOOD': 'duplicate'
}

/** A history item's state and, when it failed, why; undefined for one the person deleted (not a download outcome). */
export function historyState (status: string): { state: UsenetState, failure?: UsenetFailure } | undefined {
  if (status === 'DELETED/MANUAL') return undefined
  const failure = FAILURES[status]
  if (failure) return { state: 'failed', failure }
  // SUCCESS/* and WARNING/SKIPPED (a URL item whose NZB was skipped on purpose).
  return { state: 'completed' }
}
