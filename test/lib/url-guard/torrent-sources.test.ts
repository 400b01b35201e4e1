// A fetched .torrent file's own trackers, web seeds and DHT nodes go through the URL guard (issue 35 item 7):
// those that fail are left out of the file, each named with why, the rest and the `info` section (so the
// info-hash) stay as they were. Names go through a fake resolver; nothing leaves the process.
import t from 'tap'
import { createUrlGuard, type Resolver } from '../../../lib/url-guard/url-guard.js'
import { MAX_FILE_SOURCES } from '../../../lib/url-guard/torrent-sources.js'
import { decodeValue, encodeValue, type BencodeDict } from '../../../core/bencode.js'
import { readTorrentFile } from '../../../clients/qbittorrent/torrent-file.js'

const PUBLIC = '93.184.216.34'
const dnsTable: Record<string, string[]> = {
  'tracker.example.org': [PUBLIC],
  'files.example.org': [PUBLIC],
  'private.example.org': ['192.168.1.20']
}
const resolver: Resolver = async host => {
  const answers = dnsTable[host]
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return answers.map(address => ({ address, family: 4 }))
}
const guard = createUrlGuard({ resolver, ownUrls: ['http://sonarr:8989'] })
t.teardown(() => guard.close())

type Plain = string | number | Buffer | Plain[] | { [key: string]: Plain }
/** A .torrent as real tools write it: dictionary keys sorted. */
function bencode (v: Plain): Buffer {
  if (typeof v === 'string' || typeof v === 'number' || Buffer.isBuffer(v)) return encodeValue(v)
  if (Array.isArray(v)) return Buffer.concat([Buffer.from('l'), ...v.map(bencode), Buffer.from('e')])
  return Buffer.concat([Buffer.from('d'), ...Object.keys(v).sort().flatMap(k => [encodeValue(k), bencode(v[k])]), Buffer.from('e')])
}
const info = { length: 5, name: 'Show.S01E01.mkv', 'piece length': 16384, pieces: Buffer.alloc(20, 7) }
const torrentWith = (sources: Record<string, Plain>) => bencode({ ...sources, comment: 'kept as it is', info })
const decoded = (b: Buffer) => decodeValue(b, 0) as BencodeDict
const texts = (v: unknown): unknown => Buffer.isBuffer(v) ? v.toString('utf8') : Array.isArray(v) ? v.map(texts) : v

t.test('trackers, web seeds and DHT nodes that are not public are left out, each named with why', async t => {
  const original = torrentWith({
    announce: 'http://127.0.0.1:6969/announce',
    'announce-list': [['http://127.0.0.1:6969/announce', 'udp://tracker.example.org:1337'], ['http://private.example.org/a'], ['https://tracker.example.org/b']],
    'url-list': ['http://sonarr:8989/api', 'https://files.example.org/f'],
    httpseeds: ['http://169.254.169.254/latest'],
    nodes: [['10.0.0.1', 6881], ['tracker.example.org', 6881], ['::1', 6881]]
  })
  const { torrent, leftOut } = await guard.torrentSources(original)
  t.match(leftOut, [
    /^The \.torrent file's tracker #1 points to 127\.0\.0\.1, a loopback address/,
    /^The \.torrent file's tracker #2 points to 127\.0\.0\.1/,
    /^The \.torrent file's tracker #4: the host "private\.example\.org" resolves to 192\.168\.1\.20, a private network address/,
    /^The \.torrent file's web seed #1 points to 169\.254\.169\.254, a link-local address/,
    /^The \.torrent file's DHT node #1 points to 10\.0\.0\.1, a private network address/,
    /^The \.torrent file's DHT node #3 points to ::1, a loopback address/,
    /^The \.torrent file's web seed #2: the host "sonarr" is one of this media stack's own services/
  ], 'numbered in the file\'s own order (its keys are sorted)')
  t.equal(leftOut.length, 7)
  const d = decoded(torrent)
  t.notOk('announce' in d, 'a refused announce goes')
  t.notOk('httpseeds' in d, 'a key with nothing left goes')
  t.same(texts(d['announce-list']), [['udp://tracker.example.org:1337'], ['https://tracker.example.org/b']], 'tiers keep their order; an empty tier goes')
  t.same(texts(d['url-list']), ['https://files.example.org/f'])
  t.same(texts(d.nodes), [['tracker.example.org', 6881]])
  t.equal(texts(d.comment), 'kept as it is')
  t.equal(readTorrentFile(torrent).hash, readTorrentFile(original).hash, 'the info-hash is the same')
  t.same(Object.keys(d), Object.keys(decoded(original)).filter(k => k !== 'announce' && k !== 'httpseeds'), 'the other keys keep their order')
})

t.test('a file whose sources all pass is handed on byte for byte', async t => {
  const original = torrentWith({ announce: 'udp://tracker.example.org:1337', 'url-list': 'https://files.example.org/f', nodes: [['93.184.216.34', 6881]] })
  const { torrent, leftOut } = await guard.torrentSources(original)
  t.same(leftOut, [])
  t.equal(torrent, original)
})

t.test('sources in a form the guard cannot read as a client would are left out too', async t => {
  const { torrent, leftOut } = await guard.torrentSources(torrentWith({
    'url-list': 'http://10.0.0.9/seed',
    announce: Buffer.from([0x68, 0x74, 0x74, 0x70, 0xff, 0x3a]),
    'announce-list': [['udp://tracker.example.org:1337', 7]],
    nodes: [['tracker.example.org', '6881'], ['tracker.example.org']]
  }))
  t.match(leftOut, [
    /tracker #1 is not a URL in plain text, so it cannot be checked\./,
    /tracker #3 is not a URL in plain text/,
    /DHT node #1 is not a host and a port, so it cannot be checked\./,
    /DHT node #2 is not a host and a port/,
    /web seed #1 points to 10\.0\.0\.9/
  ])
  const d = decoded(torrent)
  t.same(texts(d['announce-list']), [['udp://tracker.example.org:1337']])
  t.notOk('url-list' in d, 'a single web seed string that fails goes with its key')
  t.notOk('nodes' in d)
})

t.test(`at most ${MAX_FILE_SOURCES} sources are checked; the rest are left out, saying so`, async t => {
  const tiers = Array.from({ length: MAX_FILE_SOURCES + 2 }, (_x, i) => [`udp://tracker.example.org:${1000 + i}`])
  const { torrent, leftOut } = await guard.torrentSources(torrentWith({ 'announce-list': tiers }))
  t.equal(leftOut.length, 2)
  t.match(leftOut[0], new RegExp(`tracker #${MAX_FILE_SOURCES + 1} was not checked: at most ${MAX_FILE_SOURCES}`))
  t.equal((decoded(torrent)['announce-list'] as unknown[]).length, MAX_FILE_SOURCES)
})
