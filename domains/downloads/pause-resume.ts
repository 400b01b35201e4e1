// cancel_downloads' pause and resume: torrents (whichever client TORRENT_CLIENT_TYPE names) and Usenet jobs, by
// their ids from list. Nothing is lost and each undoes the other, so neither needs a confirm.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { quoted } from '../../core/untrusted-text.js'
import { queueOfId, usenetInstanceOf } from '../servarr/queue-ids.js'
import { checkUsenetIds, listCancelItems, usenetClientName, type CancelSource } from './cancel-items.js'
import { torrentClient, usenetClient } from '../chosen-client.js'

/** How long a pause or resume may take to show in the torrent client's list. */
const SETTLE_MS = 5_000
/** Whether a torrent's phase shows it paused (a finished torrent stopped is "completed") or running again. */
const shows = (action: 'pause' | 'resume', phase: string) => (phase === 'paused' || phase === 'completed') === (action === 'pause')

/**
 * The queues after a pause or resume. Torrent clients act on it asynchronously (qBittorrent, Transmission and
 * Deluge all still list a torrent as downloading right after its pause, seen on the real programs): their
 * list is read again until every torrent asked shows the change, for at most SETTLE_MS.
 */
async function torrentsSettled (app: FastifyInstance, action: 'pause' | 'resume', torrentIds: string[], source: CancelSource | 'all', torrents: string | undefined) {
  const deadline = Date.now() + SETTLE_MS
  for (;;) {
    const after = await listCancelItems(app, source, torrents)
    const asked = after.items.filter(i => torrentIds.includes(i.id))
    if (asked.every(i => shows(action, i.status)) || Date.now() > deadline) return after
    await new Promise(resolve => setTimeout(resolve, 250))
  }
}

/**
 * Pauses or resumes torrents and Usenet jobs, each checked to be in its client's list first (so a wrong id is
 * named, not ignored); what comes back is their state as each client reports it afterwards, not as asked.
 * `torrents`: the torrent client instance the call runs on (ctx.instances; undefined: the default).
 */
export async function pauseOrResume (app: FastifyInstance, action: 'pause' | 'resume', ids: string[], torrents?: string) {
  const torrent = torrentClient(app, torrents)
  const other = ids.filter(id => usenetInstanceOf(id) === undefined && queueOfId(id) !== 'torrent')
  if (ids.length === 0 || other.length > 0) throw new ToolError(`Action "${action}" takes usenet:<id> ids and torrent:<hash> ids from list${other.length ? `, not ${other.join(', ')}` : ''}. Use cancel for manager queue items.`)
  const torrentIds = ids.filter(id => queueOfId(id) === 'torrent')
  const usenetIds = ids.filter(id => usenetInstanceOf(id) !== undefined)
  checkUsenetIds(app, usenetIds)
  const source = torrentIds.length === 0 ? 'usenet' : usenetIds.length === 0 ? 'torrents' : 'all'
  const { items, warnings, missing: unread } = await listCancelItems(app, source, torrents)
  const chosen = ids.map(id => items.find(i => i.id === id))
  const missing = ids.filter((_, n) => !chosen[n] || chosen[n]!.status.startsWith('failed'))
  if (missing.length > 0) {
    const why = unread.length > 0 ? ` (could not read: ${warnings.join('; ')})` : ''
    const holders = [...new Set(missing.map(id => usenetInstanceOf(id) !== undefined ? usenetClientName(app, usenetInstanceOf(id)!) : torrent.service))].join(' or ')
    throw new ToolError(`Not in ${holders}'s queue: ${missing.join(', ')}${why}. Call action "list" for current ids; a failed Usenet job is retried, not resumed.`)
  }
  const keys = (list: string[]) => list.map(id => id.slice(id.indexOf(':') + 1))
  const clients: string[] = []
  if (torrentIds.length > 0) {
    await (action === 'pause' ? torrent.pause(keys(torrentIds)) : torrent.resume(keys(torrentIds)))
    clients.push(torrent.service)
  }
  // Each Usenet client is asked for its own jobs only (job ids are the program's own: two may share one).
  for (const instance of new Set(usenetIds.map(id => usenetInstanceOf(id)!))) {
    const client = usenetClient(app, instance)!
    const own = usenetIds.filter(id => usenetInstanceOf(id) === instance)
    await (action === 'pause' ? client.pause(keys(own)) : client.resume(keys(own)))
    clients.push(usenetClientName(app, instance))
  }
  const after = await torrentsSettled(app, action, torrentIds, source, torrents)
  const changed = chosen.map(i => after.items.find(a => a.id === i!.id) ?? i!)
  const pending = changed.filter(i => torrentIds.includes(i.id) && !shows(action, i.status))
  const noun = usenetIds.length === 0 ? 'torrent' : torrentIds.length === 0 ? 'job' : 'download'
  return {
    data: { action, changed, warnings: after.warnings },
    summary: `Asked ${clients.join(' and ')} to ${action} ${changed.length} ${noun}${changed.length === 1 ? '' : 's'}; now: ${changed.map(i => `${quoted(i.title)} ${i.status}`).join(', ')}.` +
      (pending.length ? ` ${torrent.service} did not show ${pending.length === 1 ? 'it' : pending.length} as ${action}d within ${SETTLE_MS / 1000} s: check download_status again.` : '')
  }
}
