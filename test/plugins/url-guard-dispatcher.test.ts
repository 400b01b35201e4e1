// The guarded dispatcher at connect time, on loopback only: 127.0.0.1 stands in for "public" and 127.0.0.2 for
// a forbidden address (an injected policy, tests only). A redirect to a literal forbidden address, a name that
// re-resolves to one (DNS rebinding) and a direct literal are all blocked where the socket is opened, and the
// forbidden server never sees a request.
import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fetch, request } from 'undici'
import { createUrlGuard, type Resolver } from '../../lib/url-guard/url-guard.js'
import { createAddressPolicy } from '../../lib/url-guard/address-policy.js'

const strict = createAddressPolicy()
const policy = (address: string) => address === '127.0.0.1' ? undefined : address === '127.0.0.2' ? 'forbidden in this test' : strict(address)

function listen (server: http.Server, host: string, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })
}

let secretHits = 0
const publicServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const to = (location: string) => { res.writeHead(302, { location }); res.end() }
  switch (url.pathname) {
    case '/file.torrent': res.writeHead(200, { 'content-type': 'application/x-bittorrent' }); res.end('d8:announce0:e'); return
    case '/to-literal': return to(`http://127.0.0.2:${port}/secret`)
    case '/to-rebind': return to(`http://rebind.example.org:${port}/secret`)
    case '/to-magnet': return to('magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567')
    case '/to-file': return to('file:///etc/passwd')
    case '/to-gopher': return to('gopher://files.example.org/_x')
    case '/hop': return to(`/hop?n=${Number(url.searchParams.get('n') ?? 0) + 1}`)
    case '/big': res.writeHead(200); res.end(Buffer.alloc(64 * 1024)); return
    case '/medium': res.writeHead(200); res.end(Buffer.alloc(4096)); return
    case '/chunked': res.writeHead(200); res.write(Buffer.alloc(2048)); res.end(Buffer.alloc(2048)); return
    case '/missing': res.writeHead(404); res.end(); return
    case '/secret': res.end('public server has no secret'); return
    case '/echo': res.end(String(req.headers['x-plex-token'] ?? 'none')); return
    case '/to-echo': return to('/echo')
    case '/to-other-echo': return to(`http://other.example.org:${port}/echo`)
  }
  res.writeHead(404)
  res.end()
})
const secretServer = http.createServer((_req, res) => { secretHits++; res.end('SECRET') })
const port = await listen(publicServer, '127.0.0.1')
await listen(secretServer, '127.0.0.2', port) // same port on the forbidden address, so only the address differs
t.teardown(() => { publicServer.close(); secretServer.close() })

let rebindCalls = 0
const resolver: Resolver = async host => {
  if (host === 'files.example.org' || host === 'other.example.org') return [{ address: '127.0.0.1', family: 4 }]
  if (host === 'rebind.example.org') return [{ address: ++rebindCalls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]
  if (host === 'evil.example.org') return [{ address: '127.0.0.2', family: 4 }]
  throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })
}
const guard = createUrlGuard({ resolver, addressPolicy: policy, maxResponseSize: 32 * 1024 })
t.teardown(() => guard.close())
const base = `http://files.example.org:${port}`

t.test('control: the forbidden server is reachable without the guard', async t => {
  const res = await fetch(`http://127.0.0.2:${port}/secret`)
  t.equal(await res.text(), 'SECRET')
  secretHits = 0
})

t.test('a .torrent from an allowed host is fetched through the guarded dispatcher', async t => {
  const got = await guard.fetchGuarded(`${base}/file.torrent`, { use: 'torrent', maxBytes: 1024 })
  t.match(got, { kind: 'body', status: 200, contentType: 'application/x-bittorrent' })
  if (got.kind === 'body') t.equal(got.body.toString(), 'd8:announce0:e')
})

t.test('a redirect to a literal forbidden address is refused', async t => {
  await t.rejects(guard.fetchGuarded(`${base}/to-literal`, { use: 'torrent', maxBytes: 1024 }),
    { name: 'GuardError', message: /127\.0\.0\.2, forbidden in this test/ })
  t.equal(secretHits, 0)
})

