import { test } from 'tap'
import { createHash } from 'node:crypto'
import { magnetHash, readTorrentFile } from '../../clients/qbittorrent/torrent-file.js'

const info = 'd6:lengthi5e4:name5:a.bin12:piece lengthi16384e6:pieces20:' + 'x'.repeat(20) + 'e'
const torrent = Buffer.from(`d8:announce9:http://x/4:info${info}e`)

test('info-hash is the SHA-1 of the bencoded info dictionary', async t => {
  const parsed = readTorrentFile(torrent)
  t.equal(parsed.hash, createHash('sha1').update(info).digest('hex'))
  t.equal(parsed.name, 'a.bin')
})

test('anything that is not a torrent is refused with a clear message', async t => {
  for (const bad of ['', 'hello', 'd4:infoi1e', 'd4:info', 'd99999999999:x', 'l4:infoe', `d4:info${info}`]) {
    t.throws(() => readTorrentFile(Buffer.from(bad)), /not a valid \.torrent file/, JSON.stringify(bad))
  }
  t.throws(() => readTorrentFile(Buffer.from('d4:info' + 'l'.repeat(5000) + 'e'.repeat(5000) + 'e')), /not a valid/, 'deep nesting')
})

test('magnet hashes: hex, base32 and btmh', async t => {
  const hex = 'c12fe1c06bba254a9dc9f519b335aa7c1367a88a'
  t.equal(magnetHash(`magnet:?xt=urn:btih:${hex.toUpperCase()}&dn=x`), hex)
  t.equal(magnetHash('magnet:?xt=urn:btih:YEX6DQDLXISUVHOJ6UM3GNNKPQJWPKEK'), hex)
  t.equal(magnetHash(`magnet:?xt=urn:btmh:1220${'ab'.repeat(32)}`), 'ab'.repeat(20))
  t.equal(magnetHash('magnet:?dn=nohash'), undefined)
  t.equal(magnetHash('not a url'), undefined)
})
