// Compose's tunnel mode, run: a loopback stand-in for the tunnel's connector (test/helpers/tunnel-connector.ts:
// it forwards and adds the visitor's address as the tunnel does) in front of the real server entry with
// mode-tunnel.yml's environment (test/helpers/mode-server.ts says what is swapped for loopback). One server
// and one connector for every proof.
import t from 'tap'
import { browserSkipReason } from '../helpers/browser.js'
import { freePort } from '../../core/free-port.js'
import { startModeServer } from '../helpers/mode-server.js'
import { startTunnelConnector } from '../helpers/tunnel-connector.js'
import { clientFetch, proveBypassNotBelieved, proveDashboardSignIn, provePerClientLimits, proveSdkSignInWithProgress } from '../helpers/deploy-proofs.js'

t.setTimeout(600_000)

t.test('tunnel mode behind a forwarding connector', async t => {
  const connectorPort = await freePort()
  const publicUrl = `http://localhost:${connectorPort}`
  // The connector reaches the server from 127.0.0.1: its address here, in place of the mode's 172.30.88.11.
  const server = await startModeServer(t, { modeFile: 'compose/mode-tunnel.yml', entry: 'tunnel', entryLoopback: '127.0.0.1', publicUrl })
  await startTunnelConnector(t, connectorPort, server.port)

  await t.test('the SDK client signs in and a tool\'s progress streams over SSE', async t => {
    await proveSdkSignInWithProgress(t, publicUrl, server, clientFetch(t))
  })
  await t.test('TRUST_PROXY applied: per-visitor limits see each visitor\'s own address', async t => {
    await provePerClientLimits(t, publicUrl)
  })
  await t.test('around the tunnel, a forged address is not believed and a foreign Host is refused', async t => {
    await proveBypassNotBelieved(t, server)
  })
  await t.test('the dashboard signs in in Chromium', { skip: browserSkipReason() }, async t => {
    await proveDashboardSignIn(t, publicUrl)
  })
})
