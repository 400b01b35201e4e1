// Deletion with a preview that pins exactly what will go. A folder target carries its file count, byte
// total and a digest of its listing, so the confirmed call (which recomputes the preview) is refused if
// anything in it changed after the preview. Deleting removes the listed files one by one and then only the
// folders left empty: a file that appears at the last moment survives. A file target's parent folder
// (an episode's season folder) is never touched.
import { createHash } from 'node:crypto'
import { lstat, rmdir, unlink } from 'node:fs/promises'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { ToolError } from '../errors.js'
import { codeOf } from '../fs/durable.js'
import { walk } from './walk.js'

export interface DeleteTarget {
  /** As shown to the caller (sandbox display form). */
  path: string
  kind: 'file' | 'folder' | 'symlink'
  files: number
  bytes: number
  /** Modification time of a file, or the digest of a folder's listing. */
  fingerprint: string
}

export async function previewDelete (sandbox: PathSandbox, inputs: string[]): Promise<DeleteTarget[]> {
  const targets: DeleteTarget[] = []
  const seen = new Set<string>()
  for (const input of inputs) {
    const abs = await sandbox.resolve(input)
    await sandbox.assertMutable(abs)
    if (seen.has(abs)) continue
    seen.add(abs)
    const st = await lstat(abs).catch(err => {
      if (codeOf(err) === 'ENOENT') throw new ToolError(`${input} does not exist. List the folder with manage_files action "list" to see what is there.`)
      throw err
    })
    if (st.isDirectory()) targets.push({ path: sandbox.display(abs), kind: 'folder', ...await folderFingerprint(abs) })
    else targets.push({ path: sandbox.display(abs), kind: st.isSymbolicLink() ? 'symlink' : 'file', files: 1, bytes: st.isFile() ? st.size : 0, fingerprint: `${st.size}:${st.mtimeMs}` })
  }
  for (const a of seen) {
    for (const b of seen) {
      if (a !== b && b.startsWith(a + '/')) throw new ToolError(`${sandbox.display(b)} is inside ${sandbox.display(a)}; list each item only once.`)
    }
  }
  return targets
}

async function folderFingerprint (abs: string) {
  const hash = createHash('sha256')
  let files = 0
  let bytes = 0
  await walk(abs, e => {
    hash.update(`${e.path}\0${e.kind}\0${e.size}\0${e.mtimeMs}\n`)
    if (e.kind !== 'dir') files++
    bytes += e.size
  })
  return { files, bytes, fingerprint: hash.digest('hex').slice(0, 32) }
}

export interface DeleteResult {
  path: string
  filesDeleted: number
  bytesFreed: number
  /** Folders that were kept because something new appeared in them. */
  keptFolders: string[]
}

/** Deletes exactly the previewed targets, re-checking each against the sandbox right before. */
export async function applyDelete (sandbox: PathSandbox, targets: DeleteTarget[]): Promise<DeleteResult[]> {
  const results: DeleteResult[] = []
  for (const t of targets) {
    const abs = await sandbox.resolve(t.path)
    await sandbox.assertMutable(abs)
    if (t.kind !== 'folder') {
      await unlink(abs)
      results.push({ path: t.path, filesDeleted: 1, bytesFreed: t.bytes, keptFolders: [] })
      continue
    }
    const files: Array<{ path: string, size: number }> = []
    const dirs: string[] = [abs]
    await walk(abs, e => {
      if (e.kind === 'dir') dirs.push(e.path)
      else files.push({ path: e.path, size: e.size })
    })
    let bytesFreed = 0
    for (const f of files) {
      await unlink(f.path)
      bytesFreed += f.size
    }
    const keptFolders: string[] = []
    for (const d of dirs.reverse()) {
      try {
        await rmdir(d)
      } catch (err) {
        if (codeOf(err) === 'ENOTEMPTY' || codeOf(err) === 'EEXIST') keptFolders.push(sandbox.display(d))
        else if (codeOf(err) !== 'ENOENT') throw err
      }
    }
    results.push({ path: t.path, filesDeleted: files.length, bytesFreed, keptFolders })
  }
  return results
}
