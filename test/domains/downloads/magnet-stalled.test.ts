// Issue 34 #3: a magnet with no metadata and no peers read "downloading" on Transmission and qBittorrent. On the
// real clients (qBittorrent metaDL with num_seeds + num_leechs 0; Transmission status 4 with
// metadataPercentComplete 0 and peersConnected 0; Deluge Downloading with total_wanted 0 and no peers) it is
// stalled, waiting for its metadata with nobody to get it from: in download_status and in the stuck view.
import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { torrentClientKinds, torrentClientWorld } from '../../helpers/torrent-clients.js'
import { waitFor } from '../../helpers/qbt-swarm.js'
import { STALL_GRACE_MS, stuckRows } from '../../../domains/servarr/stuck.js'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }

for (const program of await torrentClientKinds()) {
  test(`${program.label}: a magnet nobody shares is stalled waiting for its metadata, not downloading`, { skip: program.skip }, async t => {
    const { app, running } = await torrentClientWorld(t, program)
    const call = async (name: string, args: unknown) => await app.tools.call(name, args, ctx) as { structuredContent: any, content: Array<{ text: string }> }
    const hash = randomBytes(20).toString('hex')
    await running.client.addMagnet(`magnet:?xt=urn:btih:${hash}&dn=Lonely.Magnet.2024`)
    // A torrent Transmission 3.00 has just added is stopped until its first verify ends (libtransmission/torrent.c
    // 3.00, torrentInit: `tor->startAfterVerify = doStart; tr_torrentVerify(...)`, started in onVerifyDoneThreadFunc),
    // so on a busy machine the first listings can read "paused", then "checking its files" (status 1, queued for
    // that verify, while the verify thread is busy): wait for it to leave that start-up, then judge it.
    const startingUp = (s: { state: string, reason?: string }) => s.state === 'paused' || (s.state === 'queued' && s.reason === 'checking its files')
    const torrent = await waitFor('the magnet started', async () => {
      const [listed] = await running.client.list({ hashes: [hash] })
      return listed !== undefined && !startingUp(listed.status) ? listed : undefined
    })
    t.match(torrent.status, { state: 'stalled', cause: 'noMetadata', reason: 'waiting for its metadata and no one is sharing it' }, `${running.service} raw state ${torrent.state}`)

    const res = await call('download_status', {})
    const row = res.structuredContent.items.find((i: { id: string }) => i.id === hash)
    t.match(row, { source: 'torrent', status: 'stalled', reason: 'waiting for its metadata and no one is sharing it' })
    t.match(res.content[0].text, /^1 download: 1 stuck\. "Lonely\.Magnet\.2024" stuck \(waiting for its metadata and no one is sharing it\)/)

    // The series manager's row for the same hash (as Sonarr shows a metaDL magnet: QBittorrent.cs Queued), once
    // the grace since the torrent was added is over: the stuck view names it with the state's words.
    const queued = { id: 7, title: 'Lonely.Magnet.2024', downloadId: hash.toUpperCase(), protocol: 'torrent', status: 'queued', trackedDownloadState: 'downloading', trackedDownloadStatus: 'ok', seriesId: 1, seasonNumber: 1, episodeId: 3 }
    const later = Date.parse(torrent.addedOn!) + STALL_GRACE_MS + 1000
    const [stuck] = stuckRows('series', [queued], [torrent], () => 0, 3, later)
    t.match(stuck, { queueId: 7, stuck: { kind: 'noMetadata', fix: 'retry' }, messages: [/stuck: waiting for its metadata and no one is sharing it/] })
    t.same(stuckRows('series', [queued], [torrent], () => 0, 3, Date.parse(torrent.addedOn!) + 60_000), [], 'not before the grace')
  })
}
