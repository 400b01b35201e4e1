// Finding 12.8: yt-dlp and aria2c follow redirects and embedded media URLs on their own, after the URL guard
// checked only the first URL. Through the URL guard's forward proxy every hop is checked where the connection
// is opened. Loopback only: 127.0.0.1 stands in for "public" and 127.0.0.2 for a private address (an injected
// policy, as in the dispatcher tests); the "private" server counts every request it gets.
import t from 'tap'
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import net, { type AddressInfo } from 'node:net'
import { GuardError } from '../../core/errors.js'
import { findExecutable } from '../../core/process/index.js'
import { ytdlpDownload } from '../../lib/ytdlp.js'
import { createAddressPolicy } from '../../lib/url-guard/address-policy.js'
import { createUrlGuard, type Resolver } from '../../lib/url-guard/url-guard.js'
import { createAria2Client } from '../../clients/aria2/client.js'
import { createPathMap } from '../../core/path-map.js'
import { waitFor } from '../helpers/qbt-swarm.js'
import { buildTestApp } from '../helpers/build.js'
import { INTERNAL_PRINCIPAL } from '../../core/principal.js'
import type { ToolContext } from '../../core/tool-types.js'

const ytdlp = await findExecutable('yt-dlp') ? undefined : 'yt-dlp not installed; CI installs it'
const aria2 = await findExecutable('aria2c') ? undefined : 'aria2c not installed; CI installs it'
const strict = createAddressPolicy()
const policy = (address: string) => address === '127.0.0.1' ? undefined : address === '127.0.0.2' ? 'a private address in this test' : strict(address)
const resolver: Resolver = async host => host === 'files.example.org' ? [{ address: '127.0.0.1', family: 4 }] : []

function listen (server: http.Server, host: string, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })
}

let privateHits = 0
const privateServer = http.createServer((_req, res) => { privateHits++; res.writeHead(200, { 'content-type': 'video/mp4' }).end('PRIVATE MEDIA') })
const publicServer = http.createServer((req, res) => {
  const privateUrl = `http://127.0.0.2:${port}/secret.mp4`
  if (req.url === '/redirect.mp4') return res.writeHead(302, { location: privateUrl }).end()
  if (req.url === '/to-lan.mp4') return res.writeHead(302, { location: 'http://10.0.0.5/secret.mp4' }).end()
  if (req.url === '/watch') return res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><video><source src="${privateUrl}" type="video/mp4"></video></body></html>`)
  res.writeHead(404).end()
})
const port = await listen(publicServer, '127.0.0.1')
await listen(privateServer, '127.0.0.2', port)
t.teardown(() => { publicServer.close(); privateServer.close() })

const guard = createUrlGuard({ resolver, addressPolicy: policy })
t.teardown(() => guard.close())
const proxy = await guard.forwardProxy()
const base = `http://files.example.org:${port}`

function scratch (t: { teardown: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'ssrf-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('the first URL passes the guard; only a later hop goes private', async t => {
  await t.resolves(guard.check(`${base}/redirect.mp4`, 'direct'))
  await t.rejects(guard.check(`http://127.0.0.2:${port}/secret.mp4`, 'direct'), GuardError)
})

t.test('yt-dlp: a redirect and an embedded media URL to a private address are refused at connect time', { skip: ytdlp }, async t => {
  const dir = scratch(t)
  const opts = { ytdlpPath: 'yt-dlp', stateDir: join(dir, 'state'), outputDir: join(dir, 'out'), proxy: proxy.url }
  // files.example.org exists only in the guard's resolver: reaching it at all proves yt-dlp went through the proxy.
  for (const path of ['/redirect.mp4', '/watch']) {
    const before = privateHits
    const err = await ytdlpDownload(`${base}${path}`, opts).catch(e => e)
    t.type(err, GuardError, path)
    t.match(err.message, /private, local or stack-internal address.*URL guard/, 'the error says why')
    t.equal(privateHits, before, `${path}: the private server got no request`)
  }
  t.ok(proxy.refusals.some(r => r.host === '127.0.0.2'), 'the proxy recorded the refused hop')
})

t.test('the managed aria2c: a redirect to a private address is refused at connect time', { skip: aria2 }, async t => {
  const dir = scratch(t)
  const client = createAria2Client({
    rpcUrl: '',
    secret: '',
    aria2cPath: 'aria2c',
    stateDir: join(dir, 'state'),
    downloadsRoot: join(dir, 'downloads'),
    pathMap: createPathMap(''),
    proxyUrl: async () => proxy.url
  })
  t.teardown(() => client.close())
  const since = Date.now()
  const before = privateHits
  const gid = await client.addUri(`${base}/redirect.mp4`, { dir: join(dir, 'downloads', 'direct') })
  const done = await waitFor('aria2 download', async () => {
    const s = await client.status(gid)
    return s.status === 'complete' || s.status === 'error' ? s : undefined
  }, 20_000)
  t.equal(done.status, 'error', 'the download failed')
  t.equal(privateHits, before, 'the private server got no request')
  t.ok(proxy.refusals.some(r => r.host === '127.0.0.2' && r.at >= since), 'refused by the proxy, not by chance')
})

t.test('download_direct end to end, default address policy: the first URL is public, its redirect to 10.0.0.5 fails the job', async t => {
  const PUBLIC = '93.184.216.34'
  let connectedTo: string[] = []
  // Nothing leaves loopback: the one public test address is mapped to the local server, anything else to a closed port.
  const connect = (address: string) => { connectedTo.push(address); return net.connect({ host: '127.0.0.1', port: address === PUBLIC ? port : 9 }) }
  const { app } = await buildTestApp(t, { build: { resolver: async host => host.endsWith('.example.com') ? [{ address: PUBLIC, family: 4 }] : [], plugins: { urlGuard: { connect } } } })
  const ctx: ToolContext = { principal: INTERNAL_PRINCIPAL, signal: new AbortController().signal, progress: async () => {}, log: async () => {} }
  for (const [method, skipReason] of [['file', aria2], ['video', ytdlp]] as const) {
    if (skipReason) { t.comment(`${method}: ${skipReason}`); continue }
    connectedTo = []
    const res = await app.tools.call('download_direct', { url: 'http://files.example.com/to-lan.mp4', method }, ctx)
    t.notOk(res.isError, `${method}: the first URL is public, so the job starts`)
    const job = await app.jobs.wait((res.structuredContent as { job: { id: string } }).job.id, 60_000)
    t.equal(job.status, 'failed', method)
    t.match(job.error, /private, local or stack-internal address.*URL guard/, `${method}: the error says why`)
    t.same([...new Set(connectedTo)], [PUBLIC], `${method}: only the public address was ever connected`)
  }
})
