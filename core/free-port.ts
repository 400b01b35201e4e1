// A free TCP port on 127.0.0.1, for the local daemons this server starts (aria2c) and for tests.
import { createServer } from 'node:net'

export function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}
