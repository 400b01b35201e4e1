// A stand-in for the tunnel's connector (compose/mode-tunnel.yml runs cloudflared): a plain loopback HTTP
// forwarder in front of the tool server, adding what the tunnel adds to each request. Cloudflare's edge
// sends the visitor's address as CF-Connecting-IP and appends it to any X-Forwarded-For the visitor sent
// (cloudflare/cloudflare-docs, content/fundamentals/get-started/reference/http-request-headers.md), and the
// request keeps the public Host. Responses stream through unbuffered, as the tunnel streams SSE.
// Unlike the real tunnel it listens on plain HTTP: the edge's TLS is not part of what runs here.
import http from 'node:http'

/** Starts the stand-in on http://localhost:<port> forwarding to 127.0.0.1:<upstreamPort>. */
export async function startTunnelConnector (t: { teardown: (fn: () => unknown) => void }, port: number, upstreamPort: number): Promise<{ url: string }> {
  const server = http.createServer((req, res) => {
    const visitor = req.socket.remoteAddress ?? ''
    const sent = req.headers['x-forwarded-for']
    const headers = {
      ...req.headers,
      'cf-connecting-ip': visitor,
      'x-forwarded-for': sent ? `${String(sent)}, ${visitor}` : visitor,
      'x-forwarded-proto': 'http'
    }
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, answer => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      res.flushHeaders()
      answer.pipe(res)
    })
    upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end() })
    req.pipe(upstream)
    res.on('close', () => upstream.destroy())
  })
  await new Promise<void>(resolve => server.listen(port, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>(resolve => { server.closeAllConnections(); server.close(() => resolve()) }))
  return { url: `http://localhost:${port}` }
}
