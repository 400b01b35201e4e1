// The one download-state vocabulary every downloader and manager maps into (the mappings beside this file, each
// citing the program's own states). Structured content keeps the enum; text speaks household words.

/** Every state a download can be in, in the order a headline counts them. */
export const DOWNLOAD_STATES = ['downloading', 'stalled', 'failed', 'importBlocked', 'waitingForImport', 'queued', 'paused', 'completed'] as const
export type DownloadState = typeof DOWNLOAD_STATES[number]

/** Why a download is stalled: nothing arrives and, without a person, nothing will. */
export type StallCause = 'noPeers' | 'noMetadata' | 'newsServer' | 'noProgress' | 'quota'

export interface DownloadStatus {
  state: DownloadState
  /** Why, in household words ("no one is sharing it", "missing articles"); absent when the state says it all. */
  reason?: string
  /** For stalled: which kind of stall. */
  cause?: StallCause
}

/** Each state as a household says it. */
export const STATE_WORDS: Record<DownloadState, string> = {
  downloading: 'downloading',
  stalled: 'stuck',
  failed: 'failed',
  importBlocked: 'import blocked',
  waitingForImport: 'waiting for an import',
  queued: 'queued',
  paused: 'paused',
  completed: 'completed'
}

/** The words for each stall cause, used as the reason when the program gave none of its own. */
export const STALL_WORDS: Record<StallCause, string> = {
  noPeers: 'no one is sharing it',
  noMetadata: 'waiting for its metadata and no one is sharing it',
  newsServer: 'the news server refuses every connection',
  noProgress: 'nothing has arrived for a while',
  quota: 'the news server quota is used up'
}

export const stalled = (cause: StallCause, detail?: string): DownloadStatus =>
  ({ state: 'stalled', cause, reason: detail ? `${STALL_WORDS[cause]}: ${detail}` : STALL_WORDS[cause] })

export const failed = (reason?: string): DownloadStatus => ({ state: 'failed', ...(reason ? { reason } : {}) })

/** "stuck: no one is sharing it", "failed: missing articles", "downloading". */
export function describeStatus (s: DownloadStatus): string {
  return s.reason ? `${STATE_WORDS[s.state]}: ${s.reason}` : STATE_WORDS[s.state]
}

/** Downloads that still need something to happen (everything but completed). */
export const isOpen = (s: DownloadStatus) => s.state !== 'completed'

/** How many downloads are in each state, in headline order; states with none are left out. */
export function countByState (statuses: readonly DownloadStatus[]): Array<{ state: DownloadState, count: number }> {
  const n = new Map<DownloadState, number>()
  for (const s of statuses) n.set(s.state, (n.get(s.state) ?? 0) + 1)
  return DOWNLOAD_STATES.filter(s => n.has(s)).map(state => ({ state, count: n.get(state)! }))
}

/** "3 downloading, 2 failed, 1 waiting for an import". */
export function countsLine (counts: ReadonlyArray<{ state: DownloadState, count: number }>): string {
  return counts.map(c => `${c.count} ${STATE_WORDS[c.state]}`).join(', ')
}
