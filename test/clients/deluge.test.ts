// The Deluge client against the real deluged + deluge-web (Debian's 2.0.3) on loopback: the cookie login, the
// web UI's connection to its daemon, adding, pausing, resuming and removing with and without data, and a real
// download from the loopback swarm's seeding qbittorrent-nox (test/helpers/qbt-swarm.ts); the bytes must match.
import { test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BackendError, ToolError } from '../../core/errors.js'
import { createPathMap } from '../../core/path-map.js'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import { createDelugeClient, jsonPath } from '../../clients/deluge/client.js'
import { delugePhase } from '../../clients/deluge/types.js'
import { delugeRow } from '../../clients/deluge/rows.js'
import { delugeUnavailable, startDeluge, type DelugeInstance } from '../../simulators/real-deluge.js'
import { makeTorrent, swarmUnavailable, waitFor, type QbtInstance } from '../helpers/qbt-swarm.js'
import { downloadFromSwarm } from '../helpers/swarm-download.js'

const PASSWORD = 'deluge-test-password-1'

test('the JSON address: a base URL gets /json, a path gets /json, a full address is kept', async t => {
  t.same(jsonPath('http://dl:8112'), { base: 'http://dl:8112', path: '/json' })
  t.same(jsonPath('http://dl:8112/json'), { base: 'http://dl:8112', path: '/json' })
  t.same(jsonPath('https://box.example/deluge/'), { base: 'https://box.example', path: '/deluge/json' })
})

test('states map to phases; paused or queued once finished is completed or seeding', async t => {
  const p = (state: string, finished = false) => delugePhase({ state, is_finished: finished })
  t.same(['Allocating', 'Checking', 'Downloading', 'Seeding', 'Paused', 'Error', 'Queued', 'Moving'].map(s => p(s)),
    ['downloading', 'checking', 'downloading', 'seeding', 'paused', 'error', 'queued', 'other'])
  t.equal(p('Paused', true), 'completed')
  t.equal(p('Queued', true), 'seeding')
})

test('a paused row moves nothing: libtorrent\'s last rates and eta are not shown after a pause', async t => {
  const raw = { hash: 'AB'.repeat(20), name: 'Show', progress: 40, download_payload_rate: 6_000, upload_payload_rate: 2_000, eta: 800, total_wanted: 1000, total_done: 400, download_location: '/dl', time_added: 1, completed_time: 0, ratio: 0, message: 'OK', is_finished: false }
  const paused = delugeRow({ ...raw, state: 'Paused' }, createPathMap(''))
  t.same([paused.phase, paused.downloadSpeed, paused.uploadSpeed, paused.etaSeconds], ['paused', 0, 0, undefined])
  const running = delugeRow({ ...raw, state: 'Downloading' }, createPathMap(''))
  t.same([running.downloadSpeed, running.uploadSpeed, running.etaSeconds], [6_000, 2_000, 800])
})

