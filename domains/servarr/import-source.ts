// Where the files an import takes come from, and so how they may be taken. The manager knows a candidate's
// download only from the downloadId we pass (ManualImportService.MapItem sets DownloadId from the query,
// Sonarr v4.0.19.2979 / Radarr v6.0.3.10276 src/NzbDrone.Core/MediaFiles/*/Manual/ManualImportService.cs);
// without it the import is untracked, importMode "auto" means move, and the queue item is never marked
// imported. So: the queue's downloadId whenever the path lies in a queued download, and never a move out
// from under a torrent the torrent client still holds.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { within } from '../../lib/sandbox/sandbox.js'
import type { ServarrCore } from '../../clients/servarr/core.js'
import { untrusted } from './text.js'
import { everyInstance } from '../each-instance.js'
import { torrentClient } from '../chosen-client.js'
import { refusal, type NextCall } from '../../lib/answers/next-calls.js'

export interface ImportSource {
  /** The real path the user named. */
  path: string
  /** The queued download the path lies in. */
  downloadId?: string
  /** The torrent still holding these files (its name), when there is one. */
  torrent?: string
  /** True when we could not ask the torrent client, so a torrent may still hold the files. */
  torrentUnknown: boolean
  /** The path is in the library (a library file named explicitly), not under the downloads root. */
  inLibrary: boolean
}

export async function importSource (app: FastifyInstance, client: ServarrCore, input: string, isFile: boolean, libraryTool: string): Promise<ImportSource> {
  const path = await app.sandbox.resolve(input)
  const downloads = app.sandbox.roots().downloads
  const inLibrary = !downloads || !within(downloads, path)
  if (inLibrary && !isFile) {
    throw new ToolError(`${input} is a folder in the library, not under the downloads root. Import takes downloaded files; for files already in a title's folder use ${libraryTool}. To re-import one library file, name that file itself.`)
  }
  const { records } = await client.queue({ page: 1, pageSize: 200 })
  const queued = records.find(q => q.downloadId && q.outputPath && within(q.outputPath, path))
  let torrent = queued?.protocol === 'torrent' ? untrusted(queued.title ?? queued.downloadId ?? 'a torrent', 120) : undefined
  let torrentUnknown = false
  if (!torrent) {
    // Any torrent client may hold the files (a second one seeding elsewhere): each is asked.
    const each = await everyInstance(app, 'torrents', name => torrentClient(app, name).list())
    const held = each.flatMap(({ result }) => (result.status === 'fulfilled' ? result.value : [])).find(t => within(t.contentPath, path) || within(path, t.contentPath))
    if (held) torrent = untrusted(held.name, 120)
    else if (each.some(({ result }) => result.status === 'rejected')) torrentUnknown = !inLibrary
  }
  return { path, downloadId: queued?.downloadId ?? undefined, torrent, torrentUnknown, inLibrary }
}

/**
 * The import mode to send. A torrent still holding the files is never moved from under it: "move" is refused
 * and "auto" becomes copy (a hardlink on the same disk) unless the manager tracks the download and decides
 * itself (auto copies while the client cannot give the files up: ImportApprovedEpisodes/ImportApprovedMovie,
 * copyOnly = downloadClientItem is { CanMoveFiles: false }). A library file is copied, never moved, on auto.
 */
export function chooseMode (requested: string, source: ImportSource, again: (importMode: 'copy') => NextCall): string {
  if (source.torrent && requested === 'move') {
    throw refusal(`The files at ${source.path} belong to the torrent "${source.torrent}", which the torrent client still holds; moving them would break it. Import a copy instead (hardlinked on the same disk), or use importMode "auto".`, [again('copy')])
  }
  if (requested !== 'auto') return requested
  if (source.downloadId) return 'auto'
  return source.torrent || source.torrentUnknown || source.inLibrary ? 'copy' : 'auto'
}
