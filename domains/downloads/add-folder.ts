// download_add's folder: every add writes into a folder of its own that did not exist before the call, so a name
// that is already a folder (a finished download's, or a top folder such as complete that holds them all) can never
// make a new download write over an old one (issue 35 item 1: a torrent whose folder and file names matched a
// finished download overwrote it in place in real qBittorrent, and through the managers' hardlink import, the
// library file too). The folder is made here with mkdir, which fails on any existing name, so two adds of one
// name at once get two folders; a name that exists gets " (2)", " (3)"… and the answer says so.
import { mkdir, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { ToolError } from '../../core/errors.js'
import { quoted } from '../../core/untrusted-text.js'
import { LIBRARY_TOP_FOLDERS } from '../../lib/sandbox/sandbox.js'

/**
 * Names the downloaders and managers use for the downloads root's own top folders (finished, unfinished and
 * category folders): an add named like one is refused even while that folder does not exist yet, as the client
 * would later put every download of its kind there, inside this add's folder.
 */
const TOP_FOLDER_NAMES = new Set([
  // Finished and unfinished downloads (qBittorrent, Transmission, Deluge, SABnzbd, NZBGet, pyLoad defaults).
  'complete', 'completed', 'incomplete', 'intermediate', 'downloading', 'downloads', 'temp', 'tmp', 'watch',
  'torrents', 'usenet', 'nzb', 'queue',
  // The managers' default download-client categories (Sonarr tv-sonarr, Radarr radarr) and the library's own names.
  'tv-sonarr', 'sonarr', 'radarr', ...LIBRARY_TOP_FOLDERS
])

/** Tries per name before giving up ("Name (2)" … "Name (50)"). */
const MAX_SUFFIX = 50

export interface AddFolder {
  /** The folder made for this add (this server's side of PATH_MAP). */
  path: string
  /** Its name under the downloads root: the name asked for, or that name with " (n)". */
  name: string
  /** True when the name asked for was taken and a suffix was added. */
  renamed: boolean
}

/** Refuses a name that is a top folder of the downloads root, whether or not that folder exists now. */
export function refuseTopFolderName (name: string): void {
  const bare = name.trim().toLowerCase()
  if (TOP_FOLDER_NAMES.has(bare) || bare.startsWith('.')) {
    throw new ToolError(`Not adding: ${quoted(name)} is ${bare.startsWith('.') ? 'a hidden name' : 'the name of a top folder of the downloads root (where downloaders keep finished, unfinished or category downloads)'}, ` +
      'and a download saved there could write over the downloads kept in it. Nothing was added. Give the download its own name, e.g. the release name.')
  }
}

/**
 * Makes the add's own folder under `downloadsRoot`: `name` when no such entry exists, else the first free
 * "name (n)". Refuses top-folder names. Throws when the downloads root is not a folder this server sees.
 */
export async function makeAddFolder (downloadsRoot: string, name: string): Promise<AddFolder> {
  refuseTopFolderName(name)
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const candidate = n === 1 ? name : `${name} (${n})`
    const path = join(downloadsRoot, candidate)
    try {
      // Not recursive: the root must already be there, and an existing name (file, folder or link) fails.
      await mkdir(path)
      return { path, name: candidate, renamed: n > 1 }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new ToolError('Not adding: the downloads folder (DOWNLOADS_ROOT) does not exist on this server, so it cannot make the download a folder of its own. ' +
          'Mount the downloads folder at DOWNLOADS_ROOT in this server\'s container (and check PATH_MAP). Nothing was added.')
      }
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new ToolError('Not adding: this server may not create folders in the downloads folder (DOWNLOADS_ROOT), so it cannot give the download a folder of its own. ' +
          'Let this server\'s user write there. Nothing was added.')
      }
      throw err
    }
  }
  throw new ToolError(`Not adding: ${quoted(name)} and ${quoted(`${name} (2)`)} to ${quoted(`${name} (${MAX_SUFFIX})`)} all exist in the downloads folder. Give the download another name. Nothing was added.`)
}

/** Removes the add's folder again when nothing was added into it (rmdir: only while it is still empty). */
export async function dropEmptyAddFolder (folder: AddFolder): Promise<void> {
  await rmdir(folder.path).catch(() => {})
}

/** The sentence saying the name asked for was taken (and left alone), or ''. */
export function renamedNote (asked: string, folder: AddFolder): string {
  return folder.renamed ? ` A folder ${quoted(asked)} already existed there; it is untouched.` : ''
}
