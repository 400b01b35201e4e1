// A forward HTTP proxy on 127.0.0.1 for the downloaders that run inside this container (yt-dlp, the managed
// aria2c). They follow redirects and embedded media URLs on their own, so the queue-time URL check cannot
// see those hops; routed through here, every connection they open is checked where it is opened, with the
// same policy as the guarded dispatcher: host names of the stack refused, every DNS answer checked, and the
// socket opened to the very address that was checked (no second lookup to rebind). CONNECT serves https,
// absolute-form requests serve http. A per-process secret (Proxy-Authorization: Basic) keeps other local
// processes from using it as an open relay.
import http from 'node:http'
import net from 'node:net'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Duplex } from 'node:stream'
import type { AddressPolicy } from './address-policy.js'
import type { Resolver } from './check-url.js'
import { hostNameProblem, normalizeHost } from './host-policy.js'

/** Opens the TCP connection to an address that passed the policy. Tests map public addresses to loopback. */
export type Connector = (address: string, port: number) => net.Socket

export interface ForwardProxyOptions {
  addressPolicy: AddressPolicy
  resolver: Resolver
  ownHosts?: ReadonlySet<string>
  connect?: Connector
  connectTimeoutMs?: number
}

export interface ForwardProxy {
  /** http://msmcp:<secret>@127.0.0.1:<port>: what a downloader is given. Never log it. */
  readonly url: string
  readonly port: number
  /** Refusals so far, newest last (host and reason only), for error messages. */
  readonly refusals: ReadonlyArray<{ host: string, reason: string, at: number }>
  close: () => Promise<void>
}

/** The reason phrase downloaders print ("HTTP Error 403: …"); explain() in each adapter matches it. */
export const REFUSED_REASON = 'Refused by the URL guard'
const USER = 'msmcp'
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS'])
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authorization', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']

class Refusal extends Error {}

const digest = (s: string) => createHash('sha256').update(s).digest()

export async function startForwardProxy (opts: ForwardProxyOptions): Promise<ForwardProxy> {
  const secret = randomBytes(24).toString('hex')
  const expected = digest(`Basic ${Buffer.from(`${USER}:${secret}`).toString('base64')}`)
  const ownHosts = opts.ownHosts ?? new Set<string>()
  const connect: Connector = opts.connect ?? ((address, port) => net.connect({ host: address, port }))
  const refusals: Array<{ host: string, reason: string, at: number }> = []
  const sockets = new Set<net.Socket | Duplex>()

  const authorized = (header: string | undefined) => header !== undefined && timingSafeEqual(digest(header), expected)

  function refuse (host: string, reason: string): never {
    refusals.push({ host, reason, at: Date.now() })
    if (refusals.length > 50) refusals.shift()
    throw new Refusal(`${host}: ${reason}`)
  }

  /** The address to connect to, after the same checks the URL guard makes. */
  async function checkedAddress (rawHost: string): Promise<string> {
    const host = normalizeHost(rawHost.replace(/^\[|\]$/g, ''))
    if (net.isIP(host)) {
      const why = opts.addressPolicy(host)
      if (why) refuse(host, why)
      return host
    }
    const nameProblem = hostNameProblem(host, ownHosts)
    if (nameProblem) refuse(host, `the host ${nameProblem}`)
    let answers: Array<{ address: string }>
    try {
      answers = await opts.resolver(host)
    } catch {
      refuse(host, 'the host could not be resolved')
    }
    if (answers.length === 0) refuse(host, 'the host has no addresses')
    for (const { address } of answers) {
      const why = opts.addressPolicy(address)
      if (why) refuse(host, `resolves to ${address}, ${why}`)
    }
    return answers[0].address
  }

  function open (address: string, port: number): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(address, port)
      socket.setTimeout(opts.connectTimeoutMs ?? 20_000, () => socket.destroy(new Error('connect timeout')))
      socket.once('connect', () => { socket.setTimeout(0); resolve(socket) })
      socket.once('error', reject)
    })
  }

  function reply (socket: Duplex, status: number, reason: string, headers: string[] = []) {
    socket.end([`HTTP/1.1 ${status} ${reason}`, 'connection: close', 'content-length: 0', ...headers, '', ''].join('\r\n'))
  }

  const server = http.createServer((req, res) => {
    const fail = (status: number, reason: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, reason, { connection: 'close', 'content-type': 'text/plain', ...headers }).end(`${reason}\n`)
    }
    if (!authorized(req.headers['proxy-authorization'])) return fail(407, 'Proxy Authentication Required', { 'proxy-authenticate': 'Basic realm="mediastack"' })
    if (!ALLOWED_METHODS.has(req.method ?? '')) return fail(405, 'Method Not Allowed', { allow: [...ALLOWED_METHODS, 'CONNECT'].join(', ') })
    let target: URL
    try {
      target = new URL(req.url ?? '')
    } catch {
      return fail(400, 'Absolute-form request required')
    }
    if (target.protocol !== 'http:' || target.username !== '' || target.password !== '') return fail(400, 'Only plain http URLs without credentials are proxied')
    forward(req, res, target).catch((err: unknown) => {
      if (res.headersSent) { res.destroy(); return }
      if (err instanceof Refusal) fail(403, REFUSED_REASON)
      else fail(502, 'Bad Gateway')
    })
  })

  async function forward (req: http.IncomingMessage, res: http.ServerResponse, target: URL) {
    const address = await checkedAddress(target.hostname)
    const port = Number(target.port || 80)
    const socket = await open(address, port)
    const headers: Record<string, string | string[]> = {}
    const listed = String(req.headers.connection ?? '').toLowerCase().split(',').map(s => s.trim())
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined && !HOP_BY_HOP.includes(k) && !listed.includes(k)) headers[k] = v
    }
    headers.host = target.host
    await new Promise<void>((resolve, reject) => {
      const upstream = http.request({ method: req.method, path: target.pathname + target.search, headers, createConnection: () => socket }, up => {
        const back: Record<string, string | string[]> = {}
        for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.includes(k)) back[k] = v
        res.writeHead(up.statusCode ?? 502, up.statusMessage, back)
        up.pipe(res)
        up.once('end', resolve)
        up.once('error', reject)
      })
      upstream.once('error', reject)
      // The downloader hung up (cancelled, or it had enough): stop fetching for it.
      res.once('close', () => { upstream.destroy(); resolve() })
      req.pipe(upstream)
    })
  }

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client)
    client.once('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    if (!authorized(req.headers['proxy-authorization'])) return reply(client, 407, 'Proxy Authentication Required', ['proxy-authenticate: Basic realm="mediastack"'])
    const m = /^(\[[0-9a-f:.]+\]|[^:[\]/@]+):(\d{1,5})$/i.exec(req.url ?? '')
    const port = Number(m?.[2])
    if (!m || port < 1 || port > 65535) return reply(client, 400, 'CONNECT needs host:port')
    checkedAddress(m[1]).then(address => open(address, port)).then(upstream => {
      sockets.add(upstream)
      upstream.once('close', () => sockets.delete(upstream))
      upstream.on('error', () => client.destroy())
      client.on('close', () => upstream.destroy())
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    }, (err: unknown) => reply(client, err instanceof Refusal ? 403 : 502, err instanceof Refusal ? REFUSED_REASON : 'Bad Gateway'))
  })
  server.on('connection', socket => { sockets.add(socket); socket.once('close', () => sockets.delete(socket)) })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `http://${USER}:${secret}@127.0.0.1:${port}`,
    port,
    refusals,
    close: () => new Promise<void>(resolve => {
      for (const s of sockets) s.destroy()
      server.close(() => resolve())
    })
  }
}
