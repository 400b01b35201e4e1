// One download listed by its client and by the manager that grabbed it (same hash / download id): before the
// download finishes the client's raw state says more (stalled, paused, no peers); import and the manager's own
// failures only the manager knows (core/download-state/managers.ts: Sonarr decides those in its tracked layer).
import type { DownloadState } from '../../core/download-state/index.js'

interface Stated { status: DownloadState, reason?: string }

const MANAGER_KNOWS: readonly DownloadState[] = ['failed', 'importBlocked', 'waitingForImport']

/** The joined row's state: the manager's when it speaks of import or its own failure, else the client's. */
export function joinedStatus (client: Stated, manager: Stated): Stated {
  if (client.status === 'failed') return { status: 'failed', ...(client.reason ? { reason: client.reason } : {}) }
  if (MANAGER_KNOWS.includes(manager.status)) return { status: manager.status, ...(manager.reason ? { reason: manager.reason } : { reason: undefined }) }
  // The client finished it and the manager still holds it: waiting for the manager's import.
  if (client.status === 'completed') return { status: 'waitingForImport', reason: undefined }
  return client
}
