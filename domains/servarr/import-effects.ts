// series_import / movie_import after the command (issue 34 item 9): the answer says what the next look finds, not
// what was asked. The manager is read again (the title's new file, its path and size) and the disk is looked at (the
// file at its library path, the replaced file gone, a moved source gone). "Imported …" only for a file the manager
// lists and the disk holds; otherwise what is not true yet is named, with the call that shows or fixes it. An answer
// lost after the manager took the command (a timeout, the connection closed) is not a failure: the next look decides.
import { lstat } from 'node:fs/promises'
import { quoted } from '../../core/untrusted-text.js'
import type { VerifiedRecord } from '../../lib/effects/effects.js'
import { nextCall, type NextCall } from '../../lib/answers/next-calls.js'

/** One planned file on the next look: the manager's new file for its title (undefined: none listed yet). */
export interface ImportLook {
  sourcePath: string
  /** Files the import was to replace (the manager deletes them). */
  replaces: string[]
  listed?: { path: string, size?: number }
}

/** What the next look found, with the words and calls the answer ends with. */
export interface ImportVerdict<L extends ImportLook> {
  /** Listed by the manager and on disk at its library path. */
  done: L[]
  /** Not true yet, each with why. */
  notYet: Array<{ sourcePath: string, reasons: string[] }>
  verified: VerifiedRecord
  text: string
  next: NextCall[]
}

const onDisk = async (path: string) => lstat(path).then(s => ({ bytes: s.isFile() ? s.size : 0 }), () => undefined)
const name = (p: string) => quoted(p.split('/').pop())

/**
 * Looks at each planned file: `unlisted` says why a file the manager does not list is not there (still running, answer lost), `mode` the import
 * mode used (a move takes the source away), `history` the manager's history view, `rescan` the call that makes the manager read the title's folder again.
 */
export async function lookAfterImport<L extends ImportLook> (rows: L[], o: { unlisted: string, mode: string, manager: string, history: NextCall, rescan: NextCall }): Promise<ImportVerdict<L>> {
  const done: L[] = []
  const notYet: Array<{ sourcePath: string, reasons: string[] }> = []
  const verified: VerifiedRecord = { gone: [], stillThere: [], notDone: [], unknown: [] }
  const sentences: string[] = []
  const next = new Map<string, NextCall>()
  for (const r of rows) {
    if (!r.listed) {
      notYet.push({ sourcePath: r.sourcePath, reasons: [o.unlisted] })
      verified.notDone.push(r.sourcePath)
      next.set('history', o.history)
      continue
    }
    const held = await onDisk(r.listed.path)
    if (!held) {
      notYet.push({ sourcePath: r.sourcePath, reasons: [`${o.manager} lists ${quoted(r.listed.path)}, but it is not on disk`] })
      verified.notDone.push(r.sourcePath)
      next.set('rescan', o.rescan)
      continue
    }
    done.push(r)
    if (o.mode === 'move') {
      const source = await onDisk(r.sourcePath)
      if (source) sentences.push(` The import was a move, but ${name(r.sourcePath)} is still in the download folder.`)
      else verified.gone.push(r.sourcePath)
    }
    for (const old of r.replaces.filter(p => p !== r.listed?.path)) {
      const left = await onDisk(old)
      if (!left) { verified.gone.push(old); continue }
      verified.stillThere.push({ path: old, files: 1, bytes: left.bytes })
      sentences.push(` The replaced file ${quoted(old)} is still in place beside the new one.`)
      next.set(`old:${old}`, nextCall('manage_files', { action: 'delete', paths: [old] }, 'delete the replaced file (it shows the file first)'))
    }
  }
  for (const n of notYet) sentences.push(` ${name(n.sourcePath)}: ${n.reasons.join('; ')}.`)
  return { done, notYet, verified, text: sentences.join(''), next: [...next.values()] }
}

/**
 * Reads the manager again until `landed` says every file is there or `waitSeconds` pass: after a lost answer the
 * command may still be running, and the wait is for that condition, bounded as the command's own.
 */
export async function readUntilLanded<T> (read: () => Promise<T>, landed: (now: T) => boolean, waitSeconds: number, signal?: AbortSignal): Promise<T> {
  const until = Date.now() + waitSeconds * 1000
  let now = await read()
  while (!landed(now) && Date.now() < until && !signal?.aborted) {
    await new Promise(resolve => setTimeout(resolve, 250))
    now = await read()
  }
  return now
}
