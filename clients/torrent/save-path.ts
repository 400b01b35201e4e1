// Paths every torrent client shares: our save path checked and translated to the client's view, and where a
// torrent's data is when the client names it relative to its folder.
import { posix } from 'node:path'
import { ToolError } from '../../core/errors.js'
import type { PathMap } from '../../core/path-map.js'

/** Our save path (must be under DOWNLOADS_ROOT) as the torrent client sees it. */
export function backendSavePath (ours: string, downloadsRoot: string, pathMap: PathMap): string {
  const normalized = posix.normalize(ours)
  const root = posix.normalize(downloadsRoot).replace(/\/$/, '')
  if (!posix.isAbsolute(normalized) || (normalized !== root && !normalized.startsWith(root + '/'))) {
    throw new ToolError(`The save path must be inside the downloads folder (${root}).`)
  }
  return pathMap.toBackend(normalized)
}

/** `name` inside `folder`, never allowed to climb out of it (a name is the client's word, not ours). */
export function insideFolder (folder: string, name: string): string {
  if (posix.isAbsolute(name)) return name
  const joined = posix.join(folder, name)
  return joined.startsWith(posix.join(folder, '/')) ? joined : posix.join(folder, posix.basename(name))
}
