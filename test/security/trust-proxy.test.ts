// Finding 12.2/12.3: a TRUST_PROXY the HTTP server cannot use (a container name, `true`, a hop count) is
// refused at config time with one clear line, never a TypeError from the HTTP framework, and never trusts
// every peer's X-Forwarded-For.
import t from 'tap'
import Fastify from 'fastify'
import { ConfigError, loadConfig } from '../../config.js'

t.test('hostile or mistaken TRUST_PROXY values stop startup with a one-line config error', async t => {
  for (const value of ['caddy', 'true', 'TRUE', '1', '0.0.0.0/0x', 'mcp-server, 10.0.0.1', '10.0.0.1/', '*']) {
    const err = t.throws(() => loadConfig({ TRUST_PROXY: value })) as ConfigError
    t.ok(err instanceof ConfigError, `"${value}" is a ConfigError, not a TypeError`)
    t.match(err.message, /TRUST_PROXY: /)
  }
})

t.test('an accepted value never lets an untrusted peer forge its address', async t => {
  const config = loadConfig({ TRUST_PROXY: '172.30.88.10' })
  const app = Fastify({ trustProxy: config.TRUST_PROXY })
  app.get('/ip', async request => request.ip)
  const res = await app.inject({ url: '/ip', remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': '203.0.113.1' } })
  t.equal(res.body, '198.51.100.9')
  await app.close()
})
