// Runs the real qbittorrent-nox on loopback: one profile under a folder, WebUI and peer port on 127.0.0.1,
// DHT, LSD, PeX, UPnP/NAT-PMP and GeoIP lookups off, so no packet leaves the machine. Used by the loopback
// swarm tests and by `npm run demo` (when qbittorrent-nox is installed).
import { randomBytes, pbkdf2Sync } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startDaemon, type Daemon } from '../lib/process/index.js'
import { freePort } from '../lib/net/free-port.js'
export { freePort }

export interface QbtInstance {
  url: string
  webPort: number
  peerPort: number
  /** Default save path of this profile. */
  downloadDir: string
  daemon: Daemon
  stop: () => Promise<void>
}

function passwordHash (password: string) {
  const salt = randomBytes(16)
  return `@ByteArray(${salt.toString('base64')}:${pbkdf2Sync(password, salt, 100_000, 64, 'sha512').toString('base64')})`
}

type StartOptions = { password: string, localAuth?: boolean, downloadDir?: string, webPort?: number, peerPort?: number }

/**
 * Starts one qbittorrent-nox profile under `dir`; `localAuth: false` lets 127.0.0.1 in without a login.
 * A free port can be taken by another process before qBittorrent binds it; then it starts again on new ports.
 */
export async function startQbittorrent (dir: string, opts: StartOptions): Promise<QbtInstance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(dir, opts)
    } catch (err) {
      const portChosenByUs = opts.webPort === undefined && opts.peerPort === undefined
      if (!(err instanceof PortTakenError) || !portChosenByUs || attempt === 3) throw err
    }
  }
}

class PortTakenError extends Error {}

/** True when the answer is qBittorrent's own (not another local server that happens to hold the port). */
async function isQbittorrentAnswer (res: Response) {
  const body = (await res.text()).trim()
  return (res.status === 200 && /^\d+\.\d+/.test(body)) || (res.status === 403 && body === 'Forbidden')
}

async function startOnce (dir: string, opts: StartOptions): Promise<QbtInstance> {
  const webPort = opts.webPort ?? await freePort()
  const peerPort = opts.peerPort ?? await freePort()
  const home = join(dir, 'home')
  const profile = join(dir, 'profile')
  const downloadDir = opts.downloadDir ?? join(dir, 'dl')
  for (const d of [home, join(profile, 'qBittorrent', 'config'), downloadDir]) mkdirSync(d, { recursive: true })
  writeFileSync(join(profile, 'qBittorrent', 'config', 'qBittorrent.conf'), [
    '[LegalNotice]', 'Accepted=true',
    '[BitTorrent]',
    'Session\\DHTEnabled=false', 'Session\\LSDEnabled=false', 'Session\\PeXEnabled=false',
    'Session\\Interface=lo', 'Session\\InterfaceName=lo', 'Session\\InterfaceAddress=127.0.0.1',
    `Session\\Port=${peerPort}`, `Session\\DefaultSavePath=${downloadDir}`, `Session\\TempPath=${join(downloadDir, 'temp')}`,
    'Session\\QueueingSystemEnabled=false', 'Session\\MultiConnectionsPerIp=true', 'Session\\AddTrackersEnabled=false',
    'Session\\AnonymousModeEnabled=false',
    '[Network]', 'PortForwardingEnabled=false',
    '[Preferences]',
    'Connection\\ResolvePeerCountries=false', 'Connection\\UPnP=false', 'General\\Locale=en',
    'WebUI\\Address=127.0.0.1', `WebUI\\Port=${webPort}`, 'WebUI\\Username=admin',
    `WebUI\\Password_PBKDF2="${passwordHash(opts.password)}"`,
    `WebUI\\LocalHostAuth=${opts.localAuth === false ? 'false' : 'true'}`,
    'WebUI\\CSRFProtection=true', 'WebUI\\UseUPnP=false', 'WebUI\\MaxAuthenticationFailCount=0', 'WebUI\\BanDuration=0',
    ''
  ].join('\n'))
  const daemon = await startDaemon('qbittorrent-nox', [`--profile=${profile}`], {
    label: 'qbittorrent-nox', env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') }
  })
  const url = `http://127.0.0.1:${webPort}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (/Unable to bind/i.test(daemon.outputTail())) {
      await daemon.stop()
      throw new PortTakenError(`qbittorrent-nox could not bind port ${webPort}: ${daemon.outputTail().slice(-300)}`)
    }
    // 403 before login still means the WebUI is up.
    const ours = await fetch(`${url}/api/v2/app/webapiVersion`).then(isQbittorrentAnswer, () => false)
    if (ours) break
    if (!daemon.running || Date.now() > deadline) {
      await daemon.stop()
      throw new Error(`qbittorrent-nox did not start: ${daemon.outputTail().slice(-500)}`)
    }
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  return { url, webPort, peerPort, downloadDir, daemon, stop: () => daemon.stop(5_000) }
}
