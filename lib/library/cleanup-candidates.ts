// What cleanup_server may remove, each only when it can be proved unneeded:
// - temp: this server's own temporary files (see temp-names.ts) older than the age limit;
// - orphanedTorrents: torrents whose content is gone from disk (complete or flagged missingFiles), whose
//   content path maps (PATH_MAP) inside our roots, so "gone" is really known;
// - downloadLeftovers: top-level items of the downloads folder older than the age limit that no torrent,
//   direct-download package, manager queue item or series/movie path refers to. If any of those sources
//   cannot be asked, nothing in this category is proposed: an unreachable manager proves nothing.
// - caches: the media server's own cache and transcode cleanup tasks (started, not done by us);
// - ghostEntries: manager entries whose media is provably gone (see cleanup-ghosts.ts);
// - watched: titles every user watched long ago, after a leaving-soon window (see cleanup-watched.ts).
import { lstat, readdir } from 'node:fs/promises'
import { basename, isAbsolute, join } from 'node:path'
import type { PathSandbox } from '../sandbox/sandbox.js'
import { within } from '../sandbox/sandbox.js'
import { isOurTempName } from '../fs/temp-names.js'
import { codeOf } from '../fs/durable.js'
import { walk } from './walk.js'
import { entryFingerprint, entryTarget, listFolder, type DeleteTarget } from './delete-targets.js'
import type { CheckedFolder } from './title-folder.js'

export interface CleanupTarget {
  category: 'temp' | 'orphanedTorrents' | 'downloadLeftovers' | 'caches' | 'ghostEntries' | 'watched' | 'usenetHistory'
  /** Path (display form), torrent name, task name or title. */
  name: string
  /** Torrent hash (orphanedTorrents only). */
  hash?: string
  /** Media-server task id (caches), "series:<id>" / "movie:<id>" in its manager (ghostEntries) or "usenet:<job id>" (usenetHistory). */
  id?: string
  /** The service that owns the target (caches, ghostEntries). */
  service?: string
  /** The extra instance that holds it (orphanedTorrents, ghostEntries, usenetHistory); absent for the default instance. */
  instance?: string
  /** The entry's folder as it was when proposed (ghostEntries). */
  path?: string
  /** Bytes freed on disk; absent when not known in advance (the media server's cache tasks). */
  bytes?: number
  reason: string
  /**
   * A file or folder target (temp, downloadLeftovers) as it was judged: device and inode of a file, the
   * digest of a folder's entries with theirs. The confirm is bound to it and the delete acts on exactly it.
   */
  onDisk?: Pick<DeleteTarget, 'kind' | 'files' | 'fingerprint'>
  /**
   * A watched title as it was proposed (watched): its leaving-soon mark, the media-server item, the last play and
   * the users who had all played it. The confirmed call deletes only if all of it still holds.
   */
  watched?: {
    key: string
    kind: 'movie' | 'series'
    instance: string
    itemId: string
    lastPlayed: string
    markedAt: string
    users: string[]
    /** What the folder check saw in the title's folder: the folder, its file count and bytes, as previewed. */
    folder: CheckedFolder
    /** Bytes of the files the manager tracked there. */
    trackedBytes: number
  }
}

/** Where download_direct saves, under the downloads root, on purpose: never a leftover. */
export const DIRECT_DOWNLOADS_FOLDER = 'direct'

/** Every path some backend still refers to, and the sources that could not be asked. */
export interface References {
  paths: string[]
  unavailable: string[]
  /**
   * Folder names a source refers to without saying where (a download manager whose storage folder is not
   * known): an item that is, or holds at any depth, a folder of such a name is untouchable.
   */
  names?: string[]
  /** Folders that hold a service's items (its storage folder): never a target, their children are judged one by one. */
  containers?: string[]
}

export async function findTempFiles (sandbox: PathSandbox, olderThanMs: number, now = Date.now()): Promise<CleanupTarget[]> {
  const { media, downloads } = sandbox.roots()
  const out: CleanupTarget[] = []
  for (const root of [media, downloads]) {
    if (!root) continue
    await walk(root, e => {
      if (e.kind === 'file' && isOurTempName(e.name) && now - e.mtimeMs > olderThanMs) {
        out.push({
          category: 'temp',
          name: sandbox.display(e.path),
          bytes: e.size,
          reason: `leftover partial file, untouched for more than ${Math.round(olderThanMs / 3600_000)} h`,
          onDisk: { kind: 'file', files: 1, fingerprint: entryFingerprint(e) }
        })
      }
    })
  }
  return out
}

