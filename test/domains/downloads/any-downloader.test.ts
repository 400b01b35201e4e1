// Issue 27 item 5: the disk checks before a grab and the "it's ready" notice work whichever downloader the
// household runs. For each one configured as the downloader (qBittorrent, Transmission, Deluge as the torrent
// client, really running; SABnzbd's simulator and the real NZBGet as the Usenet client) and the series manager
// sending its grabs to it (its releases of that protocol, its ids in the queue): a release too big for the
// downloads disk is refused before the manager is asked, a link of unknown size is refused while the disk is
// below DISK_MIN_FREE_GIB, and once the manager imports what that client downloaded the person is told.
import { test } from 'tap'
import net from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { SimDownloadClient } from '../../../simulators/servarr/download-client.js'
import { createSabnzbdSimulator } from '../../../simulators/sabnzbd/server.js'
import { TEST_INTERNAL_KEY } from '../../helpers/build.js'
import { errorText, ok } from '../../helpers/results.js'
import { importAndList, prepareGrab, SHOW } from '../../helpers/ready-flow.js'
import { startServarrStack } from '../../helpers/servarr-sims.js'
import { startTorrentClient, torrentClientKinds, type TorrentKind } from '../../helpers/torrent-clients.js'
import { nzbgetUnavailable, startNzbget } from '../../helpers/nzbget-daemon.js'
import { waitFor } from '../../helpers/qbt-swarm.js'

const GiB = 1024 ** 3
const SAB_KEY = 'sabnzbd-test-key-0123456789abcdef'
const closed = 'http://127.0.0.1:9'

interface Downloader {
  kind: TorrentKind | 'sabnzbd' | 'nzbget'
  manager: SimDownloadClient
  skip: string | undefined
}

const torrents = Object.fromEntries((await torrentClientKinds()).map(k => [k.kind, k.skip]))
const DOWNLOADERS: Downloader[] = [
  { kind: 'qbittorrent', manager: { name: 'qBittorrent', implementation: 'QBittorrent' }, skip: torrents.qbittorrent },
  { kind: 'transmission', manager: { name: 'Transmission', implementation: 'Transmission' }, skip: torrents.transmission },
  { kind: 'deluge', manager: { name: 'Deluge', implementation: 'Deluge' }, skip: torrents.deluge },
  { kind: 'sabnzbd', manager: { name: 'SABnzbd', implementation: 'Sabnzbd' }, skip: undefined },
  { kind: 'nzbget', manager: { name: 'NZBGet', implementation: 'Nzbget' }, skip: await nzbgetUnavailable() }
]

/** Starts the downloader (in its own folder) and returns the settings that make it this server's only one of its kind. */
async function startDownloader (t: { teardown: (fn: () => unknown) => void }, d: Downloader) {
  const dir = mkdtempSync(join(tmpdir(), `any-downloader-${d.kind}-`))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  if (d.kind === 'sabnzbd') {
    const sim = await createSabnzbdSimulator({ apiKey: SAB_KEY })
    t.teardown(() => sim.close())
    return { env: { TORRENT_CLIENT_URL: closed, USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sim.url, USENET_CLIENT_API_KEY: SAB_KEY } }
  }
  if (d.kind === 'nzbget') {
    // No news server: NZBGet takes the job and would fail fetching it; nothing here waits for the bytes.
    const nzbget = await startNzbget(dir, 9)
    t.teardown(() => nzbget.stop())
    return { env: { TORRENT_CLIENT_URL: closed, ...nzbget.env } }
  }
  const running = await startTorrentClient(d.kind, dir, join(dir, 'downloads'))
  t.teardown(() => running.stop())
  return { env: running.env, torrent: running }
}

