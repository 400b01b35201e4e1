// The Transmission client against the real transmission-daemon on loopback, both majors: Debian bookworm's 3.00
// and Debian sid's 4.x from the chroot scripts/qbittorrent-chroot.sh builds (4.0 changed the RPC: rpc-version 17).
// The session-id handshake, Basic auth, adding, pausing, resuming and removing with and without data, and a real download
// from the loopback swarm's seeding qbittorrent-nox (test/helpers/qbt-swarm.ts); the bytes must match.
import t, { test, type Test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BackendError, ToolError } from '../../core/errors.js'
import { createPathMap } from '../../core/path-map.js'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import { createTransmissionClient, rpcPath } from '../../clients/transmission/client.js'
import { transmissionState } from '../../clients/transmission/types.js'
import { startTransmission, transmissionUnavailable, type TransmissionInstance, type TransmissionMajor } from '../../simulators/real-transmission.js'
import { makeTorrent, swarmUnavailable, waitFor, type QbtInstance } from '../helpers/qbt-swarm.js'
import { downloadFromSwarm } from '../helpers/swarm-download.js'

const USER = 'mcp'
const PASSWORD = 'transmission-test-password-1'

test('the RPC address: a base URL gets /transmission/rpc, a path gets /rpc, a full address is kept', async t => {
  t.same(rpcPath('http://tr:9091'), { base: 'http://tr:9091', path: '/transmission/rpc' })
  t.same(rpcPath('http://tr:9091/'), { base: 'http://tr:9091', path: '/transmission/rpc' })
  t.same(rpcPath('http://tr:9091/transmission/rpc'), { base: 'http://tr:9091', path: '/transmission/rpc' })
  t.same(rpcPath('https://box.example/torrents/transmission'), { base: 'https://box.example', path: '/torrents/transmission/rpc' })
})

test('status codes map to phases; a local error stops the torrent whatever its status', async t => {
  const s = (status: number, o: { error?: number, done?: number, finished?: boolean } = {}) =>
    transmissionState({ status, error: o.error ?? 0, percentDone: o.done ?? 0.5, isFinished: o.finished ?? false })
  t.same(s(0), { state: 'Paused', phase: 'paused' })
  t.same(s(0, { done: 1 }), { state: 'Paused', phase: 'completed' })
  t.same(s(0, { done: 1, finished: true }), { state: 'Seeding complete', phase: 'completed' })
  t.same(s(0, { done: 0 }), { state: 'Paused', phase: 'paused' }, 'a magnet without its metadata yet is paused, not complete')
  t.same(s(1).phase, 'checking')
  t.same(s(2).phase, 'checking')
  t.same(s(3), { state: 'Queued for download', phase: 'queued' })
  t.same(s(4), { state: 'Downloading', phase: 'downloading' })
  t.same(s(5).phase, 'seeding')
  t.same(s(6), { state: 'Seeding', phase: 'seeding' })
  t.same(s(4, { error: 3 }), { state: 'Error', phase: 'error' })
  t.same(s(4, { error: 2 }).phase, 'downloading', 'a tracker error does not stop a download')
})

