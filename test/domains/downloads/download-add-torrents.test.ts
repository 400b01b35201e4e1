// download_add's magnets and .torrent links against the real torrent clients (qbittorrent-nox 4.x,
// transmission-daemon 3.00, deluged 2.0.3, each configured as TORRENT_CLIENT_TYPE): a .torrent link is fetched by
// this server through the URL guard and its bytes added, less its own trackers and web seeds that are not public; a
// magnet is checked as a magnet and added; a magnet naming a private-network tracker or peer, a link that is no
// torrent, and links of mixed kinds add nothing. The chroot's
// qBittorrent 5.x and Transmission 4.x get the two adds only (the refusals happen before any client is asked).
import { test } from 'tap'
import net from 'node:net'
import { randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Agent } from 'undici'
import { INTERNAL_PRINCIPAL } from '../../../core/principal.js'
import type { ToolContext } from '../../../core/tool-types.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'
import { decodeValue, type BencodeDict } from '../../../core/bencode.js'
import { fetchGuarded } from '../../../lib/url-guard/fetch-guarded.js'
import { startStaticServer } from '../../helpers/static-server.js'
import { makeTorrent, waitFor } from '../../helpers/qbt-swarm.js'
import { newerMajors, torrentClientKinds, torrentClientWorld } from '../../helpers/torrent-clients.js'

const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
const PUBLIC = '93.184.216.34'
const resolver = async (host: string) => host.endsWith('.example.com') ? [{ address: PUBLIC, family: 4 }] : []