t.test('the connector itself blocks a literal, even without the URL check', async t => {
  await t.rejects(request(`http://127.0.0.2:${port}/secret`, { dispatcher: guard.dispatcher() }), { code: 'ESSRF_BLOCKED' })
  t.equal(secretHits, 0)
})

t.test('a rebinding name passes the check, then is blocked at connect time', async t => {
  rebindCalls = 0
  await t.rejects(guard.fetchGuarded(`http://rebind.example.org:${port}/secret`, { use: 'direct', maxBytes: 1024 }),
    { name: 'GuardError', message: /stopped at connect time: connection to rebind\.example\.org refused: 127\.0\.0\.2/ })
  t.equal(rebindCalls, 2, 'checked once (public answer), looked up again at connect (forbidden answer)')
  t.equal(secretHits, 0)
})

t.test('a redirect to a rebinding name is blocked too', async t => {
  rebindCalls = 0
  await t.rejects(guard.fetchGuarded(`${base}/to-rebind`, { use: 'direct', maxBytes: 1024 }), { name: 'GuardError' })
  t.equal(secretHits, 0)
})

t.test('every redirect is re-checked: schemes, hop limit, magnets', async t => {
  await t.rejects(guard.fetchGuarded(`${base}/to-file`, { use: 'torrent', maxBytes: 1024 }), { name: 'GuardError', message: /scheme "file"/ })
  await t.rejects(guard.fetchGuarded(`${base}/to-gopher`, { use: 'direct', maxBytes: 1024 }), { name: 'GuardError', message: /scheme "gopher"/ })
  await t.rejects(guard.fetchGuarded(`${base}/hop`, { use: 'direct', maxBytes: 1024 }), { name: 'ToolError', message: /more than 5 times/ })
  const magnet = await guard.fetchGuarded(`${base}/to-magnet`, { use: 'torrent', maxBytes: 1024 })
  t.match(magnet, { kind: 'magnet' })
  await t.rejects(guard.fetchGuarded(`${base}/to-magnet`, { use: 'direct', maxBytes: 1024 }), { message: /Magnet links are not accepted here/ })
})

t.test('size caps and HTTP errors', async t => {
  await t.rejects(guard.fetchGuarded(`${base}/medium`, { use: 'direct', maxBytes: 1024 }), { name: 'ToolError', message: /larger than 1024 bytes/ })
  await t.rejects(guard.fetchGuarded(`${base}/chunked`, { use: 'direct', maxBytes: 3000 }), { name: 'ToolError', message: /larger than 3000 bytes/ })
  // The dispatcher's own cap (maxResponseSize, 32 KiB here) holds even when the caller allows more.
  await t.rejects(guard.fetchGuarded(`${base}/big`, { use: 'direct', maxBytes: 1024 * 1024 }), { name: 'ToolError', message: /too large/ })
  await t.rejects(guard.fetchGuarded(`${base}/missing`, { use: 'direct', maxBytes: 1024 }), { name: 'ToolError', message: /HTTP 404/ })
  await t.rejects(guard.fetchGuarded(`http://evil.example.org:${port}/secret`, { use: 'direct', maxBytes: 1024 }), { name: 'GuardError' })
  t.equal(secretHits, 0)
})

t.test('a credential header goes to the first URL\'s origin only, never to a redirect elsewhere', async t => {
  const fetchEcho = async (path: string) => {
    const got = await guard.fetchGuarded(`${base}${path}`, { use: 'direct', maxBytes: 1024, headers: { 'x-plex-token': 'owner-secret' } })
    return got.kind === 'body' ? got.body.toString() : ''
  }
  t.equal(await fetchEcho('/echo'), 'owner-secret')
  t.equal(await fetchEcho('/to-echo'), 'owner-secret', 'a redirect on the same origin keeps it')
  t.equal(await fetchEcho('/to-other-echo'), 'none', 'a redirect to another host does not get it')
})
