// What "stuck" means for a torrent download_add started, on the contract's readings (the real clients' states are
// pinned in stuck-added.test.ts): an error is stuck at once; no data only once the grace has passed and it was
// also seen by the check before (Transmission's and Deluge's rate is a moment's reading); a client that does not
// answer reports nothing; a record the client no longer lists is forgotten, but not while it may be just added.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import type { TorrentInfo } from '../../../clients/torrent/types.js'
import { addedTorrentsWatch } from '../../../domains/downloads/added-stuck.js'
import type { AddedDownloads } from '../../../domains/downloads/added-record.js'

const MINUTE = 60_000
const T0 = Date.parse('2026-11-20T10:00:00Z')
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString()
const BASE: Omit<TorrentInfo, 'hash' | 'name'> = { state: 'downloading', phase: 'downloading', status: { state: 'downloading' }, progress: 0, downloadSpeed: 0, uploadSpeed: 0, sizeBytes: 1, amountLeftBytes: 1, savePath: '/d', contentPath: '/d/x', category: '', tags: [], ratio: 0, addedOn: at(0) }
const torrent = (hash: string, o: Partial<TorrentInfo>): TorrentInfo => ({ ...BASE, hash, name: `Name ${hash.slice(0, 4)}`, ...o })

function world () {
  let listed: TorrentInfo[] | Error = []
  const app = { backends: { torrent: { service: 'Transmission', list: async () => { if (listed instanceof Error) throw listed; return listed } } } } as unknown as FastifyInstance
  const watch = addedTorrentsWatch(app, by => by === 'telegram:7' ? 'alice' : 'owner')
  return { set: (l: TorrentInfo[] | Error) => { listed = l }, watch }
}

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const record: AddedDownloads = {
  [`torrent:${A}`]: { by: 'telegram:7', name: 'A', at: at(0) },
  [`torrent:${B}`]: { by: 'owner', name: 'B', at: at(0) }
}

t.test('an error is stuck at once; no data only after the grace and two readings', async t => {
  const w = world()
  w.set([torrent(A, { phase: 'error', state: 'Error', error: 'No data found! Ensure your drives are connected' }), torrent(B, { stall: 'noData' })])
  let { reports } = await w.watch(record, T0 + MINUTE)
  t.match(reports, [{ source: 'torrents:added', items: [{ key: `download:${A}`, to: 'alice' }] }])
  t.equal(reports[0]!.items!.length, 1, 'no data one minute after the add: not stuck')
  t.match(reports[0]!.items![0]!.message.body, /"Name aaaa" is stuck in Transmission \(Error\): the torrent client reports an error: No data found!/)

  ;({ reports } = await w.watch(record, T0 + 40 * MINUTE))
  t.same(reports[0]!.items!.map(i => i.key), [`download:${A}`, `download:${B}`], 'no data seen before and past the grace: stuck')
  const fresh = world()
  fresh.set([torrent(B, { stall: 'noData' })])
  ;({ reports } = await fresh.watch(record, T0 + 40 * MINUTE))
  t.same(reports[0]!.items, [], 'one reading of no data is not enough')
  fresh.set([torrent(B, { downloadSpeed: 1000 })])
  await fresh.watch(record, T0 + 45 * MINUTE)
  fresh.set([torrent(B, { stall: 'noData' })])
  ;({ reports } = await fresh.watch(record, T0 + 50 * MINUTE))
  t.same(reports[0]!.items, [], 'data arrived in between: the count starts again')
})

t.test('a client that does not answer reports nothing; a record it no longer lists is forgotten after an hour', async t => {
  const w = world()
  w.set(new Error('connect ECONNREFUSED'))
  t.same(await w.watch(record, T0 + 90 * MINUTE), { reports: [{ source: 'torrents:added' }], gone: [] }, 'not answered: no items, nothing forgotten')
  w.set([torrent(B, {})])
  t.same((await w.watch({ ...record, [`torrent:${A}`]: { by: 'owner', name: 'A', at: at(80) } }, T0 + 90 * MINUTE)).gone, [], 'added ten minutes ago: may not be listed yet')
  t.same((await w.watch(record, T0 + 90 * MINUTE)).gone, [`torrent:${A}`])
  t.same(await w.watch({}, T0), { reports: [], gone: [] }, 'nothing added by hand: the client is not read')
})