const onRealDaemon = (major: TransmissionMajor) => async (t: Test) => {
  const base = mkdtempSync(join(tmpdir(), 'tr-real-'))
  const downloadsRoot = join(base, 'downloads')
  const running: Array<TransmissionInstance | QbtInstance> = []
  t.teardown(async () => {
    await Promise.allSettled(running.map(i => i.stop()))
    rmSync(base, { recursive: true, force: true })
  })
  const tr = await startTransmission(join(base, 'tr'), { username: USER, password: PASSWORD, downloadDir: downloadsRoot, major })
  running.push(tr)
  const make = (password = PASSWORD) => createTransmissionClient({ url: tr.url, username: USER, password, downloadsRoot, pathMap: createPathMap(''), deadlineMs: 10_000 })
  const client = make()
  t.teardown(() => client.close())

  await t.test('the first call gets 409 with a session id; the client resends and answers', async t => {
    const first = await fetch(tr.url, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` }, body: '{"method":"session-get"}' })
    t.equal(first.status, 409)
    t.match(first.headers.get('x-transmission-session-id'), /\S/)
    const v = await client.version()
    t.match(v.app, major === 3 ? /^3\.00 \(/ : /^4\.\d+\.\d+/)
    const probe = await client.probe()
    t.same([probe.reachable, probe.service, probe.version], [true, 'Transmission', v.app])
  })

  await t.test('a wrong password fails naming the variables, never echoing the password', async t => {
    const bad = make('wrong-secret-password')
    t.teardown(() => bad.close())
    const err = await bad.list().catch(e => e)
    t.type(err, BackendError)
    t.match(err.message, /HTTP 401.*TORRENT_CLIENT_USERNAME and TORRENT_CLIENT_PASSWORD/)
    t.notMatch(err.message, /wrong-secret-password/)
  })

  const phaseOf = (hash: string, phase: string) => waitFor(`the torrent to be ${phase}`, async () => {
    const [info] = await client.list({ hashes: [hash] })
    return info?.phase === phase ? info : undefined
  }, 15_000)

  const local = makeTorrent(join(base, 'made'), 'Local.Show.S01E01.mkv', 256 * 1024 + 7)
  const localHash = readTorrentFile(local.torrent).hash

  await t.test('a category or tag Transmission would refuse as a label is refused before anything is added', async t => {
    const magnet = `magnet:?xt=urn:btih:${'9'.repeat(40)}&dn=Label.Test`
    await t.rejects(client.addMagnet(magnet, { category: 'tv,sonarr', paused: true }), { constructor: ToolError, message: /cannot contain a comma.*Nothing was added/ })
    await t.rejects(client.addMagnet(magnet, { category: 'tv', tags: ['mcp', 'tv'], paused: true }), { constructor: ToolError, message: /"tv" cannot be both.*Nothing was added/ })
    await t.rejects(client.addMagnet(magnet, { category: ' ', paused: true }), { constructor: ToolError, message: /cannot be blank/ })
    t.same(await client.list(), [], 'no unlabelled torrent was left behind')
  })

  await t.test('a .torrent added paused with a category is listed with its hash, label, phase and save path', async t => {
    const savePath = join(downloadsRoot, 'tv')
    t.same(await client.addTorrentFile(local.torrent, { savePath, category: 'tv-sonarr', tags: ['mcp'], paused: true }), { hash: localHash })
    // Transmission verifies what is on disk even for a torrent added paused, then stops it.
    const info = await phaseOf(localHash, 'paused')
    t.match(info, { hash: localHash, name: local.name, phase: 'paused', state: 'Paused', category: 'tv-sonarr', tags: ['mcp'], savePath, contentPath: join(savePath, local.name), sizeBytes: local.bytes.length, progress: 0 })
    t.same((await client.list({ category: 'tv-sonarr' })).map(x => x.hash), [localHash])
    t.same(await client.list({ category: 'radarr' }), [])
    t.same(await client.files(localHash), [{ name: local.name, sizeBytes: local.bytes.length, progress: 0 }])
  })

  await t.test('the same torrent again is refused naming it; broken bytes are refused', async t => {
    await t.rejects(client.addTorrentFile(local.torrent), { constructor: ToolError, message: /already has this torrent \(Local\.Show\.S01E01\.mkv/ })
    await t.rejects(client.addTorrentFile(Buffer.from('d4:infoe')), ToolError)
  })

  await t.test('resume starts it, pause stops it', async t => {
    await client.resume([localHash])
    t.match(await phaseOf(localHash, 'downloading'), { state: 'Downloading', stall: 'noData' }, 'no peer sends anything: stalled, as qBittorrent\'s stalledDL')
    await client.pause([localHash])
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

  await t.test('an empty list of hashes acts on nothing (Transmission would take it as every torrent)', async t => {
    await client.pause([])
    await client.remove([], { deleteFiles: true })
    t.equal((await client.list({ hashes: [localHash] })).length, 1)
    t.same(await client.list({ hashes: [] }), [])
  })

  const swarmSkip = await swarmUnavailable(4)
  await t.test('downloads from the loopback swarm\'s seeding qbittorrent-nox, bytes identical; removal with and without data', { skip: swarmSkip }, async t => {
    await downloadFromSwarm(t, { base, client, peerPort: tr.peerPort, downloadsRoot, category: 'radarr', track: i => running.push(i as QbtInstance) })
  })
}

// The two majors side by side: each runs its own daemon, seeder and folders, and most of their time is spent
// waiting on the daemons (a verify, the peers' handshake, the first pieces), not on the CPU.
t.jobs = 2
for (const major of [3, 4] as TransmissionMajor[]) {
  test(`Transmission client on the real transmission-daemon ${major}.x`, { skip: await transmissionUnavailable(major) }, onRealDaemon(major))
}
