// Loopback proxy that adds "Authorization: Bearer $TOKEN" for clients that cannot send it (the conformance
// suite). It keeps the caller's Host and Origin headers, rewriting only its own address to the target's, so
// the server's Host/Origin checks still see what the client sent. Responses (SSE included) are streamed.
// Env: TARGET (http://127.0.0.1:PORT), TOKEN, PORT (default 0). Prints "listening <url>" when ready.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const target = new URL(process.env.TARGET ?? '')
const token = process.env.TOKEN ?? ''
if (target.hostname !== '127.0.0.1' || token === '') {
  console.error('auth-proxy: TARGET must be an http://127.0.0.1:PORT URL and TOKEN must be set')
  process.exit(2)
}

const server = http.createServer((req, res) => {
  const own = `127.0.0.1:${(server.address() as AddressInfo).port}`
  const headers = { ...req.headers, authorization: `Bearer ${token}` }
  if (headers.host === own) headers.host = target.host
  if (headers.origin === `http://${own}`) headers.origin = target.origin
  const upstream = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers }, up => {
    res.writeHead(up.statusCode ?? 502, up.headers)
    up.pipe(res)
  })
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'upstream unreachable' }))
  })
  res.on('close', () => upstream.destroy())
  req.pipe(upstream)
})

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
const stop = () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
