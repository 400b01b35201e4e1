// The managed aria2c: when ARIA2_RPC_URL is empty and aria2c is installed, the server runs its own on
// 127.0.0.1 with a random RPC secret (kept in a 0600 config file, never on the command line where any
// local user could read it from /proc), peer discovery off, downloads confined under DOWNLOADS_ROOT, and every
// connection through the URL guard's forward proxy when one is given (redirects to private addresses refused).
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startDaemon, type Daemon } from '../../core/process/index.js'
import { freePort } from '../../core/free-port.js'

export interface ManagedAria2 {
  url: string
  secret: string
  daemon: Daemon
  stop: () => Promise<void>
}

export interface ManagedAria2Options {
  aria2cPath: string
  stateDir: string
  downloadsRoot: string
  /** Extra environment variables (added to the minimal child environment). */
  env?: Record<string, string | undefined>
  /** The URL guard's forward proxy (http://user:secret@127.0.0.1:port): every connection aria2c opens goes through it. */
  proxyUrl?: string
  startTimeoutMs?: number
}

/** The proxy for every protocol aria2c speaks, in the 0600 config file (its secret never on argv). https goes
 *  through CONNECT; no-proxy is emptied so nothing bypasses it. */
function proxyConf (proxyUrl: string | undefined): string {
  if (!proxyUrl) return ''
  const u = new URL(proxyUrl)
  return [`all-proxy=http://${u.host}`, `all-proxy-user=${decodeURIComponent(u.username)}`, `all-proxy-passwd=${decodeURIComponent(u.password)}`, 'no-proxy=', ''].join('\n')
}

export async function startManagedAria2 (opts: ManagedAria2Options): Promise<ManagedAria2> {
  const dir = join(opts.stateDir, 'aria2')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(24).toString('hex')
  const port = await freePort()
  const confPath = join(dir, 'aria2.conf')
  await writeFile(confPath, `rpc-secret=${secret}\n${proxyConf(opts.proxyUrl)}`, { mode: 0o600 })
  await chmod(confPath, 0o600)
  const args = [
    `--conf-path=${confPath}`,
    '--enable-rpc=true', '--rpc-listen-all=false', `--rpc-listen-port=${port}`, '--rpc-max-request-size=1M',
    `--dir=${opts.downloadsRoot}`,
    // No peer discovery, no automatic follow-up downloads from fetched .torrent/.metalink files.
    '--enable-dht=false', '--enable-dht6=false', '--bt-enable-lpd=false', '--enable-peer-exchange=false',
    '--follow-torrent=false', '--follow-metalink=false',
    // Never overwrite or silently rename onto an existing file; the tool picks unique names itself.
    '--auto-file-renaming=false', '--allow-overwrite=false',
    '--max-concurrent-downloads=3', '--max-tries=3', '--retry-wait=2', '--connect-timeout=20', '--timeout=60',
    '--file-allocation=none', '--console-log-level=warn', '--summary-interval=0', '--quiet=false',
    // Exits by itself if this server dies without stopping it.
    `--stop-with-process=${process.pid}`
  ]
  const home = join(dir, 'home')
  await mkdir(home, { recursive: true, mode: 0o700 })
  const daemon = await startDaemon(opts.aria2cPath, args, { label: 'aria2c', env: { HOME: home, ...opts.env } })
  const url = `http://127.0.0.1:${port}/jsonrpc`
  const deadline = Date.now() + (opts.startTimeoutMs ?? 10_000)
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 'ready', method: 'aria2.getVersion', params: [`token:${secret}`] }),
        signal: AbortSignal.timeout(1_000)
      })
      if (res.ok) { await res.arrayBuffer(); break }
      await res.arrayBuffer()
    } catch {}
    if (!daemon.running || Date.now() > deadline) {
      await daemon.stop()
      throw new Error(`aria2c did not start (${daemon.outputTail().slice(-300).trim() || 'no output'})`)
    }
    await new Promise(resolve => setTimeout(resolve, 50))
  }
  return { url, secret, daemon, stop: () => daemon.stop(3_000) }
}
