// A loopback HTTP receiver for notice tests: records each request (method, path, headers, body) and answers
// with the next status in `statuses` (the last one repeats), or with what `answer` decides. With `hold`, it
// answers nothing until release() (a receiver that answers late, or never), so no test waits on the clock.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received { method: string, path: string, headers: IncomingHttpHeaders, body: string }

export async function noticeReceiver (o: { statuses?: number[], answer?: (r: Received) => { status: number, body?: string }, hold?: boolean, port?: number } = {}) {
  const received: Received[] = []
  const statuses = [...(o.statuses ?? [200])]
  let waiters: Array<() => void> = []
  const held: Array<() => void> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', c => chunks.push(c))
    req.on('end', () => {
      const r = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(r)
      const a = o.answer?.(r) ?? { status: statuses.length > 1 ? statuses.shift()! : statuses[0]! }
      const reply = () => { if (!res.destroyed) res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body ?? '{}') }
      if (o.hold) held.push(reply)
      else reply()
      for (const w of waiters) w()
      waiters = []
    })
  })
  await new Promise<void>(resolve => server.listen(o.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    host: `127.0.0.1:${port}`,
    received,
    /** Answers every request held so far (with `hold`). */
    release () { for (const reply of held.splice(0)) reply() },
    /** Resolves once `n` requests have arrived. */
    async waitFor (n: number) { while (received.length < n) await new Promise<void>(resolve => waiters.push(resolve)) },
    close: () => new Promise<void>(resolve => { server.closeAllConnections(); server.close(() => resolve()) })
  }
}