for (const d of DOWNLOADERS) {
  test(`disk checks and the "it's ready" notice with ${d.kind} as the downloader`, { skip: d.skip }, async t => {
    const { env, torrent } = await startDownloader(t, d)
    const disk = { freeBytes: 100 * GiB }
    const figures = async () => ({ totalBytes: 500 * GiB, usedBytes: 500 * GiB - disk.freeBytes, freeBytes: disk.freeBytes, usedPercent: 50 })
    const s = await startServarrStack(t, {
      jellyfin: true,
      sim: { downloadMs: 1500, commandStepMs: 20, downloadClient: d.manager },
      config: { ...env, DOWNLOAD_MANAGER_URL: closed },
      build: {
        plugins: { disk: { figures }, notices: { intervalMs: 3_600_000 }, urlGuard: { connect: () => net.connect({ host: '127.0.0.1', port: 9 }) } },
        resolver: async () => [{ address: '93.184.215.14', family: 4 }]
      }
    })

    const usenet = d.kind === 'sabnzbd' || d.kind === 'nzbget'
    // The id the manager keeps for a grab sent to this client (simulators/servarr/download-client.ts).
    const idForm = usenet ? (d.kind === 'sabnzbd' ? /^SABnzbd_nzo_\S+$/ : /^[0-9a-f]{32}$/) : /^[0-9A-F]{40}$/

    await t.test('a release too big for the downloads disk is refused, one that fits goes to this client', async t => {
      const movie = [...s.radarr.state.library.movies.values()].find(m => m.movieFileId === 0)!
      const releases = ok(await s.call('movie_releases', { id: movie.id, idType: 'movieId', includeRejected: true })).items as Array<{ guid: string, indexerId: number, sizeBytes: number, protocol: string }>
      t.ok(releases.length > 0 && releases.every(r => r.protocol === (usenet ? 'usenet' : 'torrent')), 'the manager offers releases of this client\'s protocol')
      const big = releases.find(r => r.sizeBytes > 2 * GiB)!
      const small = releases.find(r => r.sizeBytes < GiB)!
      disk.freeBytes = 1.5 * GiB
      const target = { id: movie.id, idType: 'movieId' }
      t.match(errorText(await s.call('movie_grab', { ...target, guid: big.guid, indexerId: big.indexerId })), /^Not enough free space for this release \(\d+\.\d GiB\): the downloads and library disk \(.+\) has 1\.5 GiB free/)
      t.equal(s.radarr.state.queue.length, 0, 'nothing was grabbed')
      const grabbed = ok(await s.call('movie_grab', { ...target, guid: small.guid, indexerId: small.indexerId }))
      t.match(grabbed.queueItems, [{ downloadClient: d.manager.name, downloadId: idForm }], 'grabbed: the queue names this client and holds its id')
      disk.freeBytes = 100 * GiB
    })

    await t.test('a link of unknown size is refused while the downloads disk is low, and sent to this client when there is room', async t => {
      const hash = randomBytes(20).toString('hex')
      const link = torrent ? `magnet:?xt=urn:btih:${hash}&dn=Any.Show.S01E03` : 'https://indexer.example.com/get/any.show.s01e03.nzb'
      disk.freeBytes = 3 * GiB
      t.match(errorText(await s.call('download_add', { name: 'Any.Show.S01E03', links: [link] })), /^Not starting this download: the downloads disk \(.+\) has 3\.0 GiB free, below DISK_MIN_FREE_GIB \(10 GiB\)/)
      disk.freeBytes = 100 * GiB
      const added = await s.call('download_add', { name: 'Any.Show.S01E03', links: [link] })
      if (torrent) {
        t.same(ok(added).hashes, [hash])
        await waitFor(`the magnet in ${torrent.service}`, async () => (await torrent.client.list()).some(x => x.hash === hash) ? true : undefined)
      } else {
        // The .nzb link is fetched through the URL guard, whose connections go to a closed loopback port here.
        t.notMatch(errorText(added), /Not starting this download/, 'with room the disk check passes')
      }
    })

    await t.test('when the manager imports what this client downloaded, the person who asked is told', async t => {
      const grab = await prepareGrab(s)
      const result = ok(await s.call('series_grab', grab))
      t.match(await s.app.notices.record(INTERNAL_PRINCIPAL.id, 'series_grab', { isError: false, text: '', structured: { target: result.target } }), /Northern Line/)
      const item = s.sonarr.state.queue.at(-1)!
      t.match(item, { downloadClient: d.manager.name, downloadId: idForm })
      await importAndList(s, grab.id as number)
      t.match(s.sonarr.state.history.at(-1), { eventType: 'downloadFolderImported', downloadId: item.downloadId }, 'the import is recorded against this client\'s download')
      await s.app.notices.checkNow()
      const listed = (await s.app.inject({ method: 'GET', url: '/api/notices', headers: { authorization: `Bearer ${TEST_INTERNAL_KEY}` } })).json().notices
      t.same(listed.map((n: { text: string }) => n.text), [`📺 "${SHOW.title}" S01E02 "Undertow" is ready to watch.`])
    })
  })
}
