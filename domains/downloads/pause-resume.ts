// cancel_downloads' pause and resume: torrents (whichever client TORRENT_CLIENT_TYPE names) and Usenet jobs, by
// their ids from list. Nothing is lost and each undoes the other, so neither needs a confirm.
import type { FastifyInstance } from 'fastify'
import { ToolError } from '../../core/errors.js'
import { quoted } from '../../core/untrusted-text.js'
import { queueOfId, usenetInstanceOf } from '../servarr/queue-ids.js'
import { checkUsenetIds, listCancelItems, usenetClientName, type CancelSource } from './cancel-items.js'
import { torrentClient, usenetClient } from '../chosen-client.js'
import { nextText } from '../../lib/answers/next-calls.js'
import { watchQueue } from '../../lib/answers/common-calls.js'

/** How long a pause or resume may take to show in the torrent client's or the Usenet client's list. */
const SETTLE_MS = 5_000
/** Whether a torrent's phase shows it paused (a finished torrent stopped is "completed") or running again. */
const shows = (action: 'pause' | 'resume', phase: string) => (phase === 'paused' || phase === 'completed') === (action === 'pause')
/** A Usenet job reads paused only once NZBGet holds all of it (below); resumed, it reads anything else. */
const usenetShows = (action: 'pause' | 'resume', state: string) => (state === 'paused') === (action === 'pause')
const settledAs = (action: 'pause' | 'resume', i: { id: string, status: string }) => usenetInstanceOf(i.id) !== undefined ? usenetShows(action, i.status) : shows(action, i.status)

/**
 * The queues after a pause or resume. Torrent clients act on it asynchronously (qBittorrent, Transmission and
 * Deluge all still list a torrent as downloading right after its pause, seen on the real programs), and NZBGet
 * lists a paused group as DOWNLOADING while articles are still in flight (ListGroupsXmlCommand::DetectStatus,
 * nzbget v21.0 daemon/remote/XmlRpc.cpp 1974-2011: PAUSED only once no download is active and all that is left
 * is paused). The lists are read again until every download asked shows the change, for at most SETTLE_MS.
 */
async function settled (app: FastifyInstance, action: 'pause' | 'resume', asked: string[], source: CancelSource | 'all', torrents: string | undefined) {
  const deadline = Date.now() + SETTLE_MS
  for (;;) {
    const after = await listCancelItems(app, source, torrents)
    const now = after.items.filter(i => asked.includes(i.id))
    if (now.every(i => settledAs(action, i)) || Date.now() > deadline) return after
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
  const after = await settled(app, action, ids, source, torrents)
  const changed = chosen.map(i => after.items.find(a => a.id === i!.id) ?? i!)
  const pending = changed.filter(i => !settledAs(action, i))
  const noun = usenetIds.length === 0 ? 'torrent' : torrentIds.length === 0 ? 'job' : 'download'
  // What did not show the change yet is followed in the queue.
  const next = pending.length ? [watchQueue()] : []
  return {
    data: { action, changed, warnings: after.warnings, ...(next.length ? { next } : {}) },
    summary: `Asked ${clients.join(' and ')} to ${action} ${changed.length} ${noun}${changed.length === 1 ? '' : 's'}; now: ${changed.map(i => `${quoted(i.title)} ${i.status}`).join(', ')}.` +
      (pending.length ? ` ${pendingText(app, action, torrent.service, pending)}${nextText(next)}` : '')
  }
}

/** The downloads that did not show the change in time, by client, with what that means. */
function pendingText (app: FastifyInstance, action: 'pause' | 'resume', torrentService: string, pending: Array<{ id: string, title: string, status: string }>) {
  const usenet = pending.filter(i => usenetInstanceOf(i.id) !== undefined)
  const torrents = pending.length - usenet.length
  const inFlight = action === 'pause' && usenet.some(i => i.status === 'fetching') ? ' (it finishes the articles already in flight first)' : ''
  return [
    torrents > 0 ? `${torrentService} did not show ${torrents === 1 ? 'it' : torrents} as ${action}d within ${SETTLE_MS / 1000} s` : '',
    usenet.length > 0 ? `${usenet.map(i => `${usenetClientName(app, usenetInstanceOf(i.id)!)} still lists ${quoted(i.title)} as ${i.status}`).join('; ')} after ${SETTLE_MS / 1000} s${inFlight}` : ''
  ].filter(Boolean).join('; ') + '.'
}
