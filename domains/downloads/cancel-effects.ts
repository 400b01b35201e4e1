// cancel_downloads' next look (lib/effects): which of the items it asked to remove each queue still holds, and
// which backend each item was asked of, as the answer names it.
import type { FastifyInstance } from 'fastify'
import type { HeldNow } from '../../lib/effects/effects.js'
import { listCancelItems, usenetClientName, type CancelItem, type CancelSource } from './cancel-items.js'
import { torrentClient } from '../chosen-client.js'
import { parseQueueName, queueOfId, usenetInstanceOf } from '../servarr/queue-ids.js'
import { DEFAULT_INSTANCE } from '../../core/instance-config.js'

/** The source an item id lives in: "series:3" → series, "usenet@news2:x" → usenet, "torrent:ab" → torrents. */
export function sourceOfId (id: string): CancelSource {
  const queue = queueOfId(id)
  if (queue === 'torrent') return 'torrents'
  if (usenetInstanceOf(queue) !== undefined) return 'usenet'
  return parseQueueName(queue).source
}

/** The backend an item was asked of: 'the series manager "anime"', 'NZBGet', 'qBittorrent'. */
export function serviceOfId (app: FastifyInstance, id: string, torrents?: string): string {
  const source = sourceOfId(id)
  if (source === 'torrents') return torrentClient(app, torrents).service
  if (source === 'usenet') return usenetClientName(app, usenetInstanceOf(queueOfId(id))!)
  const { instance } = parseQueueName(queueOfId(id))
  return `the ${source === 'series' ? 'series' : 'movie'} manager${instance === DEFAULT_INSTANCE ? '' : ` "${instance}"`}`
}

/**
 * The queues of these ids read again: the ids they still list, and (`unread`) the ids whose queue did not
 * answer, so an item there is "unknown", never "removed".
 */
export async function heldAfter (app: FastifyInstance, ids: readonly string[], torrents?: string): Promise<HeldNow> {
  const sources = [...new Set(ids.map(sourceOfId))]
  const present = new Set<string>()
  const unread = new Set<CancelSource>()
  for (const source of sources) {
    const { items, missing } = await listCancelItems(app, source, torrents)
    if (missing.length > 0) unread.add(source)
    for (const i of items as CancelItem[]) present.add(i.id)
  }
  return { present, unread: id => unread.has(sourceOfId(id)) }
}
