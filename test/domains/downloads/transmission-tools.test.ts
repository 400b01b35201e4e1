// The download tools with TORRENT_CLIENT_TYPE=transmission against the real transmission-daemon 3.00: the
// queue shows its torrents with Transmission's state mapped, cancel_downloads lists them and removes exactly the
// previewed one with its data behind the confirm, and /health names Transmission with its version.
import { test } from 'tap'
import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { startTransmission, transmissionUnavailable } from '../../../simulators/real-transmission.js'
import { buildTestApp, makeRoots } from '../../helpers/build.js'
import { makeTorrent, waitFor } from '../../helpers/qbt-swarm.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const PASSWORD = 'transmission-tools-password-1'

test('download tools on the real Transmission', { skip: await transmissionUnavailable() }, async t => {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const tr = await startTransmission(join(roots.base, 'tr'), { username: 'mcp', password: PASSWORD, downloadDir: roots.downloads })
  t.teardown(() => tr.stop())
  const { app } = await buildTestApp(t, {
    roots,
    config: {
      TORRENT_CLIENT_TYPE: 'transmission',
      TORRENT_CLIENT_URL: `http://127.0.0.1:${tr.rpcPort}`,
      TORRENT_CLIENT_USERNAME: 'mcp',
      TORRENT_CLIENT_PASSWORD: PASSWORD,
      SERIES_MANAGER_URL: 'http://127.0.0.1:9',
      SERIES_MANAGER_API_KEY: 'c'.repeat(32),
      MOVIE_MANAGER_URL: 'http://127.0.0.1:9',
      MOVIE_MANAGER_API_KEY: 'd'.repeat(32)
    }
  })
  const client = app.backends.torrent
  t.equal(client.service, 'Transmission')

  // One torrent with no data and no peers (it waits to download), one whose data is already on disk (it seeds).
  const src = join(roots.base, 'src')
  const waiting = makeTorrent(src, 'Waiting.Show.S01E01.mkv', 200_000)
  const complete = makeTorrent(src, 'Complete.Movie.2020.mkv', 150_000)
  const waitingHash = readTorrentFile(waiting.torrent).hash
  const completeHash = readTorrentFile(complete.torrent).hash
  const movies = join(roots.downloads, 'movies')
  mkdirSync(movies, { recursive: true })
  copyFileSync(complete.file, join(movies, complete.name))
  await client.addTorrentFile(waiting.torrent, { savePath: join(roots.downloads, 'tv') })
  await client.addTorrentFile(complete.torrent, { savePath: movies })
  await waitFor('the states to settle', async () => {
    const all = await client.list()
    return all.find(x => x.hash === waitingHash)?.phase === 'downloading' && all.find(x => x.hash === completeHash)?.phase === 'seeding' ? true : undefined
  }, 20_000)

  await t.test('download_status shows the unfinished torrent with its mapped state and folder', async t => {
    const res = await app.tools.call('download_status', {}, ctx)
    t.notOk(res.isError, res.content[0].text)
    const rows = (res.structuredContent as { items: Array<Record<string, unknown>> }).items.filter(r => r.source === 'torrent')
    t.match(rows, [{ id: waitingHash, name: waiting.name, state: 'downloading', progressPercent: 0, path: /Waiting\.Show\.S01E01\.mkv$/ }])
  })

  await t.test('cancel_downloads lists both and removes exactly the previewed one with its data', async t => {
    const listed = await app.tools.call('cancel_downloads', { source: 'torrents' }, ctx)
    t.notOk(listed.isError, listed.content[0].text)
    t.same((listed.structuredContent as { items: Array<{ id: string }> }).items.map(i => i.id).sort(), [`torrent:${completeHash}`, `torrent:${waitingHash}`].sort())
    const preview = await app.tools.call('cancel_downloads', { action: 'cancel', source: 'torrents', ids: [`torrent:${completeHash}`] }, ctx)
    const token = (preview.structuredContent as { confirmation: { confirmToken: string } }).confirmation.confirmToken
    t.ok(existsSync(join(movies, complete.name)), 'the preview deleted nothing')
    t.equal((await client.list()).length, 2)
    const done = await app.tools.call('cancel_downloads', { action: 'cancel', source: 'torrents', ids: [`torrent:${completeHash}`], confirmToken: token }, ctx)
    t.notOk(done.isError, done.content[0].text)
    await waitFor('the data to be deleted', async () => (existsSync(join(movies, complete.name)) ? undefined : true), 10_000)
    t.same((await client.list()).map(x => x.hash), [waitingHash], 'the other torrent stays')
  })

  await t.test('/health names Transmission with its version', async t => {
    await app.refreshBackendStatus()
    const body = (await app.inject({ url: '/health' })).json() as { backends: Array<{ service: string, reachable: boolean, version?: string, versionStatus?: string }> }
    t.match(body.backends.find(b => b.service === 'Transmission'), { reachable: true, version: /^3\.00 / })
    t.notOk(body.backends.some(b => b.service === 'qBittorrent'), 'no qBittorrent is probed')
  })
})
