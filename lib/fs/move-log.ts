// The record of a move or rename job, stored with job.setInverse so the job can be undone, even after a
// crash: it lists every planned move before the first one starts, and undo looks at where each file really
// is (source, destination or both) instead of trusting a progress counter that a crash could have cut short.

export interface MoveEntry {
  /** Where it was. */
  from: string
  /** Where it went. */
  to: string
  /** file: one file; dir: a folder renamed in one step; tree: a folder moved file by file (paths in `files`). */
  kind: 'file' | 'dir' | 'tree'
  /** Relative paths of the files of a `tree` entry, in move order. */
  files?: string[]
}

export interface MoveLog {
  type: 'file-moves'
  version: 1
  entries: MoveEntry[]
  /** Set on an undo job's own log: the id of the job whose moves it puts back (its advice names that job). */
  undoes?: string
}

export function newMoveLog (entries: MoveEntry[] = []): MoveLog {
  return { type: 'file-moves', version: 1, entries }
}

/** True when a job's inverse is a move log this code can undo. */
export function isMoveLog (value: unknown): value is MoveLog {
  const v = value as Partial<MoveLog> | undefined
  return typeof v === 'object' && v !== null && v.type === 'file-moves' && v.version === 1 && Array.isArray(v.entries) &&
    v.entries.every(e => typeof e?.from === 'string' && typeof e?.to === 'string' && ['file', 'dir', 'tree'].includes(e?.kind) &&
      (e.files === undefined || (Array.isArray(e.files) && e.files.every(f => typeof f === 'string'))))
}

/** How many files an entry stands for (a dir renamed in one step counts as one). */
export function entrySize (e: MoveEntry): number {
  return e.kind === 'tree' ? (e.files?.length ?? 0) : 1
}
