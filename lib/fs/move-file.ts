// Crash-safe, never-overwriting move of one file (or symbolic link).
//
// Same filesystem: link(source, destination) then unlink(source). link() fails with EEXIST instead of
// replacing, so an existing destination is never overwritten, and a crash between the two calls leaves
// one file under two names (same inode), never none.
//
// Other filesystem (EXDEV): copy into a fresh temp name in the destination folder (O_EXCL), fsync, verify
// size and a head/tail hash against the source, publish it under the final name with link() (again never
// overwriting), fsync the folder, and only then remove the source. A crash at any step leaves the complete
// file at the source, at the destination, or at both, and never a partial file under the final name (a
// partial copy only ever exists under a temp name, see temp-names.ts).
import { lstat, link, open, readlink, rename, rm, stat, symlink, unlink, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ToolError } from '../../core/errors.js'
import { codeOf, fsyncDir, quickHash } from './durable.js'
import { tempPathFor } from './temp-names.js'
import { nextText } from '../answers/next-calls.js'
import { listFolder } from '../answers/common-calls.js'

export type MoveStep =
  | 'link' | 'unlink-source' // same filesystem
  | 'create-temp' | 'copy' | 'fsync-temp' | 'verify' | 'publish' | 'drop-temp' | 'fsync-dest-dir'
  | 'remove-source' | 'fsync-source-dir' // other filesystem

export const COPY_STEPS: readonly MoveStep[] = [
  'create-temp', 'copy', 'fsync-temp', 'verify', 'publish', 'drop-temp', 'fsync-dest-dir', 'remove-source', 'fsync-source-dir'
]

export interface MoveFileOptions {
  /** Called before each step. Fault-injection point: tests throw here, or kill the process to simulate a crash. */
  checkpoint?: (step: MoveStep, detail: { from: string, to: string }) => void | Promise<void>
  /** Take the copy path as if source and destination were on different filesystems. */
  forceCopy?: boolean
  /** Bytes copied so far (copy path only). */
  onBytes?: (done: number, total: number) => void
  signal?: AbortSignal
  /** Called with a path right before it is created or removed (the sandbox's recheck). */
  guard?: (abs: string) => Promise<unknown>
}

export interface MoveFileResult {
  from: string
  to: string
  bytes: number
  method: 'rename' | 'copy'
}

export class DestinationExistsError extends ToolError {
  constructor (readonly destination: string, shown = destination) {
    const look = [listFolder(shown)]
    super(`${shown} already exists; nothing was overwritten. Choose another destination name, or look at what is there first.${nextText(look)}`, undefined, look)
    this.name = 'DestinationExistsError'
  }
}

/** The file to move is no longer there: something else moved or deleted it after the move was planned. */
export class SourceGoneError extends ToolError {
  constructor (readonly source: string) {
    const look = [listFolder(dirname(source))]
    super(`${source} does not exist (any more). List the folder and try again.${nextText(look)}`, undefined, look)
    this.name = 'SourceGoneError'
  }
}

const COPY_CHUNK = 4 * 1024 * 1024
// Filesystems without hard links answer these; we fall back to check-then-rename there.
const NO_LINK = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS'])

export async function exists (p: string): Promise<boolean> {
  try {
    await lstat(p)
    return true
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return false
    throw err
  }
}

export async function moveFile (from: string, to: string, opts: MoveFileOptions = {}): Promise<MoveFileResult> {
  const step = async (s: MoveStep) => { await opts.checkpoint?.(s, { from, to }) }
  if (from === to) throw new ToolError('Source and destination are the same path; nothing to move.')
  const st = await lstat(from).catch(err => {
    if (codeOf(err) === 'ENOENT') throw new SourceGoneError(from)
    throw err
  })
  if (!st.isFile() && !st.isSymbolicLink()) throw new ToolError(`${from} is not a regular file; only files, folders and symbolic links can be moved.`)
  await opts.guard?.(from)
  await opts.guard?.(to)
  if (await exists(to)) throw new DestinationExistsError(to)

  if (!opts.forceCopy) {
    let linked = false
    try {
      await step('link')
      await link(from, to)
      linked = true
    } catch (err) {
      const code = codeOf(err)
      if (code === 'EEXIST') throw new DestinationExistsError(to)
      if (code !== 'EXDEV' && !(code && NO_LINK.has(code))) throw err
      if (code !== 'EXDEV') {
        await renameNoClobber(from, to)
        await fsyncDirs(from, to)
        return { from, to, bytes: st.size, method: 'rename' }
      }
    }
    if (linked) {
      await step('unlink-source')
      await unlink(from)
      await fsyncDirs(from, to)
      return { from, to, bytes: st.size, method: 'rename' }
    }
  }
  return st.isSymbolicLink() ? await moveSymlinkAcross(from, to, step) : await copyAcross(from, to, st.size, opts, step)
}

