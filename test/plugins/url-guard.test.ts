// Download URL guard: schemes per use, syntax, credentials, host names, every resolved address, magnets, and
// the plugin's wiring to config. Names go through a fake resolver; nothing leaves the process.
import t from 'tap'
import { createUrlGuard, type Resolver } from '../../lib/url-guard/url-guard.js'
import { buildTestApp } from '../helpers/build.js'

const PUBLIC = '93.184.216.34'
const dnsTable: Record<string, string[]> = {
  'files.example.org': [PUBLIC],
  'tracker.example.org': [PUBLIC, '2606:2800:220:1:248:1893:25c8:1946'],
  'private.example.org': ['192.168.1.20'],
  'mixed.example.org': [PUBLIC, '10.0.0.5'],
  'mapped.example.org': ['::ffff:127.0.0.1'],
  'empty.example.org': []
}
const lookups: string[] = []
const resolver: Resolver = async host => {
  lookups.push(host)
  const answers = dnsTable[host]
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return answers.map(address => ({ address, family: address.includes(':') ? 6 : 4 }))
}
const guard = createUrlGuard({
  resolver,
  ownUrls: ['http://sonarr:8989', 'http://jellyfin.example.net:8096', 'http://8.8.4.4:7878', 'https://media.example.com'],
  ownHosts: ['mcp.example.com']
})
t.teardown(() => guard.close())

async function refused (url: string, use: 'direct' | 'torrent', why: RegExp) {
  await t.rejects(guard.check(url, use), { name: 'GuardError', guard: 'url', message: why }, url.slice(0, 80))
}

t.test('schemes allowed per use; everything else refused with the allowed list', async t => {
  t.equal((await guard.check('https://files.example.org/a.mkv', 'direct')).href, 'https://files.example.org/a.mkv')
  t.equal((await guard.check('http://files.example.org/a.torrent', 'torrent')).hostname, 'files.example.org')
  for (const url of ['file:///etc/passwd', 'gopher://files.example.org/_x', 'dict://files.example.org:11111/', 'ftp://files.example.org/a',
    'data:text/plain,hi', 'javascript:alert(1)', 'ldap://files.example.org/', 'jar:http://files.example.org!/', 'sftp://files.example.org/',
    'tftp://files.example.org/x', 'netdoc:///etc/passwd', 'ws://files.example.org/']) {
    await refused(url, 'direct', /not allowed here\. Allowed: http, https\./)
    await refused(url, 'torrent', /Allowed: magnet, http, https\./)
  }
  await refused('magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567', 'direct', /Magnet links are not accepted here/)
})

t.test('syntax: length, control characters, spaces, backslashes, relative and broken URLs', async () => {
  await refused(`https://files.example.org/${'a'.repeat(2100)}`, 'direct', /longer than 2048/)
  await refused('https://files.example.org/a\nb', 'direct', /control character/)
  await refused('https://files.example.org/a\tb', 'direct', /control character/)
  await refused('http://127.0.0.1%00example.com', 'direct', /not a valid absolute URL/)
  await refused(' https://files.example.org/', 'direct', /spaces/)
  await refused('http://127.1.1.1:80\\@127.2.2.2:80/', 'direct', /backslash/)
  await refused('127.0.0.1', 'direct', /not a valid absolute URL/)
  await refused('/movies/a.mkv', 'direct', /not a valid absolute URL/)
  await refused('', 'direct', /empty/)
  await refused('http://425.510.425.510/', 'direct', /not a valid absolute URL/)
})

t.test('credentials in the URL are refused without echoing them', async t => {
  for (const url of ['https://user:hunter2@files.example.org/a', 'http://example.com@127.0.0.1/', 'http://@files.example.org/', 'http://1.1.1.1&@2.2.2.2#@3.3.3.3/']) {
    const err = await guard.check(url, 'direct').then(() => new Error('accepted'), (e: unknown) => e as Error)
    t.match(err, { name: 'GuardError', message: /user name or password/ }, url)
    t.notMatch(err.message, /hunter2/)
  }
})

