// The stuck notice for torrents a person added with download_add (domains/downloads/added-record.ts): no manager
// queue holds them, so no manager's stuck view ever sees them, and nothing replaces them by itself. Stuck is
// read from the torrent client's own state, through the contract (clients/torrent/types.ts):
//  - an error: qBittorrent error / missingFiles, Transmission's local error, Deluge Error — told at once;
//  - no metadata (a magnet no peer or tracker answers: qBittorrent metaDL, Transmission and Deluge without
//    metadata) or no data (qBittorrent stalledDL, Transmission and Deluge downloading at 0 B/s) once the torrent
//    was added STALL_GRACE_MS (30 minutes, as the managers' stuck view has it) ago; no data must also have been
//    seen by the check before, since Transmission's and Deluge's rate is a moment's reading.
// Only torrents download_add recorded are watched: a manager's grab is never in that record, so it stays with
// the manager's stuck view.
import type { FastifyInstance } from 'fastify'
import type { Message } from '../../core/notify/types.js'
import type { TorrentInfo } from '../../clients/torrent/types.js'
import { noticeName, noticeText } from '../../core/notify/render.js'
import type { StuckItem, StuckReport } from '../../lib/notify/stuck-watch.js'
import { STALL_GRACE_MS } from '../servarr/stuck.js'
import type { AddedDownload, AddedDownloads } from './added-record.js'
import { callText, nextCall } from '../../lib/answers/next-calls.js'

/** The told-record's name for this source (STATE_DIR/stuck-notices.json). */
export const ADDED_TORRENTS_SOURCE = 'torrents:added'
/** A record the client does not list is forgotten only after this long: a fresh add may not be listed yet. */
const FORGET_AFTER_MS = 60 * 60_000
const GRACE_MINUTES = STALL_GRACE_MS / 60_000

type Kind = 'error' | 'noMetadata' | 'noData'

function stuckOf (t: TorrentInfo, added: AddedDownload, sawNoData: boolean, now: number): Kind | undefined {
  if (t.phase === 'error' || t.filesMissing) return 'error'
  const since = Date.parse(t.addedOn ?? added.at)
  if (!(now - since >= STALL_GRACE_MS)) return undefined
  if (t.stall === 'noMetadata') return 'noMetadata'
  if (t.stall === 'noData' && sawNoData) return 'noData'
  return undefined
}

function reasonOf (kind: Kind, t: TorrentInfo): string {
  if (kind === 'error') return t.filesMissing ? 'the torrent client says its files are missing from disk' : `the torrent client reports an error${t.error ? `: ${noticeText(t.error, 200)}` : ''}`
  if (kind === 'noMetadata') return `its metadata has not arrived ${GRACE_MINUTES} minutes or more after it was added (no peer has sent it)`
  return `no data is arriving, ${GRACE_MINUTES} minutes or more after it was added (no peer is sending)`
}

export function addedStuckMessage (service: string, t: TorrentInfo, kind: Kind): Message {
  return {
    title: 'A download needs a person',
    body: `${noticeName(t.name, 300)} is stuck in ${service} (${noticeText(t.state, 40)}): ${reasonOf(kind, t)}. It was added by hand (download_add), so no manager will replace it: ` +
      `ask the assistant to remove it (${callText(nextCall('cancel_downloads', { action: 'cancel', ids: [`torrent:${t.hash}`] }, 'remove it'))}) and add another link, or leave it if its source may come back.`,
    type: 'warning'
  }
}

/**
 * The watch over download_add's torrents, one round per call. `recipient` turns who asked into whom to tell.
 * Returns the round's report (none when nothing was added; items undefined when the client did not answer)
 * and the records of torrents the client no longer lists.
 */
export function addedTorrentsWatch (app: FastifyInstance, recipient: (by: string) => string) {
  // Torrents seen with no data in the previous answered round.
  let noData = new Set<string>()
  return async (added: AddedDownloads, now: number): Promise<{ reports: StuckReport[], gone: string[] }> => {
    const records = new Map(Object.entries(added).filter(([k]) => k.startsWith('torrent:')).map(([k, v]) => [k.slice('torrent:'.length), v]))
    if (records.size === 0) return { reports: [], gone: [] }
    const client = app.backends.torrent
    let torrents: TorrentInfo[]
    try {
      // A long record is read as the whole list rather than a query string of hundreds of hashes.
      torrents = await client.list(records.size > 200 ? undefined : { hashes: [...records.keys()] })
    } catch {
      // Not answered: nothing told, nothing taken as recovered, nothing forgotten.
      return { reports: [{ source: ADDED_TORRENTS_SOURCE }], gone: [] }
    }
    const listed = new Map(torrents.map(t => [t.hash.toLowerCase(), t]))
    const items: StuckItem[] = []
    for (const [hash, record] of records) {
      const t = listed.get(hash)
      const kind = t && stuckOf(t, record, noData.has(hash), now)
      if (t && kind) items.push({ key: `download:${hash}`, to: recipient(record.by), message: addedStuckMessage(client.service, t, kind) })
    }
    noData = new Set([...listed].filter(([, t]) => t.stall === 'noData' && t.phase !== 'error').map(([h]) => h))
    const gone = [...records].filter(([h, r]) => !listed.has(h) && now - Date.parse(r.at) >= FORGET_AFTER_MS).map(([h]) => `torrent:${h}`)
    return { reports: [{ source: ADDED_TORRENTS_SOURCE, items }], gone }
  }
}
