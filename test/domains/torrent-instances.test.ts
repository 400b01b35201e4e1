// Two real qbittorrent-nox instances (the default one and "seedbox"): download_status and cancel_downloads take
// `instance`; a hash only one instance holds goes there; a hash both hold, or a listing that does not say which,
// is refused with the choices; /health probes both by name.
import { test } from 'tap'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import { buildTestApp, makeRoots } from '../helpers/build.js'
import { toolContext } from '../helpers/sim-app.js'
import { QBT_PASSWORD, clientFor, makeTorrent, startQbittorrent, swarmUnavailable, waitFor } from '../helpers/qbt-swarm.js'

test('two torrent clients', { skip: await swarmUnavailable(4) }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const [main, seedbox] = await Promise.all(['main', 'seedbox'].map(n => startQbittorrent(join(roots.base, n), { downloadDir: roots.downloads })))
  t.teardown(() => Promise.all([main!.stop(), seedbox!.stop()]))
  const { app } = await buildTestApp(t, {
    roots,
    config: {
      TORRENT_CLIENT_URL: main!.url,
      TORRENT_CLIENT_PASSWORD: QBT_PASSWORD,
      TORRENT_CLIENT_INSTANCES: 'seedbox',
      TORRENT_CLIENT_SEEDBOX_URL: seedbox!.url,
      TORRENT_CLIENT_SEEDBOX_PASSWORD: QBT_PASSWORD,
      SERIES_MANAGER_URL: 'http://127.0.0.1:9',
      MOVIE_MANAGER_URL: 'http://127.0.0.1:9'
    }
  })
  const call = (name: string, args: Record<string, unknown>) => app.tools.call(name, args, toolContext())
  const text = (r: { content: Array<{ text: string }> }) => r.content[0]!.text

  const src = join(roots.base, 'src')
  mkdirSync(join(src, 'a'), { recursive: true })
  const shared = makeTorrent(src, 'Shared.Movie.2020.mkv', 90_000)
  const onlySeedbox = makeTorrent(join(src, 'a'), 'Seedbox.Only.S01E01.mkv', 100_000)
  const mainClient = clientFor(main!, roots.downloads)
  const seedboxClient = clientFor(seedbox!, roots.downloads)
  await mainClient.addTorrentFile(shared.torrent, { savePath: join(roots.downloads, 'movies') })
  for (const x of [shared, onlySeedbox]) await seedboxClient.addTorrentFile(x.torrent, { savePath: join(roots.downloads, 'tv') })
  const [sharedHash, seedboxHash] = [shared, onlySeedbox].map(x => readTorrentFile(x.torrent).hash)
  await waitFor('torrents listed', async () => (await seedboxClient.list()).length === 2 && (await mainClient.list()).length === 1 ? true : undefined)

  const listed = await call('cancel_downloads', { source: 'torrents', instance: 'seedbox' })
  t.equal((listed.structuredContent as { total: number }).total, 2, 'the seedbox lists its own two')
  t.match(text(await call('cancel_downloads', { source: 'torrents' })), /Several torrent clients are configured.*one of: default, seedbox/)
  t.match(text(await call('cancel_downloads', { action: 'cancel', source: 'torrents', ids: [`torrent:${sharedHash}`] })),
    /torrent \w+ is in default; torrent \w+ is in seedbox: this call could mean several torrent clients\. Call again with instance set to one of: default, seedbox/)
  t.match(text(await call('download_status', { instance: 'nas' })), /Unknown instance "nas": the torrent clients are default, seedbox/)

  // Its data is not at the save path (the files were made elsewhere), so only the torrent is removed: the routing
  // to the right client is what this test is about (deleting data is pinned in download-data.test.ts).
  const cancel = { action: 'cancel', source: 'torrents', ids: [`torrent:${seedboxHash}`], deleteFiles: false }
  const preview = await call('cancel_downloads', cancel)
  t.notOk(preview.isError, text(preview))
  const token = (preview.structuredContent as { confirmation: { confirmToken: string } }).confirmation.confirmToken
  const done = await call('cancel_downloads', { ...cancel, confirmToken: token })
  t.notOk(done.isError, text(done))
  t.match(text(done), /torrent client "seedbox"/)
  await waitFor('removed from the seedbox', async () => (await seedboxClient.list({ hashes: [seedboxHash!] })).length === 0 ? true : undefined)
  t.equal((await mainClient.list()).length, 1, 'the default client kept its torrent')

  const services = (await app.refreshBackendStatus()).map(r => r.service)
  t.ok(services.includes('qBittorrent') && services.includes('qBittorrent (seedbox)'), services.join(', '))
})