const newer = new Set(await newerMajors())
for (const program of [...await torrentClientKinds(), ...newer]) {
  test(`download_add sends magnets and .torrent links to ${program.label}`, { skip: program.skip }, async t => {
    const web = await startStaticServer()
    t.teardown(() => web.close())
    const { roots, running, app } = await torrentClientWorld(t, program, { resolver })
    // The URL guard's checks run as they are; only its connections go to the local web server (nothing may leave 127.0.0.1).
    const local = new Agent({ connect: (_o, done) => { const s = net.connect({ host: '127.0.0.1', port: web.port }, () => done(null, s)); s.once('error', err => done(err, null)) } })
    t.teardown(() => local.close())
    app.urlGuard.fetchGuarded = (url, o) => fetchGuarded(app.urlGuard.check, local, url, o)
    const call = (args: unknown) => app.tools.call('download_add', args, ctx)
    const hashes = async () => (await app.backends.torrent.list()).map(x => x.hash).sort()

    await t.test('a .torrent link: fetched here through the URL guard, its bytes added under DOWNLOADS_ROOT/<name>', async t => {
      const show = makeTorrent(join(roots.base, 'src'), 'Show.S01E02.mkv', 120_000)
      const hash = readTorrentFile(show.torrent).hash
      web.serve('/get/show.torrent', { body: show.torrent, type: 'application/x-bittorrent' })
      const res = await call({ name: 'Show.S01E02', links: ['http://indexer.example.com/get/show.torrent'] })
      t.notOk(res.isError, res.content[0].text)
      t.same((res.structuredContent as { hashes: string[] }).hashes, [hash])
      t.match(res.content[0].text, new RegExp(`Sent 1 torrent "Show.S01E02" to ${running.service} \\(hash ${hash}\\)`))
      t.same(web.requests.map(r => r.host), ['indexer.example.com'], 'fetched by this server, under the public name it checked')
      const added = await waitFor('the torrent in the client', async () => (await app.backends.torrent.list()).find(x => x.hash === hash))
      t.equal(added.name, show.name)
      t.equal(added.savePath.replace(/\/$/, ''), join(roots.downloads, 'Show.S01E02'))
    })

    await t.test('a magnet: checked as a magnet and added', async t => {
      const hash = randomBytes(20).toString('hex')
      const res = await call({ name: 'Magnet.Movie', links: [`magnet:?xt=urn:btih:${hash.toUpperCase()}&dn=Magnet.Movie.2021`] })
      t.notOk(res.isError, res.content[0].text)
      t.same((res.structuredContent as { hashes: string[] }).hashes, [hash])
      await waitFor('the magnet in the client', async () => (await hashes()).includes(hash) ? true : undefined)
    })

    await t.test('a .torrent file\'s own trackers and web seeds that are not public are left out before the client sees them (issue 35 item 7)', { skip: newer.has(program) && 'once per kind is enough' }, async t => {
      const dir = join(roots.base, 'src-trackers')
      const plain = makeTorrent(dir, 'Tracked.S01E01.mkv', 40_000)
      const out = join(dir, 'tracked.torrent')
      execFileSync('mktorrent', ['-l', '15', '-t', '1', '-o', out,
        '-a', 'http://127.0.0.1:6969/announce,udp://tracker.example.com:1337', '-a', 'http://10.0.0.1/announce',
        '-w', 'http://127.0.0.1:8989/api', '-w', 'https://seed.example.com/Tracked.S01E01.mkv', plain.file], { stdio: 'ignore' })
      const torrent = readFileSync(out)
      const hash = readTorrentFile(torrent).hash
      web.serve('/get/tracked.torrent', { body: torrent, type: 'application/x-bittorrent' })
      const sent: Buffer[] = []
      const client = app.backends.torrent
      const addTorrentFile = client.addTorrentFile
      client.addTorrentFile = async (bytes, o) => { sent.push(bytes); return await addTorrentFile(bytes, o) }
      t.teardown(() => { client.addTorrentFile = addTorrentFile })

      const res = await call({ name: 'Tracked.S01E01', links: ['http://indexer.example.com/get/tracked.torrent'] })
      t.notOk(res.isError, res.content[0].text)
      t.match(res.content[0].text, /Left out of the \.torrent file, so the torrent client never contacts them: The \.torrent file's tracker #1 points to 127\.0\.0\.1, a loopback address.*tracker #2 points to 127\.0\.0\.1.*tracker #4 points to 10\.0\.0\.1, a private network address.*And 1 more\./)
      t.equal(sent.length, 1)
      const given = decodeValue(sent[0], 0) as BencodeDict
      const texts = (v: unknown): unknown => Buffer.isBuffer(v) ? v.toString('utf8') : Array.isArray(v) ? v.map(texts) : v
      t.notOk('announce' in given, 'the refused announce URL is not handed on')
      t.same(texts(given['announce-list']), [['udp://tracker.example.com:1337']])
      t.same(texts(given['url-list']), ['https://seed.example.com/Tracked.S01E01.mkv'])
      const added = await waitFor('the torrent in the client', async () => (await app.backends.torrent.list()).find(x => x.hash === hash))
      t.equal(added.name, plain.name, `${running.service} took the rewritten file under the same info-hash`)
    })

    await t.test('refused, adding nothing: a private-network tracker, a link that is no torrent, mixed kinds', { skip: newer.has(program) && 'once per kind is enough: no client is asked' }, async t => {
      const before = await hashes()
      const hash = randomBytes(20).toString('hex')
      const tracker = await call({ name: 'Sneaky', links: [`magnet:?xt=urn:btih:${hash}&tr=${encodeURIComponent('http://127.0.0.1:6969/announce')}`] })
      t.equal(tracker.isError, true)
      t.match(tracker.content[0].text, /tracker #1 \(tr=\) points to 127\.0\.0\.1.*Remove that parameter/)
      const peer = await call({ name: 'Sneaky', links: [`magnet:?xt=urn:btih:${hash}&x.pe=127.0.0.1:${web.port}`] })
      t.match(peer.content[0].text, /peer #1 \(x\.pe=\) points to 127\.0\.0\.1.*Remove that parameter/, 'the client would connect to that peer and send a handshake')
      const badXt = await call({ name: 'Bad', links: ['magnet:?xt=urn:btih:1234&dn=x'] })
      t.match(badXt.content[0].text, /"xt" must be urn:btih/)

      web.serve('/get/page.torrent', { body: '<html>login first</html>', type: 'text/html' })
      const other = makeTorrent(join(roots.base, 'src2'), 'Other.mkv', 50_000)
      web.serve('/get/other.torrent', { body: other.torrent })
      const html = await call({ name: 'Two', links: ['http://indexer.example.com/get/other.torrent', 'http://indexer.example.com/get/page.torrent'] })
      t.equal(html.isError, true)
      t.match(html.content[0].text, /Link 2 \(indexer\.example\.com\) did not return a \.torrent file/)

      const mixed = await call({ name: 'Mixed', links: [`magnet:?xt=urn:btih:${hash}`, 'http://files.example.com/b.mkv'] })
      t.equal(mixed.isError, true)
      t.match(mixed.content[0].text, /mix magnets or \.torrent links \(torrent client\) and direct links: send each kind in separate calls/)
      const nzbAndTorrent = await call({ name: 'Mixed', links: ['http://indexer.example.com/a.nzb', 'http://indexer.example.com/b.torrent'] })
      t.match(nzbAndTorrent.content[0].text, /mix \.nzb links/)
      const localTorrent = await call({ name: 'Local', links: ['http://127.0.0.1:9/a.torrent'] })
      t.equal(localTorrent.isError, true, 'a .torrent link goes through the URL guard like every link')
      t.same(await hashes(), before, 'nothing was added')
    })
  })
}
