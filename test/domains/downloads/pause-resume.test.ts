// cancel_downloads pause/resume when the torrent client takes the call but never shows the new state: the list
// is read again for 5 s, then the person is told what the client shows (not what was asked) and to look again,
// instead of a pause that did not happen being reported as done or the call hanging. The real qbittorrent-nox
// lists the torrent; only its pause is a no-op here (the one branch the real client never reaches on its own).
import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { waitFor } from '../../helpers/qbt-swarm.js'
import { torrentClientKinds, torrentClientWorld } from '../../helpers/torrent-clients.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const qbt = (await torrentClientKinds()).find(k => k.kind === 'qbittorrent')!

test('a pause the client never shows: told the state it shows and to check again, after about 5 s', { skip: qbt.skip }, async t => {
  const { app } = await torrentClientWorld(t, { kind: 'qbittorrent' })
  const hash = randomBytes(20).toString('hex')
  await app.backends.torrent.addMagnet(`magnet:?xt=urn:btih:${hash}&dn=Never.Paused.2020`)
  await waitFor('the magnet listed', async () => (await app.backends.torrent.list({ hashes: [hash] }))[0]?.phase === 'downloading' ? true : undefined)
  let asked: string[] = []
  app.backends.torrent.pause = async hashes => { asked = hashes }
  const list = app.backends.torrent.list.bind(app.backends.torrent)
  let reads = 0
  app.backends.torrent.list = async (...args) => { reads++; return list(...args) }

  // The torrent never shows paused, so only the 5 s deadline ends the re-reads (a test that hung would time out).
  const res = await app.tools.call('cancel_downloads', { action: 'pause', ids: [`torrent:${hash}`] }, ctx)
  t.notOk(res.isError, res.content[0]!.text)
  t.same(asked, [hash], 'the client was asked')
  t.equal(res.content[0]!.text,
    'Asked qBittorrent to pause 1 torrent; now: "Never.Paused.2020" downloading. qBittorrent did not show it as paused within 5 s. Next: follow it in the download queue: download_status {"action":"queue"}.',
    'the state the client shows, not the one asked for, and what to do next')
  t.same((res.structuredContent as { next?: unknown }).next, [{ tool: 'download_status', arguments: { action: 'queue' }, why: 'follow it in the download queue' }], 'the call to follow it, as data')
  t.match((res.structuredContent as { changed: unknown[] }).changed, [{ id: `torrent:${hash}`, status: 'downloading' }])
  t.ok(reads >= 3, `the list was read before the pause, then again until the deadline (${reads} reads)`)
})
