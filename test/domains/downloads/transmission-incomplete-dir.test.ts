// Transmission keeps an unfinished torrent in its session-wide incomplete-dir and moves it to its download-dir
// only when it completes. With the real transmission-daemon 3.00 and incomplete-dir-enabled, a stalled download
// whose data sits in downloads/incomplete must count as held there: the path-holders index names it, cleanup_server
// never proposes that folder as a leftover, and cancel_downloads with deleteFiles shows (and checks) that data.
import { test } from 'tap'
import { randomBytes } from 'node:crypto'
import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { readHolders } from '../../../lib/holders/read-holders.js'
import { startTransmission, transmissionUnavailable } from '../../../simulators/real-transmission.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { makeTorrent, waitFor } from '../../helpers/qbt-swarm.js'
import { data, text } from '../../helpers/results.js'

const USER = 'mcp'
const PASSWORD = 'transmission-test-password-1'
const OLD = new Date(Date.now() - 3 * 24 * 3600_000)

test('an unfinished Transmission download in its incomplete-dir is held there', { skip: await transmissionUnavailable() }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const complete = join(roots.downloads, 'complete')
  const incomplete = join(roots.downloads, 'incomplete')
  const tr = await startTransmission(join(roots.base, 'transmission'), { username: USER, password: PASSWORD, downloadDir: complete, incompleteDir: incomplete })
  t.teardown(() => tr.stop())
  const { app, call } = await buildTestApp(t, {
    roots,
    sims: { sonarr: true, radarr: true },
    config: { TORRENT_CLIENT_TYPE: 'transmission', TORRENT_CLIENT_URL: tr.url, TORRENT_CLIENT_USERNAME: USER, TORRENT_CLIENT_PASSWORD: PASSWORD, DOWNLOAD_MANAGER_URL: '', DOWNLOAD_MANAGER_API_KEY: '' }
  })

  // A download with no peers: what it has so far (nothing valid) lies in the incomplete folder, as Transmission put it.
  const made = makeTorrent(join(roots.base, 'src'), 'Stalled.Show.S01E01.mkv', 200_000)
  const hash = readTorrentFile(made.torrent).hash
  const partial = join(incomplete, made.name)
  writeFileSync(partial, randomBytes(made.bytes.length))
  await app.backends.torrent.addTorrentFile(made.torrent, {})
  const listed = await waitFor('Transmission verified what it has', async () => (await app.backends.torrent.list()).find(x => x.hash === hash && x.phase !== 'checking'))
  t.equal(listed.contentPath, join(complete, made.name), 'download-dir is where it goes once complete')
  t.equal(listed.partialPath, partial, 'incomplete-dir is where it is until then')
  for (const p of [partial, incomplete]) utimesSync(p, OLD, OLD)

  const index = await readHolders({ backends: app.backends })
  t.ok(index.holders.some(h => h.id === `torrent:${hash}` && h.dataPath === partial), 'the path-holders index names the torrent as holder of its incomplete data')

  const cleanup = await call('cleanup_server', { categories: ['downloadLeftovers'], olderThanHours: 1 })
  t.notOk(cleanup.isError, text(cleanup))
  const proposed = (data(cleanup).confirmation?.targets ?? []).map((x: { name: string }) => x.name)
  t.notOk(proposed.some((n: string) => n.startsWith('downloads/incomplete')), `the unfinished download is no leftover (proposed: ${proposed.join(', ') || 'nothing'})`)

  const preview = await call('cancel_downloads', { action: 'cancel', source: 'torrents', ids: [`torrent:${hash}`], deleteFiles: true })
  t.notOk(preview.isError, text(preview))
  t.match(text(preview), /downloads\/incomplete\/Stalled\.Show\.S01E01\.mkv/, 'the data shown for deletion is where it is')
})