const skip = await delugeUnavailable()
test('Deluge client on the real deluged + deluge-web', { skip }, async t => {
  const base = mkdtempSync(join(tmpdir(), 'deluge-real-'))
  const downloadsRoot = join(base, 'downloads')
  const running: Array<DelugeInstance | QbtInstance> = []
  t.teardown(async () => {
    await Promise.allSettled(running.map(i => i.stop()))
    rmSync(base, { recursive: true, force: true })
  })
  const dl = await startDeluge(join(base, 'deluge'), { password: PASSWORD, downloadDir: downloadsRoot })
  running.push(dl)
  const make = (password = PASSWORD) => createDelugeClient({ url: dl.url, username: '', password, downloadsRoot, pathMap: createPathMap(''), deadlineMs: 15_000 })
  const client = make()
  t.teardown(() => client.close())

  await t.test('logs in, connects the web UI to its daemon and reads the daemon version', async t => {
    t.same(await client.version(), { app: '2.0.3', v5: false })
    const probe = await client.probe()
    t.same([probe.reachable, probe.service, probe.version], [true, 'Deluge', '2.0.3'])
    t.same(await client.list(), [])
  })

  await t.test('a wrong password fails naming the variable, never echoing the password', async t => {
    const bad = make('wrong-secret-password')
    t.teardown(() => bad.close())
    const err = await bad.list().catch(e => e)
    t.type(err, BackendError)
    t.match(err.message, /Deluge rejected the login: check TORRENT_CLIENT_PASSWORD/)
    t.notMatch(err.message, /wrong-secret-password/)
  })

  let seen = ''
  const phaseOf = (hash: string, phase: string) => waitFor(`the torrent to be ${phase}`, async () => {
    const [info] = await client.list({ hashes: [hash] })
    seen = `${info?.state} ${info?.phase}`
    return info?.phase === phase ? info : undefined
  }, 20_000).catch(err => { throw new Error(`${err.message} (last seen: ${seen})`) })

  const local = makeTorrent(join(base, 'made'), 'Local.Show.S01E01.mkv', 256 * 1024 + 7)
  const localHash = readTorrentFile(local.torrent).hash

  await t.test('a .torrent added paused is listed with its hash, phase and save path', async t => {
    const savePath = join(downloadsRoot, 'tv')
    t.same(await client.addTorrentFile(local.torrent, { savePath, paused: true }), { hash: localHash })
    const info = await phaseOf(localHash, 'paused')
    t.match(info, { hash: localHash, name: local.name, state: 'Paused', savePath, contentPath: join(savePath, local.name), sizeBytes: local.bytes.length, progress: 0 })
    t.same(await client.files(localHash), [{ name: local.name, sizeBytes: local.bytes.length, progress: 0 }])
  })

  await t.test('the same torrent again is refused naming it; broken bytes are refused', async t => {
    await t.rejects(client.addTorrentFile(local.torrent), { constructor: ToolError, message: new RegExp(`already has this torrent \\(hash ${localHash}`) })
    await t.rejects(client.addTorrentFile(Buffer.from('d4:infoe')), ToolError)
  })

  await t.test('resume starts it, pause stops it', async t => {
    await client.resume([localHash])
    t.match(await phaseOf(localHash, 'downloading'), { state: 'Downloading', stall: 'noData' }, 'no peer sends anything: stalled')
    // Deluge 2.0.3 decides a pause on its cached libtorrent status (deluge/core/torrent.py 1156): seen here, a
    // pause soon after a resume can be taken as "already paused" and ignored. Known limit, so asked twice.
    await client.pause([localHash])
    const first = await waitFor('the first pause', async () => (await client.list({ hashes: [localHash] }))[0]?.state === 'Paused' ? true : undefined, 10_000).catch(() => false)
    if (!first) await client.pause([localHash])
    t.equal((await phaseOf(localHash, 'paused')).state, 'Paused')
  })

  await t.test('a magnet is added by its info-hash; outside the downloads folder is refused', async t => {
    const hash = '0123456789abcdef0123456789abcdef01234567'
    t.same(await client.addMagnet(`magnet:?xt=urn:btih:${hash}&dn=Magnet.Test`, { paused: true }), { hash })
    t.equal((await phaseOf(hash, 'paused')).state, 'Paused')
    await t.rejects(client.addMagnet(`magnet:?xt=urn:btih:${'1'.repeat(40)}`, { savePath: '/etc' }), { message: /inside the downloads folder/ })
    await client.remove([hash], { deleteFiles: false })
    t.same(await client.list({ hashes: [hash] }), [])
  })

  await t.test('an empty list of hashes acts on nothing (Deluge would take no ids as every torrent)', async t => {
    await client.pause([])
    await client.remove([], { deleteFiles: true })
    t.equal((await client.list({ hashes: [localHash] })).length, 1)
    t.same(await client.list({ hashes: [] }), [])
  })

  await t.test('removing a torrent Deluge does not have is refused naming it', async t => {
    await t.rejects(client.remove(['f'.repeat(40)], { deleteFiles: false }), { constructor: BackendError, message: /Deluge did not remove f{40}/ })
  })

  const swarmSkip = await swarmUnavailable(4)
  await t.test('downloads from the loopback swarm\'s seeding qbittorrent-nox, bytes identical; removal with and without data', { skip: swarmSkip }, async t => {
    await downloadFromSwarm(t, { base, client, peerPort: dl.peerPort, downloadsRoot, track: i => running.push(i as QbtInstance) })
  })
})
