// Issue 35 item 2 with the real programs: qBittorrent (the default torrent client) and Transmission (an extra
// instance, "seedbox") seed the same file from one folder, Transmission under the same torrent and under a second
// one (another piece size, another hash), as a cross-seed adds it. Cancelling qBittorrent's torrent with its data
// would delete Transmission's: the path-holders index (lib/holders/) knows every client instance, so the delete is
// refused naming Transmission's torrent, and the refusal shows no absolute path of this server (item 6).
// Cancelling it with the data kept still works, and Transmission's file stays.
import { test } from 'tap'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { instanceClient } from '../../../clients/instance-clients.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { crossSeedPair, waitFor } from '../../helpers/qbt-swarm.js'
import { errorText } from '../../helpers/results.js'
import { startTorrentClient, torrentClientKinds } from '../../helpers/torrent-clients.js'

const CLOSED = 'http://127.0.0.1:9'
const kinds = await torrentClientKinds()
const skip = kinds.find(k => k.kind === 'qbittorrent')?.skip ?? kinds.find(k => k.kind === 'transmission')?.skip

test('a cross-seed held by another torrent client is never deleted with the data of this one', { skip }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const [qbt, tr] = await Promise.all((['qbittorrent', 'transmission'] as const).map(k => startTorrentClient(k, join(roots.base, k), roots.downloads)))
  t.teardown(() => Promise.all([qbt!.stop(), tr!.stop()]))
  const seedbox = Object.fromEntries(Object.entries(tr!.env).map(([k, v]) => [k.replace('TORRENT_CLIENT_', 'TORRENT_CLIENT_SEEDBOX_'), v]))
  const { app, call } = await buildTestApp(t, {
    roots,
    config: { ...qbt!.env, TORRENT_CLIENT_INSTANCES: 'seedbox', ...seedbox, DOWNLOAD_MANAGER_URL: CLOSED, SERIES_MANAGER_URL: CLOSED, MOVIE_MANAGER_URL: CLOSED }
  })

  const folder = join(roots.downloads, 'seeding', 'Cross.Seed.2022')
  const { one, other, data } = crossSeedPair(join(roots.base, 'src'), 'Cross.Seed.2022.mkv', folder)
  const qbtClient = instanceClient(app.backends, 'torrents', 'default')
  const trClient = instanceClient(app.backends, 'torrents', 'seedbox')
  const [hash, otherHash] = [one.torrent, other].map(x => readTorrentFile(x).hash)
  await qbtClient.addTorrentFile(one.torrent, { savePath: folder, skipChecking: true })
  await trClient.addTorrentFile(one.torrent, { savePath: folder })
  await trClient.addTorrentFile(other, { savePath: folder })
  await waitFor('qBittorrent names the content path', async () => (await qbtClient.list()).find(x => x.contentPath !== '') ? true : undefined)
  t.equal((await trClient.list()).length, 2)

  const ids = [`torrent:${hash}`]
  const refused = await call('cancel_downloads', { action: 'cancel', source: 'torrents', instance: 'default', ids })
  const text = errorText(refused)
  t.match(text, /Not deleting the data of "Cross\.Seed\.2022\.mkv" \(torrent:[0-9a-f]{40}\)/)
  t.match(text, new RegExp(`which is also the data of "Cross\\.Seed\\.2022\\.mkv" \\(torrent@seedbox:(${hash}|${otherHash}), at "downloads/seeding/Cross\\.Seed\\.2022/Cross\\.Seed\\.2022\\.mkv"\\)`),
    'Transmission\'s torrent is named as the other holder')
  t.match(text, /Nothing was changed/)
  t.notOk(text.includes(roots.base), 'no absolute path of this server in the refusal')
  t.equal((await qbtClient.list()).length, 1, 'qBittorrent still has its torrent')
  t.equal((await trClient.list()).length, 2, 'Transmission still has both')
  t.ok(existsSync(data))

  // Kept data: qBittorrent's torrent goes, Transmission's file stays.
  const preview = await call('cancel_downloads', { action: 'cancel', source: 'torrents', instance: 'default', ids, deleteFiles: false })
  t.notOk(preview.isError, preview.content[0].text)
  const token = (preview.structuredContent as { confirmation: { confirmToken: string } }).confirmation.confirmToken
  const done = await call('cancel_downloads', { action: 'cancel', source: 'torrents', instance: 'default', ids, deleteFiles: false, confirmToken: token })
  t.notOk(done.isError, done.content[0].text)
  await waitFor('qBittorrent\'s torrent removed', async () => (await qbtClient.list()).length === 0 ? true : undefined)
  t.ok(existsSync(data), 'Transmission\'s data is there')
  t.equal((await trClient.list()).length, 2)
})
