// The downloaders' forward proxy itself (finding 12.8): loopback only, a per-process secret (else 407),
// refused targets (private addresses, names resolving to them, the stack's own host names) get 403 and never
// a connection, unknown methods 405, and it is gone when the app closes.
import t from 'tap'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { createAddressPolicy } from '../../lib/url-guard/address-policy.js'
import { createUrlGuard, type Resolver } from '../../lib/url-guard/url-guard.js'
import { buildTestApp } from '../helpers/build.js'

const strict = createAddressPolicy()
const policy = (address: string) => address === '127.0.0.1' ? undefined : address === '127.0.0.2' ? 'a private address in this test' : strict(address)
const resolver: Resolver = async host => host === 'files.example.org' ? [{ address: '127.0.0.1', family: 4 }] : host === 'evil.example.org' ? [{ address: '127.0.0.2', family: 4 }] : []

let privateConnections = 0
const privateServer = net.createServer(s => { privateConnections++; s.destroy() })
const publicServer = http.createServer((req, res) => res.end(`public ${req.method} ${req.url}`))
const port = await new Promise<number>(resolve => publicServer.listen(0, '127.0.0.1', () => resolve((publicServer.address() as AddressInfo).port)))
await new Promise<void>(resolve => privateServer.listen(port, '127.0.0.2', resolve))
t.teardown(() => { publicServer.close(); privateServer.close() })

const guard = createUrlGuard({ resolver, addressPolicy: policy, ownHosts: ['media.example.org'] })
t.teardown(() => guard.close())
const proxy = await guard.forwardProxy()
const u = new URL(proxy.url)
const AUTH = `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`

/** Sends raw bytes to the proxy and returns the first response line. */
function raw (request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(proxy.port, '127.0.0.1', () => s.write(request))
    let got = ''
    s.on('data', d => { got += d.toString(); if (got.includes('\r\n\r\n')) { s.destroy(); resolve(got) } })
    s.on('error', reject)
    s.on('close', () => resolve(got))
  })
}
const connect = (target: string, auth = AUTH) => raw(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`)
const get = (target: string, { method = 'GET', auth = AUTH } = {}) => raw(`${method} ${target} HTTP/1.1\r\nHost: x\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}Connection: close\r\n\r\n`)

t.test('listens on loopback, with a secret in its URL', async t => {
  t.match(proxy.url, /^http:\/\/msmcp:[0-9a-f]{48}@127\.0\.0\.1:\d+$/)
})

t.test('no or wrong Proxy-Authorization: 407, nothing forwarded', async t => {
  t.match(await get(`http://files.example.org:${port}/a`, { auth: '' }), /^HTTP\/1\.1 407 .*\r\n(.*\r\n)*proxy-authenticate: Basic/i)
  t.match(await get(`http://files.example.org:${port}/a`, { auth: 'Basic ' + Buffer.from('msmcp:guess').toString('base64') }), /^HTTP\/1\.1 407/)
  t.match(await connect(`files.example.org:${port}`, ''), /^HTTP\/1\.1 407/)
  t.match(await connect(`127.0.0.2:${port}`, 'Basic bXNtY3A6'), /^HTTP\/1\.1 407/)
  t.equal(privateConnections, 0)
})

t.test('refused CONNECT and absolute-form targets: 403, and the private server is never connected', async t => {
  for (const target of [`127.0.0.2:${port}`, `evil.example.org:${port}`, `media.example.org:${port}`, `sonarr:${port}`, `[::1]:${port}`, '169.254.169.254:80', `unknown.example.org:${port}`]) {
    t.match(await connect(target), /^HTTP\/1\.1 403 Refused by the URL guard/, `CONNECT ${target}`)
  }
  t.match(await get(`http://127.0.0.2:${port}/secret`), /^HTTP\/1\.1 403 Refused by the URL guard/)
  t.match(await get(`http://evil.example.org:${port}/secret`), /^HTTP\/1\.1 403/)
  t.equal(privateConnections, 0)
})

t.test('malformed CONNECT targets and unknown methods are refused', async t => {
  t.match(await connect('files.example.org'), /^HTTP\/1\.1 400/, 'no port')
  t.match(await connect('files.example.org:0'), /^HTTP\/1\.1 400/)
  t.match(await connect(`user@files.example.org:${port}`), /^HTTP\/1\.1 400/)
  for (const method of ['DELETE', 'PUT', 'PATCH', 'TRACE']) t.match(await get(`http://files.example.org:${port}/a`, { method }), /^HTTP\/1\.1 405/, method)
  t.match(await get('/origin-form'), /^HTTP\/1\.1 400/, 'origin-form: not a proxy request')
  t.match(await get(`https://files.example.org:${port}/a`), /^HTTP\/1\.1 400/, 'https only through CONNECT')
  t.match(await get(`ftp://files.example.org:${port}/a`), /^HTTP\/1\.1 400/)
  t.match(await get(`http://u:p@files.example.org:${port}/a`), /^HTTP\/1\.1 400/)
})

t.test('allowed targets are proxied: absolute-form and a CONNECT tunnel', async t => {
  const res = await get(`http://files.example.org:${port}/file?x=1`)
  t.match(res, /^HTTP\/1\.1 200/)
  const tunnel = await new Promise<string>((resolve, reject) => {
    const s = net.connect(proxy.port, '127.0.0.1', () => s.write(`CONNECT files.example.org:${port} HTTP/1.1\r\nProxy-Authorization: ${AUTH}\r\n\r\n`))
    let got = ''
    let sent = false
    s.on('data', d => {
      got += d.toString()
      if (!sent && got.includes('\r\n\r\n')) { sent = true; s.write('GET /through-tunnel HTTP/1.1\r\nHost: files.example.org\r\nConnection: close\r\n\r\n') }
    })
    s.on('error', reject)
    s.on('close', () => resolve(got))
  })
  t.match(tunnel, /^HTTP\/1\.1 200 Connection Established[\s\S]*public GET \/through-tunnel/)
})

t.test('the app\'s forward proxy closes with the app', async t => {
  const { app } = await buildTestApp(t)
  const own = await app.urlGuard.forwardProxy()
  t.equal(await app.urlGuard.forwardProxy(), own, 'one proxy per process')
  await app.close()
  const err = await new Promise<NodeJS.ErrnoException>(resolve => {
    const s = net.connect(own.port, '127.0.0.1')
    s.on('error', resolve)
    s.on('connect', () => { s.destroy(); resolve(Object.assign(new Error('still listening'), { code: 'OPEN' })) })
  })
  t.equal(err.code, 'ECONNREFUSED')
  await t.rejects(app.urlGuard.forwardProxy(), /closed/)
})