/** Fallback where link() is unsupported: a small check-then-rename window, documented as the only one. */
async function renameNoClobber (from: string, to: string) {
  if (await exists(to)) throw new DestinationExistsError(to)
  await rename(from, to)
}

async function fsyncDirs (from: string, to: string) {
  await fsyncDir(dirname(to))
  if (dirname(from) !== dirname(to)) await fsyncDir(dirname(from))
}

async function moveSymlinkAcross (from: string, to: string, step: (s: MoveStep) => Promise<void>): Promise<MoveFileResult> {
  const target = await readlink(from)
  await step('publish')
  try {
    await symlink(target, to) // fails with EEXIST: never replaces
  } catch (err) {
    if (codeOf(err) === 'EEXIST') throw new DestinationExistsError(to)
    throw err
  }
  await step('remove-source')
  await unlink(from)
  await fsyncDirs(from, to)
  return { from, to, bytes: 0, method: 'copy' }
}

async function copyAcross (from: string, to: string, size: number, opts: MoveFileOptions, step: (s: MoveStep) => Promise<void>): Promise<MoveFileResult> {
  const tmp = tempPathFor(to)
  let publishedIno: number | undefined
  try {
    await step('create-temp')
    const out = await open(tmp, 'wx', 0o600)
    try {
      await step('copy')
      await copyInto(from, out, size, opts)
      const src = await stat(from)
      await out.chmod(src.mode & 0o7777)
      await out.utimes(src.atime, src.mtime) // managers and media servers look at mtimes
      await step('fsync-temp')
      await out.sync()
    } finally {
      await out.close()
    }
    await step('verify')
    await verifyCopy(from, tmp, size)
    await step('publish')
    publishedIno = await publish(tmp, to)
    await step('drop-temp')
    await rm(tmp, { force: true })
    await step('fsync-dest-dir')
    await fsyncDir(dirname(to))
    await step('remove-source')
    await opts.guard?.(from)
    await unlink(from)
    await step('fsync-source-dir')
    await fsyncDir(dirname(from))
    return { from, to, bytes: size, method: 'copy' }
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => {})
    // Undo a publish whose source is still in place, so a failed move leaves exactly the original.
    if (publishedIno !== undefined && await exists(from)) {
      const dest = await lstat(to).catch(() => undefined)
      if (dest?.ino === publishedIno) await unlink(to).catch(() => {})
    }
    throw err
  }
}

async function copyInto (from: string, out: FileHandle, size: number, opts: MoveFileOptions) {
  const src = await open(from, 'r')
  try {
    const buf = Buffer.allocUnsafe(Math.min(COPY_CHUNK, Math.max(size, 1)))
    let pos = 0
    for (;;) {
      if (opts.signal?.aborted) throw new ToolError('The move was cancelled; the source is unchanged.')
      const { bytesRead } = await src.read(buf, 0, buf.length, pos)
      if (bytesRead === 0) break
      let written = 0
      while (written < bytesRead) {
        const { bytesWritten } = await out.write(buf, written, bytesRead - written, pos + written)
        written += bytesWritten
      }
      pos += bytesRead
      opts.onBytes?.(pos, size)
    }
  } finally {
    await src.close()
  }
}

async function verifyCopy (from: string, tmp: string, size: number) {
  const [src, copy] = [await stat(from), await stat(tmp)]
  if (src.size !== size) throw new ToolError(`${from} changed while it was being copied; nothing was moved. Try again when it is no longer being written.`)
  if (copy.size !== size) throw new ToolError(`The copy of ${from} is ${copy.size} bytes instead of ${size} (disk full?); nothing was moved. Free space and try again.`)
  if (await quickHash(from) !== await quickHash(tmp)) throw new ToolError(`The copy of ${from} does not match the original; nothing was moved. Check the destination disk and try again.`)
}

/** Gives the verified temp file its final name without ever replacing an existing file. Returns its inode. */
async function publish (tmp: string, to: string): Promise<number> {
  try {
    await link(tmp, to)
  } catch (err) {
    const code = codeOf(err)
    if (code === 'EEXIST') throw new DestinationExistsError(to)
    if (!(code && NO_LINK.has(code))) throw err
    await renameNoClobber(tmp, to)
  }
  return (await lstat(to)).ino
}
