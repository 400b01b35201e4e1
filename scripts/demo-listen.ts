// The demo on both loopback families: the app listens on 127.0.0.1, and a second listener on [::1] hands its
// connections to the same HTTP server, so http://127.0.0.1, http://localhost and http://[::1] are one server.
import { createServer, type Server } from 'node:net'
import type { FastifyInstance } from 'fastify'

const extra = new WeakMap<FastifyInstance, Server>()

export async function alsoOnIpv6Loopback (app: FastifyInstance, port: number, say: (line: string) => void): Promise<void> {
  const v6 = createServer(socket => app.server.emit('connection', socket))
  try {
    await new Promise<void>((resolve, reject) => {
      v6.once('error', reject)
      v6.listen(port, '::1', () => resolve())
    })
  } catch (err) {
    say(`  (no [::1] listener: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}; use http://127.0.0.1:${port})`)
    return
  }
  extra.set(app, v6)
}

/** Stops the [::1] listener taking connections; resolves once the connections it handed over are closed, which
 * app.close() does: call this, then app.close(), then await what this returned. */
export function closeIpv6Loopback (app: FastifyInstance): Promise<void> {
  const v6 = extra.get(app)
  return v6 ? new Promise<void>(resolve => v6.close(() => resolve())) : Promise.resolve()
}

/** "127.0.0.1:3000 and [::1]:3000": every address the demo answers on. */
export function listeningOn (app: FastifyInstance): string[] {
  const shown = app.addresses().map(a => typeof a === 'string' ? a : a.family === 'IPv6' ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`)
  const v6 = extra.get(app)?.address()
  if (v6 && typeof v6 === 'object') shown.push(`[${v6.address}]:${v6.port}`)
  return shown
}
