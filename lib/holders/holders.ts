// Who holds a path: the one answer every delete with data asks before it deletes (issue 35 item 2). A holder is
// anything whose data lives at a path: a torrent of any torrent client instance, a job of any Usenet client, an
// item of any manager's queue, a title of any manager's library, a move of our own jobs. Each check that used to be
// local to the client a tool acts on (cancelling qBittorrent's cross-seed of a folder Transmission also seeds
// deleted Transmission's data) compares with this index instead. read-holders.ts fills it; this file compares.
import { realpath } from 'node:fs/promises'
import path from 'node:path'
import { within } from '../sandbox/sandbox.js'

export type HolderKind = 'torrent' | 'usenet' | 'queue' | 'library' | 'job'

/** Something whose data is at a path. */
export interface PathHolder {
  /** As the tools name it: "torrent:<hash>", "torrent@seedbox:<hash>", "usenet:<id>", "movies:12", "series library 7", "job <id>". */
  id: string
  title: string
  kind?: HolderKind
  /**
   * The download client instance holding it ("torrents:default", "usenet:news2"); absent for manager queue items,
   * whose download is in some client, and for library titles and jobs.
   */
  client?: string
  /** The torrent hash / download client id: a manager's queue items and their client's download share it. */
  downloadId?: string
  /** Where its data is, on this server's side of PATH_MAP, when its backend names it. */
  dataPath: string | undefined
  /** A torrent whose data location its client does not know yet (still checking or moving it). */
  unsettled?: true
  /** A Usenet job still waiting in its client's queue (its folder may not exist yet; its name is what it will be). */
  queued?: true
}

/** Every holder the sources listed, and the sources that did not answer (so could hold one more). */
export interface HolderIndex {
  holders: PathHolder[]
  unread: string[]
}

/** What a delete removes together: its ids, with the client and hash of each (a manager item has no client). */
export interface Removed { id: string, downloadId?: string | undefined, client?: string | undefined }

/**
 * The index without the downloads one call removes together: the removed ids; each removed download's other
 * items in the same client (same hash); and manager queue items of a removed hash (the manager's item is that
 * download). The same hash in another client is another download (a cross-seed) and stays a holder.
 */
export function exceptRemoved (index: HolderIndex, removed: Removed[]): HolderIndex {
  const ids = new Set(removed.map(r => r.id))
  const gone = (h: PathHolder) => removed.some(r => r.downloadId !== undefined && h.downloadId !== undefined &&
    r.downloadId.toLowerCase() === h.downloadId.toLowerCase() && (h.client === undefined || r.client === undefined || h.client === r.client) &&
    // A manager's item removed with data deletes its download in whichever client holds it; when more than one
    // client holds that hash, which one is not known, so the others stay holders and the check refuses.
    !(r.client === undefined && h.client !== undefined && clientsHolding(index, h.downloadId) > 1))
  return { holders: index.holders.filter(h => !ids.has(h.id) && !gone(h)), unread: index.unread }
}

function clientsHolding (index: HolderIndex, hash: string): number {
  const key = hash.toLowerCase()
  return new Set(index.holders.filter(h => h.client !== undefined && h.downloadId?.toLowerCase() === key).map(h => h.client)).size
}

/**
 * The same download: the same id, or the same hash in the same client. Other items of a removed download (its
 * manager's queue items) are taken out before by exceptRemoved, so a holder left with the same hash in no client
 * or another client is someone else's hold on that data.
 */
function sameDownload (a: PathHolder, b: PathHolder): boolean {
  if (a.id === b.id) return true
  if (a.downloadId === undefined || b.downloadId === undefined || a.downloadId.toLowerCase() !== b.downloadId.toLowerCase()) return false
  return a.client !== undefined && a.client === b.client
}

export interface SharedWith { holder: PathHolder, at: string, how: 'which is also' | 'which holds' | 'which lies inside' }

/**
 * The first other holder whose data is the same path, inside this one's, or a folder this one's data is in;
 * compared as named and as resolved on disk (a link on the way must not hide a match). `ours`: the path as named
 * and as resolved.
 */
export async function sharedWith (item: PathHolder, ours: string[], others: PathHolder[]): Promise<SharedWith | undefined> {
  for (const holder of others) {
    if (sameDownload(item, holder) || !holder.dataPath || !path.isAbsolute(holder.dataPath)) continue
    const named = path.resolve(holder.dataPath)
    const theirs = [named, await realpath(named).catch(() => named)]
    for (const mine of ours) {
      for (const at of theirs) {
        if (mine === at) return { holder, at, how: 'which is also' }
        if (within(mine, at)) return { holder, at, how: 'which holds' }
        if (within(at, mine)) return { holder, at, how: 'which lies inside' }
      }
    }
  }
  return undefined
}