t.test('IP literals that are not global unicast are refused in every spelling', async () => {
  lookups.length = 0
  for (const [url, why] of [
    ['http://127.0.0.1/', /loopback/], ['http://2130706433/', /loopback/], ['http://0x7f000001/', /loopback/],
    ['http://0177.0.0.1/', /loopback/], ['http://127.1/', /loopback/], ['http://[::1]/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/], ['http://[::ffff:7f00:1]/', /loopback/], ['http://[::127.0.0.1]/', /IPv4-compatible/],
    ['http://0/', /unspecified/], ['http://[::]/', /unspecified/], ['http://10.1.2.3/', /private/], ['http://172.16.0.1/', /private/],
    ['http://192.168.1.1/', /private/], ['http://169.254.169.254/', /link-local/], ['http://[fe80::1]/', /link-local/],
    ['http://100.100.100.200/', /carrier-grade/], ['http://[fd00:ec2::254]/', /unique local/], ['http://[fec0::1]/', /site-local/],
    ['http://224.0.0.1/', /multicast/], ['http://[ff02::1]/', /multicast/], ['http://255.255.255.255/', /broadcast/],
    ['http://198.18.0.1/', /reserved/], ['http://192.0.0.192/', /reserved/], ['http://192.0.2.1/', /reserved/],
    ['http://[64:ff9b::7f00:1]/', /NAT64/], ['http://[2002:7f00:1::]/', /6to4/], ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /Teredo/],
    ['http://168.63.129.16/', /metadata/]
  ] as Array<[string, RegExp]>) await refused(url, 'direct', why)
  t.equal(lookups.length, 0, 'literals are never looked up')
})

t.test('local and own host names are refused, whatever they resolve to', async () => {
  for (const url of ['http://sonarr/', 'http://SONARR:8989/api', 'http://nas/', 'http://instance-data/', 'http://ip6-localhost/']) {
    await refused(url, 'direct', /(single-label|own services)/)
  }
  for (const url of ['http://localhost/', 'http://localhost./', 'http://a.b.localhost/', 'http://printer.local/', 'http://metadata.google.internal/',
    'http://router.home.arpa/', 'http://box.lan/', 'http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/']) {
    await refused(url, 'direct', /local-network name|single-label/)
  }
  await refused('http://jellyfin.example.net:1234/', 'direct', /own services/)
  await refused('https://media.example.com/x', 'direct', /own services/)
  await refused('https://MCP.example.com./x', 'direct', /own services/)
  await refused('http://8.8.4.4/', 'direct', /own services/) // a backend configured by public IP
})

t.test('every resolved address is checked; DNS failure refuses', async t => {
  await refused('http://private.example.org/', 'direct', /resolves to 192\.168\.1\.20, a private network address/)
  await refused('http://mixed.example.org/', 'direct', /resolves to 10\.0\.0\.5/)
  await refused('http://mapped.example.org/', 'direct', /loopback/)
  await refused('http://nowhere.example.org/', 'direct', /could not be resolved/)
  await refused('http://empty.example.org/', 'direct', /no addresses/)
  t.ok(await guard.check('https://tracker.example.org/announce', 'direct'))
})

