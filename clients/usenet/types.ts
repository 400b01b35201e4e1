// The Usenet client contract (app.backends.usenet): SABnzbd and NZBGet behind one shape, their own state words
// mapped to ours, so the download tools read either the same way. Configured with USENET_CLIENT_TYPE; absent
// when it is unset (nothing changes for a household without Usenet).
import type { BackendClientBase } from '../types.js'
import type { DownloadStatus } from '../../core/download-state/index.js'

/** Our states: one word whichever program downloads. */
export type UsenetState = 'queued' | 'fetching' | 'paused' | 'verifying' | 'repairing' | 'unpacking' | 'completed' | 'failed'

/**
 * Why a download failed, in our words. Neither program tells an expired article from a missing one (both meet
 * NNTP 430, RFC 3977 6.2.1), so "missing articles" covers articles past the server's retention too.
 */
export type UsenetFailure = 'par2 repair failed' | 'unpack failed' | 'missing articles' | 'disk full' | 'password required' | 'move failed' | 'duplicate' | 'nzb could not be fetched' | 'nzb unreadable' | 'post-processing script failed' | 'failed'

export interface UsenetItem {
  /** The program's own id: NZBGet's NZBID, SABnzbd's nzo_id. */
  id: string
  /**
   * The id the series and movie managers store as downloadId: SABnzbd's nzo_id; for NZBGet the "drone"
   * post-processing parameter Sonarr/Radarr set on append, else the NZBID (Sonarr/Sonarr
   * src/NzbDrone.Core/Download/Clients/Nzbget/Nzbget.cs GetQueue/GetHistory; Sabnzbd/Sabnzbd.cs uses nzo_id).
   */
  downloadId: string
  name: string
  /** queue: still downloading or post-processing; history: finished (completed or failed). */
  list: 'queue' | 'history'
  state: UsenetState
  failure?: UsenetFailure
  /** The job in the one download-state vocabulary (core/download-state), news-server trouble included. */
  status: DownloadStatus
  /** 0..1; absent while the size is unknown. */
  progress?: number
  sizeBytes?: number
  bytesPerSecond?: number
  etaSeconds?: number
  category?: string
  /** Where the files are, as the program reports it translated by PATH_MAP (history items). */
  path?: string
  /**
   * Where a job still in the queue keeps its files as they arrive, translated by PATH_MAP, when the program says
   * (NZBGet's DestDir, its intermediate folder; SABnzbd's queue names none). Only the leftovers check reads it:
   * an unfinished job's data is never deleted by path.
   */
  workPath?: string
}

export interface UsenetAddOptions { category?: string }

export interface UsenetClient extends BackendClientBase {
  /** SABnzbd or NZBGet, as users know them. */
  readonly service: 'SABnzbd' | 'NZBGet'
  readonly type: 'sabnzbd' | 'nzbget'
  /** Queue then history, each mapped to our states. */
  items: (signal?: AbortSignal) => Promise<UsenetItem[]>
  /**
   * Adds an NZB by its content; returns the new item's id. The tools fetch an .nzb link themselves through the
   * URL guard (every redirect checked, the address pinned) and hand over the bytes: a program fetching the link
   * itself would reach whatever the name resolves to then, the stack's own network included.
   */
  addNzb: (fileName: string, nzb: Buffer, opts?: UsenetAddOptions) => Promise<string>
  pause: (ids: string[]) => Promise<void>
  resume: (ids: string[]) => Promise<void>
  /** Removes queue or history items; their files too only with deleteData (behind the tool's confirm). */
  remove: (ids: string[], opts: { deleteData: boolean }) => Promise<void>
  /** Puts a failed history item back in the queue. */
  retry: (id: string) => Promise<void>
  version: () => Promise<string>
}

declare module '../types.js' {
  interface Backends {
    /** Present only when USENET_CLIENT_TYPE is set. */
    usenet?: UsenetClient
  }
}
