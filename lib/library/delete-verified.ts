// manage_files delete, judged by the look after it (lib/effects, issue 34 item 9): each previewed target is
// deleted on its own (a target that changed, or a file the disk refuses, stops that target, not the others),
// then each path is looked at on disk. "Deleted … (2 files, 1.2 GiB freed)" is said only of what is gone; a
// target with files left is named with what is still there and why, with the call that goes on; a request that
// ended in an error after it deleted everything reads as done. Structured content carries the same record.
import { formatBytes } from '../../core/format.js'
import { ToolError } from '../../core/errors.js'
import { quoted } from '../../core/untrusted-text.js'
import { nextCall, nextText, type NextCall } from '../answers/next-calls.js'
import { lookAtData, type DataLook, type VerifiedRecord } from '../effects/effects.js'
import { codeOf } from '../fs/durable.js'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { TargetChanged, type DeleteResult, type DeleteTarget } from './delete-targets.js'

/** Deletes one target (applyDelete with it alone), telling `onFile` the bytes of each file gone. */
export type DeleteOne = (target: DeleteTarget, onFile: (bytes: number) => void) => Promise<DeleteResult | undefined>

export interface VerifiedDelete {
  /** Per target with anything gone: what went. */
  deleted: DeleteResult[]
  verified: VerifiedRecord
  next: NextCall[]
  summary: string
}

const FS_WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'the file system does not permit it',
  EBUSY: 'it is in use',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an input/output error'
}

/** Why a target's delete stopped, in words; never the absolute path a file-system error carries. */
export function deleteErrorText (err: unknown): string {
  if (err instanceof ToolError) return err.message
  const code = codeOf(err)
  return code ? `a file could not be deleted: ${FS_WORDS[code] ?? 'the file system refused it'} (${code})` : 'internal error (see the server log)'
}

interface Outcome { target: DeleteTarget, files: number, bytes: number, result?: DeleteResult, error?: string, refused: boolean, look: DataLook }

const counted = (files: number, bytes: number) => `${files} file${files === 1 ? '' : 's'}, ${formatBytes(bytes)}`

/** Deletes each target through `deleteOne`, then looks at each path and renders the answer from that look. */
export async function deleteVerified (sandbox: PathSandbox, targets: DeleteTarget[], deleteOne: DeleteOne, log?: (err: unknown) => void): Promise<VerifiedDelete> {
  const outcomes: Outcome[] = []
  for (const target of targets) {
    let files = 0
    let bytes = 0
    let result: DeleteResult | undefined
    let error: string | undefined
    let refused = false
    try {
      result = await deleteOne(target, b => { files++; bytes += b })
    } catch (err) {
      if (!(err instanceof ToolError)) log?.(err)
      error = deleteErrorText(err)
      refused = err instanceof TargetChanged
    }
    const abs = await sandbox.resolveEntry(target.path).catch(() => undefined)
    const look: DataLook = abs ? await lookAtData({ abs, shown: target.path }) : { path: target.path, state: 'unknown', why: 'cannot be resolved any more' }
    outcomes.push({ target, files, bytes, ...(result ? { result } : {}), ...(error ? { error } : {}), refused, look })
  }
  const nothingGone = (o: Outcome) => o.files === 0 && o.look.state !== 'gone'
  if (outcomes.every(nothingGone)) throw new ToolError(`Nothing was deleted.${outcomes.map(leftSentence).join('')}`)
  return render(outcomes)
}

/** What a target with something left holds and why; '' for a target that is gone. */
function leftSentence (o: Outcome): string {
  const l = o.look
  const p = quoted(o.target.path, 1000)
  if (l.state === 'gone') return ''
  if (l.state === 'unknown') return ` Whether ${p} is gone is unknown: it ${l.why}${o.error ? ` (the delete ended with: ${o.error})` : ''}.`
  const why = o.error ?? (o.result?.keptFolders.length ? `new files appeared in ${o.result.keptFolders.map(f => quoted(f, 1000)).join(', ')} after the preview and were kept` : 'it is still on disk')
  if (o.refused) return ` ${why}`
  if (o.files === 0) return ` Nothing in ${p} was deleted: ${why}`.replace(/\.?$/, '.')
  return ` In ${p}, ${l.complete ? '' : 'at least '}${counted(l.files, l.bytes)} ${l.files === 1 ? 'is' : 'are'} still there: ${why}`.replace(/\.?$/, '.')
}

function render (outcomes: Outcome[]): VerifiedDelete {
  const gone = outcomes.filter(o => o.look.state === 'gone')
  // A target gone whose request ended in an error deleted what its preview counted (its answer was lost).
  const deletedOf = (o: Outcome): DeleteResult => o.result ?? { path: o.target.path, filesDeleted: o.look.state === 'gone' ? Math.max(o.files, o.target.files) : o.files, bytesFreed: o.look.state === 'gone' ? Math.max(o.bytes, o.target.bytes) : o.bytes, keptFolders: [] }
  const deleted = outcomes.filter(o => o.look.state === 'gone' || o.files > 0).map(deletedOf)
  const partial = outcomes.filter(o => o.look.state !== 'gone' && o.files > 0)
  const sum = (list: Outcome[], key: 'filesDeleted' | 'bytesFreed') => list.reduce((n, o) => n + deletedOf(o)[key], 0)
  const head = gone.length ? `Deleted ${gone.map(o => o.target.path).join(', ')} (${counted(sum(gone, 'filesDeleted'), sum(gone, 'bytesFreed'))} freed).` : ''
  const part = partial.map(o => ` From ${quoted(o.target.path, 1000)}, deleted ${counted(o.files, o.bytes)}.`).join('')
  const next = nextCalls(outcomes)
  return {
    deleted,
    verified: {
      gone: gone.map(o => o.target.path),
      stillThere: outcomes.flatMap(o => (o.look.state === 'stillThere' ? [{ path: o.target.path, files: o.look.files, bytes: o.look.bytes }] : [])),
      notDone: outcomes.filter(o => o.look.state === 'stillThere' && o.files === 0).map(o => o.target.path),
      unknown: outcomes.filter(o => o.look.state === 'unknown').map(o => o.target.path)
    },
    next,
    summary: `${head}${part}${outcomes.map(leftSentence).join('')}${nextText(next)}`.trim()
  }
}

/**
 * What to call about what is left: a fresh delete preview where a delete stopped (once its cause is fixed; it
 * shows the files first), a listing where new files appeared after the preview (nobody agreed to delete them).
 */
function nextCalls (outcomes: Outcome[]): NextCall[] {
  const stopped = outcomes.filter(o => o.look.state === 'stillThere' && o.error).map(o => o.target.path)
  const grew = outcomes.filter(o => o.look.state === 'stillThere' && !o.error).map(o => o.target.path)
  return [
    ...(stopped.length ? [nextCall('manage_files', { action: 'delete', paths: stopped }, 'delete what is left once the cause is fixed (it shows the files first)')] : []),
    ...grew.map(path => nextCall('manage_files', { action: 'list', path, recursive: true }, 'see what appeared after the preview'))
  ]
}
