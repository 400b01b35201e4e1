// What the direct-download manager (pyLoad) proves it refers to, for cleanup_server's download leftovers.
// A package's folder is <storage folder>/<package folder>; the storage folder is a setting, which a key
// without the SETTINGS permission may not read. Then the folders cannot be located, only named: every
// folder of such a name is untouchable. A package without a folder of its own (folder_per_package off)
// writes straight into the storage folder: unlocatable, it makes the whole category unprovable.
import type { PyloadPackage } from '../../clients/pyload/types.js'
import { within } from '../sandbox/sandbox.js'

export interface DirectDownloadSource {
  queue: () => Promise<PyloadPackage[]>
  collector: () => Promise<PyloadPackage[]>
  storageFolder: () => Promise<string | undefined>
}

export interface DirectDownloadRefs {
  paths: string[]
  names: string[]
  containers: string[]
  notes: string[]
}

/**
 * The manager's references. `roots` are the folders we see (downloads, media): a storage folder outside them
 * (PATH_MAP not covering it) locates nothing we could delete, so it counts as unknown too.
 * Throws (the source is then unavailable and no leftover is proposed) when its packages cannot be told apart.
 */
export async function directDownloadReferences (src: DirectDownloadSource, roots: string[]): Promise<DirectDownloadRefs> {
  const [queue, collector, storage] = await Promise.all([src.queue(), src.collector(), src.storageFolder()])
  const packages = [...queue, ...collector]
  if (storage && roots.some(r => within(r, storage))) {
    return { paths: packages.flatMap(p => (p.folderPath ? [p.folderPath] : [])), names: [], containers: [storage], notes: [] }
  }
  if (packages.length === 0) return { paths: [], names: [], containers: [], notes: [] }
  const why = storage
    ? `its storage folder ${storage} is not inside the folders this server sees (check PATH_MAP)`
    : 'its storage folder is unknown (the API key lacks the SETTINGS permission)'
  if (packages.some(p => p.folderName === '')) {
    throw new Error(`${why}, and packages without a folder of their own write straight into it`)
  }
  return {
    paths: [],
    names: [...new Set(packages.flatMap(p => p.folderName.split('/').filter(x => x !== '' && x !== '.' && x !== '..')))],
    containers: [],
    notes: [`folders named like a direct-download package are kept: ${why}`]
  }
}