export interface TorrentLike { hash: string, name: string, state: string, phase?: string, filesMissing?: boolean, progress: number, sizeBytes?: number, contentPath: string, savePath?: string }

/**
 * Where a torrent's data is, or undefined when the client does not say yet. qBittorrent reports content_path
 * as a bare name (relative) while it checks resume data after a start; that is resolved against the save
 * path, and a torrent whose location is still unknown proves nothing either way.
 */
export function torrentContent (t: Pick<TorrentLike, 'contentPath' | 'savePath'>): string | undefined {
  if (isAbsolute(t.contentPath)) return t.contentPath
  if (t.savePath && isAbsolute(t.savePath) && t.contentPath !== '' && !t.contentPath.split('/').includes('..')) return join(t.savePath, t.contentPath)
  return undefined
}

export async function findOrphanedTorrents (sandbox: PathSandbox, torrents: TorrentLike[]): Promise<CleanupTarget[]> {
  const { media, downloads } = sandbox.roots()
  const out: CleanupTarget[] = []
  for (const t of torrents) {
    const content = torrentContent(t)
    if (!content || t.phase === 'checking' || /^(checking|moving)/.test(t.state)) continue // location not settled yet
    const inRoots = [media, downloads].some(r => r !== undefined && within(r, content))
    if (!inRoots) continue // mapped outside what we can see: its absence proves nothing
    if (!t.filesMissing && t.state !== 'missingFiles' && t.progress < 1) continue // still downloading or not started
    const exists = await lstat(content).then(() => true, err => codeOf(err) !== 'ENOENT')
    if (!exists) out.push({ category: 'orphanedTorrents', name: t.name, hash: t.hash, bytes: 0, reason: `its content (${sandbox.display(content)}) no longer exists; only the torrent entry is removed` })
  }
  return out
}

/** The items judged: top-level entries of the downloads root, with each container replaced by its children. */
async function leftoverCandidates (downloads: string, containers: string[]): Promise<string[]> {
  const direct = join(downloads, DIRECT_DOWNLOADS_FOLDER)
  const out: string[] = []
  const visit = async (dir: string, depth: number) => {
    for (const d of await readdir(dir, { withFileTypes: true })) {
      const abs = join(dir, d.name)
      if (d.name.startsWith('.') || abs === direct) continue
      // A container, or a folder holding one, is opened instead of judged whole.
      if (d.isDirectory() && depth < 4 && containers.some(c => within(abs, c))) await visit(abs, depth + 1)
      else out.push(abs)
    }
  }
  await visit(downloads, 0)
  return out
}

export async function findDownloadLeftovers (sandbox: PathSandbox, refs: References, olderThanMs: number, now = Date.now()): Promise<CleanupTarget[]> {
  const { downloads } = sandbox.roots()
  if (!downloads || refs.unavailable.length > 0) return []
  const names = new Set(refs.names ?? [])
  const out: CleanupTarget[] = []
  for (const abs of await leftoverCandidates(downloads, refs.containers ?? [])) {
    // Referenced if it is, contains, or lies inside any referenced path.
    if (refs.paths.some(p => within(p, abs) || within(abs, p))) continue
    const st = await lstat(abs)
    let newest = st.mtimeMs
    let named = false
    let judged: Omit<DeleteTarget, 'path'>
    if (st.isDirectory()) {
      named = names.has(basename(abs))
      // One walk judges the folder and pins what it judged.
      const listing = await listFolder(abs, e => { newest = Math.max(newest, e.mtimeMs); if (e.kind === 'dir' && names.has(e.name)) named = true })
      judged = { kind: 'folder', files: listing.files.length, bytes: listing.bytes, fingerprint: listing.fingerprint }
    } else judged = entryTarget(st)
    if (named || now - newest <= olderThanMs) continue
    const { bytes, ...onDisk } = judged
    out.push({ category: 'downloadLeftovers', name: sandbox.display(abs), bytes, reason: `not referenced by any torrent, Usenet download, download package or manager; unchanged for more than ${Math.round(olderThanMs / 3600_000)} h`, onDisk })
  }
  return out
}
