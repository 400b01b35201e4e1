// Caddy for tests: the project's own compose/Caddyfile as an HTTPS reverse proxy on loopback, in front of a
// test server. Only the upstream changes (mcp-server:3000 → the test server's port), plus global options that
// keep it to this test: no admin endpoint, bound to 127.0.0.1, no port-80 redirect listener, its internal CA
// (Caddy's own for localhost) in a temporary directory and never installed into the system trust store.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findExecutable, startDaemon } from '../../core/process/index.js'
import { freePort } from '../../core/free-port.js'

const CADDYFILE = join(import.meta.dirname, '..', '..', 'compose', 'Caddyfile')

export async function caddyUnavailable (): Promise<string | undefined> {
  return await findExecutable('caddy') ? undefined : 'caddy not installed (apt-get install caddy); CI installs it'
}

/**
 * Starts Caddy on https://localhost:<port> proxying to 127.0.0.1:<upstreamPort>; ready when this resolves.
 * `caRoot`, `caIntermediate`: the PEMs of the temporary CA, for clients that should trust this Caddy and no other.
 */
export async function startCaddy (t: { teardown: (fn: () => unknown) => void }, port: number, upstreamPort: number, readyMs = 60_000): Promise<{ url: string, caRoot: string, caIntermediate: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'msmcp-caddy-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const site = readFileSync(CADDYFILE, 'utf8')
  if (!site.includes('mcp-server:3000')) throw new Error(`${CADDYFILE} no longer proxies to mcp-server:3000; update test/helpers/caddy.ts`)
  const globals = [
    '{', '\tadmin off', '\tdefault_bind 127.0.0.1', '\tskip_install_trust', '\tauto_https disable_redirects',
    `\thttp_port ${await freePort()}`, '\tstorage file_system {', `\t\troot ${join(dir, 'data')}`, '\t}', '}', ''
  ].join('\n')
  writeFileSync(join(dir, 'Caddyfile'), globals + site.replace('mcp-server:3000', `127.0.0.1:${upstreamPort}`))
  const url = `https://localhost:${port}`
  const daemon = await startDaemon('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    label: 'caddy',
    cwd: dir,
    env: { PUBLIC_URL: url, HOME: dir, XDG_DATA_HOME: join(dir, 'xdg-data'), XDG_CONFIG_HOME: join(dir, 'xdg-config') }
  })
  t.teardown(() => daemon.stop())
  const deadline = Date.now() + readyMs
  while (await healthStatus(port) !== 200) {
    if (!daemon.running || Date.now() > deadline) throw new Error(`caddy did not serve ${url}/health within ${readyMs} ms:\n${daemon.outputTail()}`)
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  const pki = join(dir, 'data', 'pki', 'authorities', 'local')
  return { url, caRoot: readFileSync(join(pki, 'root.crt'), 'utf8'), caIntermediate: readFileSync(join(pki, 'intermediate.crt'), 'utf8') }
}

/** GET /health through Caddy (its internal CA is not trusted here: the certificate is not checked). */
function healthStatus (port: number): Promise<number | undefined> {
  return new Promise(resolve => {
    const req = request({ host: '127.0.0.1', servername: 'localhost', port, path: '/health', headers: { host: `localhost:${port}` }, rejectUnauthorized: false, timeout: 5_000 }, res => {
      res.resume()
      resolve(res.statusCode)
    })
    req.on('error', () => resolve(undefined))
    req.on('timeout', () => { req.destroy(); resolve(undefined) })
    req.end()
  })
}