t.test('magnet links: info-hash format and every tracker and source URL', async t => {
  const hex = 'urn:btih:0123456789abcdef0123456789ABCDEF01234567'
  const b32 = 'urn:btih:MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U'
  const btmh = `urn:btmh:1220${'ab'.repeat(32)}`
  for (const xt of [hex, b32, btmh]) t.ok(await guard.check(`magnet:?xt=${xt}&dn=Some+Show`, 'torrent'), xt)
  t.ok(await guard.check(`magnet:?xt=${hex}&xt=${btmh}&tr=udp%3A%2F%2Ftracker.example.org%3A1337%2Fannounce&tr=https://tracker.example.org/a&ws=https://files.example.org/f`, 'torrent'))
  await refused('magnet:?dn=x', 'torrent', /no "xt"/)
  await refused('magnet:?xt=urn:btih:1234', 'torrent', /must be urn:btih/)
  await refused('magnet:?xt=urn:sha1:0123456789abcdef0123456789abcdef01234567', 'torrent', /must be urn:btih/)
  await refused(`magnet:?xt=${hex}&tr=http://127.0.0.1:9000/announce`, 'torrent', /tracker #1 \(tr=\) points to 127\.0\.0\.1, a loopback/)
  await refused(`magnet:?xt=${hex}&tr=udp://tracker.example.org:1337&tr=udp://private.example.org:1337`, 'torrent', /tracker #2 .*private\.example\.org.*Remove that parameter/)
  await refused(`magnet:?xt=${hex}&ws=http://sonarr:8989/api`, 'torrent', /web seed #1/)
  await refused(`magnet:?xt=${hex}&xs=http://169.254.169.254/latest`, 'torrent', /exact source #1/)
  await refused(`magnet:?xt=${hex}&as=file:///etc/passwd`, 'torrent', /acceptable source #1 .* scheme "file"/)
  await refused(`magnet:?xt=${hex}&tr.1=gopher://tracker.example.org/`, 'torrent', /scheme "gopher"/)
  await refused(`magnet:?xt=${hex}&tr=http://u:p@tracker.example.org/`, 'torrent', /user name or password/)
  await refused(`magnet:?xt=${hex}${'&tr=udp://tracker.example.org:1'.repeat(51)}`, 'torrent', /at most 50/)
  await refused(`magnet://127.0.0.1/?xt=${hex}`, 'torrent', /malformed/)
})

// Issue 35 item 7: qBittorrent 4.5.2 and Deluge 2.0.3 (libtorrent 2.0.8) connected to a magnet's x.pe peer on an
// internal port; they also read dht= nodes, parameter names in any case, and what follows a "#".
t.test('magnet links: every peer and DHT node address, parameter names as the clients read them', async t => {
  const hex = 'urn:btih:0123456789abcdef0123456789abcdef01234567'
  t.ok(await guard.check(`magnet:?xt=${hex}&x.pe=93.184.216.34:6881&x.pe=[2606:2800:220:1:248:1893:25c8:1946]:51413&dht=tracker.example.org:6881`, 'torrent'))
  await refused(`magnet:?xt=${hex}&x.pe=127.0.0.1:8080`, 'torrent', /peer #1 \(x\.pe=\) points to 127\.0\.0\.1, a loopback address.*Remove that parameter/)
  await refused(`magnet:?xt=${hex}&x.pe=93.184.216.34:6881&x.pe=10.1.2.3:22`, 'torrent', /peer #2 \(x\.pe=\) points to 10\.1\.2\.3, a private network address/)
  await refused(`magnet:?xt=${hex}&x.pe=[::1]:8080`, 'torrent', /peer #1 .*loopback/)
  await refused(`magnet:?xt=${hex}&x.pe=0x7f.1:8080`, 'torrent', /peer #1 .*points to 127\.0\.0\.1/)
  await refused(`magnet:?xt=${hex}&X.PE=192.168.1.1:80`, 'torrent', /peer #1 .*private network/)
  await refused(`magnet:?xt=${hex}&x.pe=sonarr:8989`, 'torrent', /peer #1 .*"sonarr" is one of this media stack's own services/)
  await refused(`magnet:?xt=${hex}&x.pe=private.example.org:6881`, 'torrent', /peer #1 .*resolves to 192\.168\.1\.20/)
  await refused(`magnet:?xt=${hex}&x.pe=http://93.184.216.34/`, 'torrent', /peer #1 \(x\.pe=\) is not a host:port address/)
  await refused(`magnet:?xt=${hex}&dht=169.254.169.254:80`, 'torrent', /DHT node #1 \(dht=\) points to 169\.254\.169\.254, a link-local/)
  await refused(`magnet:?xt=${hex}&TR=http://127.0.0.1:9000/announce`, 'torrent', /tracker #1 \(tr=\) points to 127\.0\.0\.1/)
  await refused(`magnet:?xt=${hex}&tr.+5=http://127.0.0.1:9000/announce`, 'torrent', /tracker #1 \(tr=\) points to 127\.0\.0\.1/)
  await refused(`magnet:?xt=${hex}&dn=x#&tr=http://127.0.0.1:9000/announce`, 'torrent', /contains a "#"/)
})

t.test('the plugin refuses the configured backends and this server, and uses the injected resolver', async t => {
  const seen: string[] = []
  const { app } = await buildTestApp(t, {
    config: { MEDIA_SERVER_URL: 'http://jellyfin.example.net:8096', ALLOWED_HOSTS: 'mcp.example.com' },
    build: {
      resolver: async host => { seen.push(host); return [{ address: PUBLIC, family: 4 }] }
    }
  })
  await t.rejects(app.urlGuard.check('http://jellyfin.example.net/x', 'direct'), { message: /own services/ })
  await t.rejects(app.urlGuard.check('http://mcp.example.com/x', 'direct'), { message: /own services/ })
  await t.rejects(app.urlGuard.check('http://qbittorrent:8085/', 'torrent'), { message: /own services|single-label/ })
  t.equal((await app.urlGuard.check('https://files.example.org/a.torrent', 'torrent')).hostname, 'files.example.org')
  t.same(seen, ['files.example.org'])
})
