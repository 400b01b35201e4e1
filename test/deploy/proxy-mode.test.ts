// Compose's proxy mode, run: the project's compose/Caddyfile in a real Caddy on loopback (HTTPS from its
// own temporary CA, trusted by the clients here and nowhere else) in front of the real server entry with
// mode-proxy.yml's environment (test/helpers/mode-server.ts says what is swapped for loopback). One server
// and one Caddy for every proof.
import t from 'tap'
import { caddyUnavailable, startCaddy } from '../helpers/caddy.js'
import { browserSkipReason } from '../helpers/browser.js'
import { freePort } from '../../core/free-port.js'
import { startModeServer } from '../helpers/mode-server.js'
import { clientFetch, proveBypassNotBelieved, proveDashboardSignIn, provePerClientLimits, proveSdkSignInWithProgress } from '../helpers/deploy-proofs.js'

t.setTimeout(600_000)

t.test('proxy mode behind the Caddyfile', { skip: await caddyUnavailable() }, async t => {
  const proxyPort = await freePort()
  const publicUrl = `https://localhost:${proxyPort}`
  // Caddy reaches the server from 127.0.0.1: that is its address here, in place of the mode's 172.30.88.10.
  const server = await startModeServer(t, { modeFile: 'compose/mode-proxy.yml', entry: 'caddy', entryLoopback: '127.0.0.1', publicUrl })
  const caddy = await startCaddy(t, proxyPort, server.port)

  await t.test('the SDK client signs in over HTTPS and a tool\'s progress streams over SSE', async t => {
    await proveSdkSignInWithProgress(t, publicUrl, server, clientFetch(t, { ca: caddy.caRoot }))
  })
  await t.test('TRUST_PROXY applied: per-visitor limits see each visitor\'s own address', async t => {
    await provePerClientLimits(t, publicUrl, caddy.caRoot)
  })
  await t.test('around Caddy, a forged address is not believed and a foreign Host is refused', async t => {
    await proveBypassNotBelieved(t, server)
  })
  await t.test('the dashboard signs in in Chromium over HTTPS', { skip: browserSkipReason() }, async t => {
    await proveDashboardSignIn(t, publicUrl, caddy.caIntermediate)
  })
})
