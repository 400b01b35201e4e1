// Effects verified after the fact (issue 34 item 9): every delete, move, cancel-with-data and retry looks again,
// in the backend and on disk, before it reports. A backend's "yes" is not the effect: a manager asked to remove a
// download "with its data" passes that on to a download client that may never have held it, and NZBGet forgets a
// failed job's history entry while its files stay (v21.0 daemon/queue/HistoryCoordinator.cpp 331-371). And a "no"
// is not the absence of the effect: a client that died after deleting, or a request that timed out, may have done
// all it was asked. So a tool runs each request through ask() (which keeps the error instead of throwing), then
// verifyEffects() reads the backend once and looks at each path on disk, and the answer is rendered from what that
// next look found (effects-text.ts), never from what the request answered.
import { lstat } from 'node:fs/promises'
import { ToolError } from '../../core/errors.js'
import { folderOnDisk } from '../library/folder-on-disk.js'

/** Data an effect was to delete: this server's absolute path and the form tools accept ("downloads/complete/X"). */
export interface EffectData {
  abs: string
  shown: string
  /** What the preview counted there (shown in the answer when it is gone). */
  files?: number
  bytes?: number
}

/** One request made: what it was about and what the backend answered. */
export interface AskedEffect {
  /** The id the tool names it by ("usenet:12", "series:3", a path). */
  id: string
  title: string
  /** The backend asked, as people know it ("NZBGet", "the series manager"). */
  service: string
  /** The data it was to delete; absent when the data was to be kept. */
  data?: EffectData
  /** The error the request ended with (refused, timed out, connection lost); absent when the backend said yes. */
  error?: string
}

/** What the disk shows at an effect's data path on the next look. */
export type DataLook =
  | { path: string, state: 'gone' }
  | { path: string, state: 'stillThere', files: number, bytes: number, complete: boolean }
  | { path: string, state: 'unknown', why: string }

/**
 * - done: the backend no longer holds it and its data (if it was to go) is gone;
 * - dataLeft: the backend no longer holds it, but its data is still on disk;
 * - notDone: the backend still holds it;
 * - unknown: the backend could not be read again and the disk cannot tell.
 */
export type EffectOutcome = 'done' | 'dataLeft' | 'notDone' | 'unknown'

export interface CheckedEffect extends AskedEffect {
  /** The backend on the next look: gone (no longer holds it), still (holds it) or unknown (did not answer). */
  backend: 'gone' | 'still' | 'unknown'
  look?: DataLook
  outcome: EffectOutcome
}

/** The verified outcome as structured content carries it. */
export interface VerifiedRecord {
  /** Paths whose data is gone. */
  gone: string[]
  /** Paths still on disk after the backend was asked to delete them, with what they hold. */
  stillThere: Array<{ path: string, files: number, bytes: number }>
  /** Items the backend still holds, or whose state could not be read again. */
  notDone: string[]
  unknown: string[]
}

/**
 * Runs one request and keeps its outcome: the error text when it threw (`describe` turns an error into words a
 * person can act on), nothing when it was answered. It never throws: the next look decides what happened.
 */
export async function ask (effect: Omit<AskedEffect, 'error'>, request: () => Promise<unknown>, describe: (err: unknown) => string): Promise<AskedEffect> {
  try {
    await request()
    return { ...effect }
  } catch (err) {
    return { ...effect, error: describe(err) }
  }
}

/** A request's error in words the person can act on (a ToolError's message); a bug's detail stays in the server log. */
export const describeError = (err: unknown) => err instanceof ToolError ? err.message : 'internal error (see the server log)'

/** What is at `data` on disk now: nothing, or the files and bytes still there. */
export async function lookAtData (data: EffectData): Promise<DataLook> {
  const st = await lstat(data.abs).catch((err: NodeJS.ErrnoException) => err)
  if (st instanceof Error) {
    return st.code === 'ENOENT' || st.code === 'ENOTDIR' ? { path: data.shown, state: 'gone' } : { path: data.shown, state: 'unknown', why: `it cannot be read (${st.code ?? 'error'})` }
  }
  const held = st.isDirectory() ? await folderOnDisk(data.abs) : { files: 1, bytes: st.size, complete: true }
  return { path: data.shown, state: 'stillThere', ...held }
}

/**
 * Which of the ids a backend still holds on the next look: `present` the ids it lists, `unread(id)` true when
 * the source an id lives in did not answer.
 */
export interface HeldNow { present: ReadonlySet<string>, unread: (id: string) => boolean }

/**
 * The next look after the requests: the backends once (`held`; a throw counts as "did not answer" for every id),
 * then the disk at each effect's data path.
 */
export async function verifyEffects (asked: readonly AskedEffect[], held: () => Promise<HeldNow>): Promise<CheckedEffect[]> {
  const now = await held().catch(() => undefined)
  const out: CheckedEffect[] = []
  for (const effect of asked) {
    const backend = !now || now.unread(effect.id) ? 'unknown' : now.present.has(effect.id) ? 'still' : 'gone'
    const look = effect.data ? await lookAtData(effect.data) : undefined
    out.push({ ...effect, backend, ...(look ? { look } : {}), outcome: outcomeOf(backend, effect, look) })
  }
  return out
}

function outcomeOf (backend: CheckedEffect['backend'], effect: AskedEffect, look: DataLook | undefined): EffectOutcome {
  if (backend === 'still') return 'notDone'
  if (look?.state === 'stillThere') return backend === 'gone' || !effect.error ? 'dataLeft' : 'unknown'
  if (backend === 'gone') return look?.state === 'unknown' ? 'unknown' : 'done'
  // The backend did not answer again: its data gone says the request was carried out; without data to look at,
  // only the request's own answer is left.
  if (look?.state === 'gone') return 'done'
  return effect.error || look ? 'unknown' : 'done'
}

/** The structured record of what the next look found. */
export function verifiedRecord (checked: readonly CheckedEffect[]): VerifiedRecord {
  const looks = checked.flatMap(c => (c.look ? [c.look] : []))
  return {
    gone: [...new Set(looks.filter(l => l.state === 'gone').map(l => l.path))],
    stillThere: looks.flatMap(l => (l.state === 'stillThere' ? [{ path: l.path, files: l.files, bytes: l.bytes }] : []))
      .filter((l, i, all) => all.findIndex(x => x.path === l.path) === i),
    notDone: checked.filter(c => c.outcome === 'notDone').map(c => c.id),
    unknown: checked.filter(c => c.outcome === 'unknown').map(c => c.id)
  }
}
