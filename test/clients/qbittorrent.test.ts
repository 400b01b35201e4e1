// The qBittorrent client against a real loopback swarm (test/helpers/qbt-swarm.ts): our instance logs in
// with a password and downloads a generated file from a seeding instance; the bytes must match. Runs on both
// majors: the machine's 4.x and the 5.x of the chroot built by scripts/qbittorrent-chroot.sh.
import { test } from 'tap'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BackendError, ToolError } from '../../core/errors.js'
import { readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'
import { qbt5ChrootDir } from '../../simulators/real-qbittorrent.js'
import {
  QBT_PASSWORD, clientFor, downloadFrom, makeTorrent, qbtMajors, startQbittorrent, waitFor, type QbtInstance
} from '../helpers/qbt-swarm.js'

for (const { major, name, skip } of await qbtMajors()) {
  test(`qBittorrent client on a real loopback swarm (${name})`, { skip }, async t => {
    const base = mkdtempSync(join(tmpdir(), 'qbt-swarm-'))
    const downloadsRoot = join(base, 'downloads')
    const seedData = join(base, 'seed-data')
    const running: QbtInstance[] = []
    t.teardown(async () => {
      await Promise.allSettled(running.map(i => i.stop()))
      rmSync(base, { recursive: true, force: true })
    })

    const [seeder, ours] = await Promise.all([
      startQbittorrent(join(base, 'seeder'), { localAuth: false, downloadDir: seedData, major }),
      startQbittorrent(join(base, 'ours'), { downloadDir: downloadsRoot, major })
    ])
    running.push(seeder, ours)
    const seedClient = clientFor(seeder, seedData, 'not-needed-when-localhost-auth-is-off')
    const client = clientFor(ours, downloadsRoot)
    const both = { seeder: seedClient, us: `127.0.0.1:${ours.peerPort}` }
    t.teardown(async () => { await seedClient.close(); await client.close() })

    await t.test('the real login answers as the client expects of this major', async t => {
      const res = await fetch(`${ours.url}/api/v2/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: QBT_PASSWORD }) })
      const cookie = res.headers.get('set-cookie') ?? ''
      const body = await res.text()
      // 5.2+ (the chroot has Debian sid's 5.3): 204 and QBT_SID_<port>; 4.x: 200 "Ok." and SID.
      if (major === 5) t.same([res.status, body, /^QBT_SID_(\d+)=/.exec(cookie)?.[1]], [204, '', String(ours.webPort)], cookie)
      else t.same([res.status, body, /^SID=/.test(cookie)], [200, 'Ok.', true], cookie)
    })

    await t.test('login, version and probe', async t => {
      const v = await client.version()
      t.match(v.app, new RegExp(`^v${major}\\.\\d+`))
      t.match(v.webapi, /^2\.\d+/)
      t.equal(v.v5, major === 5)
      const probe = await client.probe()
      t.equal(probe.reachable, true)
      t.equal(probe.version, v.app)
    })

    await t.test('a wrong password fails naming the variables, never echoing the password', async t => {
      const bad = clientFor(ours, downloadsRoot, 'wrong-secret-password')
      t.teardown(() => bad.close())
      const err = await bad.list().catch(e => e)
      t.type(err, BackendError)
      t.match(err.message, /TORRENT_CLIENT_USERNAME and TORRENT_CLIENT_PASSWORD/)
      t.notMatch(err.message, /wrong-secret-password/)
      const probe = await bad.probe()
      t.equal(probe.reachable, true)
      t.match(probe.error, /TORRENT_CLIENT_PASSWORD/)
    })

    const movie = makeTorrent(seedData, 'Sample.Movie.2020.mkv', 3 * 1024 * 1024 + 123)
    const { hash } = readTorrentFile(movie.torrent)
    await seedClient.addTorrentFile(movie.torrent, { savePath: seedData, skipChecking: true })
    await waitFor('the seeder to seed', async () => (await seedClient.list({ hashes: [hash] }))[0]?.progress === 1 ? true : undefined)

    await t.test('a .torrent uploaded as bytes downloads into our save path, bytes identical', async t => {
      const savePath = join(downloadsRoot, 'movies')
      const added = await client.addTorrentFile(movie.torrent, { savePath, category: 'movies', tags: ['mcp', 'test'] })
      t.equal(added.hash, hash)
      const done = await downloadFrom(client, hash, `127.0.0.1:${seeder.peerPort}`, 'the download to finish', both)
      t.equal(done.name, movie.name)
      t.equal(done.savePath, savePath)
      t.equal(done.contentPath, join(savePath, movie.name))
      t.equal(done.category, 'movies')
      t.same(done.tags.sort(), ['mcp', 'test'])
      t.equal(done.sizeBytes, movie.bytes.length)
      t.equal(done.amountLeftBytes, 0)
      t.equal(done.phase, 'seeding', `${done.state} is seeding: qBittorrent still shares (and reads) the file`)
      t.ok(readFileSync(done.contentPath).equals(movie.bytes), 'downloaded bytes match the seeded file')
      const files = await client.files(hash)
      t.same(files.map(f => [f.name, f.sizeBytes, f.progress]), [[movie.name, movie.bytes.length, 1]])
    })

    await t.test('adding the same torrent again says it is already there', async t => {
      const err = await client.addTorrentFile(movie.torrent, { savePath: join(downloadsRoot, 'movies') }).catch(e => e)
      t.type(err, ToolError)
      t.match(err.message, /already has this torrent/)
    })

    await t.test('pause and resume use the names of the running version', async t => {
      await client.pause([hash])
      const paused = await waitFor('pause', async () => {
        const [i] = await client.list({ hashes: [hash] })
        return /^(paused|stopped)/.test(i.state) ? i : undefined
      })
      t.equal(paused.state, major === 5 ? 'stoppedUP' : 'pausedUP')
      t.equal(paused.phase, 'completed')
      await client.resume([hash])
      await waitFor('resume', async () => {
        const [i] = await client.list({ hashes: [hash] })
        return /^(paused|stopped)/.test(i.state) ? undefined : i
      })
    })

    await t.test('a tracker-less magnet gets its metadata from the peer and completes', async t => {
      const other = makeTorrent(seedData, 'Other.Show.S01E01.mkv', 512 * 1024)
      const otherHash = readTorrentFile(other.torrent).hash
      await seedClient.addTorrentFile(other.torrent, { savePath: seedData, skipChecking: true })
      const added = await client.addMagnet(`magnet:?xt=urn:btih:${otherHash}&dn=Other`, { savePath: join(downloadsRoot, 'tv'), category: 'tv' })
      t.equal(added.hash, otherHash)
      const done = await downloadFrom(client, otherHash, `127.0.0.1:${seeder.peerPort}`, 'the magnet download', both)
      t.ok(readFileSync(done.contentPath).equals(other.bytes))
      t.equal((await client.list({ category: 'tv' })).length, 1, 'category filter')
    })

    await t.test('save paths outside the downloads root and bad torrents are refused before any call', async t => {
      const before = (await client.list()).length
      await t.rejects(client.addTorrentFile(movie.torrent, { savePath: '/etc' }), /inside the downloads folder/)
      await t.rejects(client.addTorrentFile(movie.torrent, { savePath: join(downloadsRoot, '..', 'x') }), /inside the downloads folder/)
      await t.rejects(client.addTorrentFile(Buffer.from('<html>not a torrent</html>')), /not a valid \.torrent/)
      await t.rejects(client.addMagnet('magnet:?dn=no-hash'), /no BitTorrent info-hash/)
      t.equal((await client.list()).length, before)
    })

    await t.test('an expired session (qBittorrent restarted) is renewed with one new login', async t => {
      await ours.stop()
      const again = await startQbittorrent(join(base, 'ours'), { downloadDir: downloadsRoot, webPort: ours.webPort, peerPort: ours.peerPort, major })
      running.push(again)
      const list = await client.list()
      t.ok(list.some(i => i.hash === hash), 'old session cookie was replaced transparently')
    })

    await t.test('remove with deleteFiles removes the data; without it keeps the data', async t => {
      const [info] = await client.list({ hashes: [hash] })
      await client.remove([hash], { deleteFiles: true })
      await waitFor('removal', async () => (await client.list({ hashes: [hash] })).length === 0 ? true : undefined)
      await waitFor('file deletion', async () => existsSync(info.contentPath) ? undefined : true)
      const tv = (await client.list({ category: 'tv' }))[0]
      await client.remove([tv.hash], { deleteFiles: false })
      await waitFor('removal', async () => (await client.list({ hashes: [tv.hash] })).length === 0 ? true : undefined)
      t.ok(existsSync(tv.contentPath), 'data kept')
    })
  })

  test(`a WebUI port held by another server is reported, never mistaken for a running qBittorrent (${name})`, { skip }, async t => {
    const base = mkdtempSync(join(tmpdir(), 'qbt-port-'))
    const squatter = createServer((_req, res) => { res.statusCode = 404; res.end('not qBittorrent') })
    await new Promise<void>(resolve => squatter.listen(0, '127.0.0.1', resolve))
    t.teardown(() => { squatter.close(); rmSync(base, { recursive: true, force: true }) })
    const webPort = (squatter.address() as AddressInfo).port
    await t.rejects(startQbittorrent(base, { webPort, major }), new RegExp(`could not bind port ${webPort}`))
  })
}

const five = (await qbtMajors()).find(m => m.major === 5)!
test('the 5.x chroot\'s mounts exist only in its own namespace and leave with its one process', { skip: five.skip }, async t => {
  const base = mkdtempSync(join(tmpdir(), 'qbt-mounts-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  const chroot = qbt5ChrootDir()
  // Field 5 of mountinfo is the mount point, as seen from the reading process's root (the chroot for qBittorrent).
  const mountPoints = (pid: number | 'self') => readFileSync(`/proc/${pid}/mountinfo`, 'utf8').split('\n').map(line => line.split(' ')[4])
  const qbt = await startQbittorrent(base, { major: 5 })
  t.teardown(() => qbt.stop())
  t.same(mountPoints('self').filter(p => p?.startsWith(chroot + '/')), [], 'none in this namespace')
  t.ok(mountPoints(qbt.daemon.pid).includes(base), 'the test folder is bound at its own path inside the chroot')
  t.equal(readFileSync(`/proc/${qbt.daemon.pid}/comm`, 'utf8').trim(), 'qbittorrent-nox', 'the started pid is qbittorrent-nox itself')
  await qbt.stop()
  t.notOk(existsSync(`/proc/${qbt.daemon.pid}`), 'gone after stop')
})
