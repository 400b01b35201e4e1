// Runs the real deluged + deluge-web (Debian bookworm's 2.0.3) on loopback for tests: one config folder for
// both, daemon RPC, peer and web ports on 127.0.0.1, DHT, LSD, UPnP, NAT-PMP, PeX and the release check off,
// so no packet leaves the machine. Keys are 2.0.3's (github.com/deluge-torrent/deluge, deluge-2.0.3
// deluge/core/preferencesmanager.py 46-110, deluge/ui/web/server.py 36-61, deluge/ui/hostlist.py 27-35 and 95-99);
// a Deluge config file is a version header object followed by the values (deluge/config.py).
import { mkdirSync, writeFileSync } from 'node:fs'
import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { findExecutable, startDaemon, type Daemon } from '../core/process/index.js'
import { freePort } from '../core/free-port.js'

export interface DelugeInstance {
  /** The web UI's base address (the client adds /json). */
  url: string
  peerPort: number
  downloadDir: string
  /** The daemon's RPC address as deluge-web's host list names it ("127.0.0.1:port"). */
  daemonAddress: string
  /** Stops deluged alone, leaving deluge-web running (Debian's split services, an upgrade, a crash). */
  stopDaemon: () => Promise<void>
  /** Starts deluged again on the same port and config; deluge-web is not told. */
  startDaemon: () => Promise<void>
  stop: () => Promise<void>
}

export async function delugeUnavailable (): Promise<string | undefined> {
  for (const exe of ['deluged', 'deluge-web']) {
    if (!await findExecutable(exe)) return `${exe} is not installed (apt-get install deluged deluge-web)`
  }
  return undefined
}

const conf = (file: number, values: unknown) => `${JSON.stringify({ file, format: 1 })}${JSON.stringify(values, null, 2)}`

async function waitUp (daemon: Daemon, label: string, up: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000
  while (!await up()) {
    if (!daemon.running || Date.now() > deadline) {
      await daemon.stop()
      throw new Error(`${label} did not start: ${daemon.outputTail().slice(-500)}`)
    }
    await new Promise(resolve => setTimeout(resolve, 150))
  }
}

/**
 * Whether deluge-web connects to its daemon: auth.login (deluge/ui/web/auth.py), web.get_hosts, web.connect(host
 * id), which answers the daemon's method list once connected and logged in, and null when it could not
 * (json_api.py 436-468).
 */
async function webConnectsToDaemon (url: string, password: string): Promise<boolean> {
  let cookie = ''
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(`${url}/json`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie && { cookie }) }, body: JSON.stringify({ method, params, id: 1 }) })
    cookie ||= (res.headers.get('set-cookie') ?? '').split(';')[0]
    return ((await res.json()) as { result: unknown }).result
  }
  if (await rpc('auth.login', [password]) !== true) return false
  const hosts = await rpc('web.get_hosts', []) as Array<[string]> | null
  return Boolean(hosts?.[0]) && Array.isArray(await rpc('web.connect', [hosts![0][0]]))
}

export async function startDeluge (dir: string, o: { password: string, downloadDir?: string }): Promise<DelugeInstance> {
  const [rpcPort, peerPort, webPort] = [await freePort(), await freePort(), await freePort()]
  const config = join(dir, 'config')
  const downloadDir = o.downloadDir ?? join(dir, 'dl')
  // config/plugins made here: deluged and deluge-web start side by side on the one config folder, and each makes
  // it when it is missing, checked then made (deluge 2.0.3 deluge/pluginmanagerbase.py, PluginManagerBase.__init__),
  // so the slower of the two could fail with FileExistsError (seen on a loaded run).
  for (const d of [join(config, 'plugins'), downloadDir]) mkdirSync(d, { recursive: true })
  const localPassword = randomBytes(16).toString('hex')
  // auth: user:password:level, 10 = admin (deluge/core/authmanager.py).
  writeFileSync(join(config, 'auth'), `localclient:${localPassword}:10\n`, { mode: 0o600 })
  writeFileSync(join(config, 'core.conf'), conf(1, {
    download_location: downloadDir,
    listen_ports: [peerPort, peerPort],
    listen_interface: '127.0.0.1',
    random_port: false,
    dht: false,
    upnp: false,
    natpmp: false,
    utpex: false,
    lsd: false,
    new_release_check: false,
    max_active_limit: 50,
    max_active_downloading: 50,
    max_active_seeding: 50
  }))
  const salt = randomBytes(20).toString('hex')
  writeFileSync(join(config, 'web.conf'), conf(1, {
    pwd_salt: salt,
    pwd_sha1: createHash('sha1').update(salt).update(o.password).digest('hex'),
    interface: '127.0.0.1',
    port: webPort,
    https: false,
    first_login: false
  }))
  writeFileSync(join(config, 'hostlist.conf'), conf(3, { hosts: [['0123456789abcdef0123456789abcdef', '127.0.0.1', rpcPort, 'localclient', localPassword]] }))
  const env = { ...process.env, HOME: dir }
  const runDaemon = () => startDaemon('deluged', ['-d', '-c', config, '-i', '127.0.0.1', '-u', '127.0.0.1', '-p', String(rpcPort), '-L', 'warning'], { label: 'deluged', env })
  // After a restart the daemon is up once its RPC port takes a connection; the web UI connects to it on its own
  // first call (what test/clients/deluge-daemon.test.ts tests). At first start the check below is the stronger one.
  const daemonUp = (d: Daemon) => waitUp(d, 'deluged', async () => await import('node:net').then(net => new Promise<boolean>(resolve => {
    const s = net.connect(rpcPort, '127.0.0.1', () => { s.destroy(); resolve(true) })
    s.on('error', () => resolve(false))
  })))
  let daemon = await runDaemon()
  const web = await startDaemon('deluge-web', ['-d', '-c', config, '-i', '127.0.0.1', '-p', String(webPort), '-L', 'warning'], { label: 'deluge-web', env })
  const url = `http://127.0.0.1:${webPort}`
  const stop = async () => { await Promise.allSettled([web.stop(5_000), daemon.stop(5_000)]) }
  try {
    await waitUp(web, 'deluge-web', () => fetch(`${url}/json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"method":"auth.check_session","params":[],"id":1}' }).then(r => r.ok, () => false))
    // deluged takes connections on its RPC port before it answers on it (Twisted listens before the reactor runs),
    // and on a loaded machine a first web.connect then failed. Ready is when deluge-web has connected to it, as a
    // deluge-web with a default daemon does at start. It stays connected: a web.disconnect right after raced the
    // client's own connect ("Auth level too low" on a clean-clone run). The first-use connect is still tested after
    // a daemon restart (test/clients/deluge-daemon.test.ts).
    await waitUp(daemon, 'deluged', async () => await webConnectsToDaemon(url, o.password).catch(() => false))
  } catch (err) { await stop(); throw err }
  const stopDaemon = () => daemon.stop(5_000)
  const restart = async () => { daemon = await runDaemon(); await daemonUp(daemon) }
  return { url, peerPort, downloadDir, daemonAddress: `127.0.0.1:${rpcPort}`, stopDaemon, startDaemon: restart, stop }
}
