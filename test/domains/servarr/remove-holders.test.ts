// Issue 35 item 2, remove: series_remove with deleteFiles asks the path-holders index (lib/holders/) too. A real
// qbittorrent-nox seeds a file from inside the series' folder (a torrent saved into the library): the manager would
// delete that folder with the torrent's data, so the preview is refused naming the torrent, and nothing is deleted.
import t from 'tap'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { QBT_PASSWORD, clientFor, makeTorrent, startQbittorrent, swarmUnavailable, waitFor } from '../../helpers/qbt-swarm.js'
import { materialize } from '../../helpers/title-files.js'
import { errorText, ok } from '../../helpers/results.js'

t.test('a torrent seeding from a series folder keeps series_remove from deleting that folder', { skip: await swarmUnavailable(4) }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const qbt = await startQbittorrent(join(roots.base, 'qbt'), { downloadDir: roots.downloads })
  t.teardown(() => qbt.stop())
  const { app, sims, call } = await buildTestApp(t, { roots, sims: { sonarr: true, radarr: true }, config: { TORRENT_CLIENT_URL: qbt.url, TORRENT_CLIENT_PASSWORD: QBT_PASSWORD } })
  const series = [...sims.sonarr!.state.library.series.values()].find(x => x.title === 'Harbor Lights')!
  materialize(sims.sonarr!, series.id)
  const remove = { id: series.id, idType: 'seriesId', deleteFiles: true }
  const preview = ok(await call('series_remove', remove))
  t.match(preview.confirmation.summary, /DELETED/, 'without a torrent there, the folder may go')
  const folder = preview.confirmation.targets.path as string
  t.ok(existsSync(folder))

  // A torrent saved into the library, seeding a file of the series' folder (added here straight to qBittorrent).
  const extra = makeTorrent(join(folder, 'Extras'), 'Harbor.Lights.Behind.The.Scenes.mkv', 60_000)
  const seeder = clientFor(qbt, dirname(folder))
  t.teardown(() => seeder.close())
  await seeder.addTorrentFile(extra.torrent, { savePath: join(folder, 'Extras'), skipChecking: true })
  await waitFor('the torrent listed with its content path', async () => (await app.backends.torrent.list()).find(x => x.contentPath.endsWith('.mkv')) ? true : undefined)

  const text = errorText(await call('series_remove', remove))
  t.match(text, /Not deleting "Harbor Lights" with its files: .*which holds the folder of "Harbor\.Lights\.Behind\.The\.Scenes\.mkv \(torrent:[0-9a-f]{40}\)"; the manager would delete that title's files too\. Nothing was changed\./)
  t.ok(existsSync(extra.file), 'the torrent\'s data is there')
  t.ok(existsSync(folder))
})
