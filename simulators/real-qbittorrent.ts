// Runs the real qbittorrent-nox on loopback: one profile under a folder, WebUI and peer port on 127.0.0.1,
// DHT, LSD, PeX, UPnP/NAT-PMP and GeoIP lookups off, so no packet leaves the machine. Used by the loopback
// swarm tests and by `npm run demo` (when qbittorrent-nox is installed).
// Two majors: 4 is the machine's qbittorrent-nox (Debian bookworm's 4.5.2); 5 is Debian sid's, in the chroot
// scripts/qbittorrent-chroot.sh builds. The chroot's runs in a private mount namespace (unshare), so its
// mounts vanish with it, with the profile and data folders bound at their own paths: both sides see the same
// paths. The profile's keys are the same in both (src/base/preferences.cpp, src/base/bittorrent/sessionimpl.cpp,
// github.com/qbittorrent/qBittorrent, release-4.5.2 and release-5.2.0).
import { randomBytes, pbkdf2Sync } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findExecutable, startDaemon, type Daemon } from '../core/process/index.js'
import { freePort } from '../core/free-port.js'
export { freePort }

export type QbtMajor = 4 | 5

export interface QbtInstance {
  major: QbtMajor
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

type StartOptions = {
  password: string
  localAuth?: boolean
  downloadDir?: string
  webPort?: number
  peerPort?: number
  /** 4 (default): the machine's qbittorrent-nox; 5: the chroot's. */
  major?: QbtMajor
  /** More folders qBittorrent must see (5.x: bound into the chroot at the same path), e.g. save paths. */
  folders?: string[]
}

/** Where scripts/qbittorrent-chroot.sh builds the 5.x chroot (same defaults as the script). */
export function qbt5ChrootDir (env = process.env) {
  return env.MEDIASTACK_QBT5_CHROOT || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'mediastack-qbt5')
}

const CHROOT_SCRIPT = ['../scripts/qbittorrent-chroot.sh', '../../scripts/qbittorrent-chroot.sh']
  .map(rel => fileURLToPath(new URL(rel, import.meta.url))).find(existsSync)

/** Why qBittorrent `major` cannot run here, or undefined when it can. */
export async function qbtUnavailable (major: QbtMajor): Promise<string | undefined> {
  if (major === 4) return await findExecutable('qbittorrent-nox') ? undefined : 'qbittorrent-nox is not installed (apt-get install qbittorrent-nox)'
  return await chrootUnavailable('.mediastack-qbt5', 'qBittorrent 5')
}

/** The command that runs qbittorrent-nox `major` with `args`, seeing `folders` at their own paths. */
function command (major: QbtMajor, folders: string[], args: string[]): [string, string[]] {
  return major === 4 ? ['qbittorrent-nox', args] : chrootCommand('qbittorrent-nox', folders, args)
}

/** The command that runs one of the chroot's programs with `args` in a private mount namespace, seeing `folders` at their own paths. */
export function chrootCommand (program: 'qbittorrent-nox' | 'transmission-daemon', folders: string[], args: string[]): [string, string[]] {
  if (!CHROOT_SCRIPT) throw new Error('scripts/qbittorrent-chroot.sh is missing')
  // A folder inside another bound folder is already visible.
  const outer = [...new Set(folders.map(f => resolve(f)))].sort()
    .filter((f, i, all) => !all.slice(0, i).some(parent => f.startsWith(parent + '/')))
  return ['unshare', ['--mount', '--propagation', 'private', 'bash', CHROOT_SCRIPT, 'exec', '--program', program, ...outer, '--', ...args]]
}

/** Why the chroot (scripts/qbittorrent-chroot.sh) cannot run `marker`'s program here, or undefined when it can. */
export async function chrootUnavailable (marker: string, what: string): Promise<string | undefined> {
  const dir = qbt5ChrootDir()
  if (!existsSync(join(dir, marker))) return `${what} is not in the chroot at ${dir} (run scripts/qbittorrent-chroot.sh as root)`
  if (process.getuid?.() !== 0) return `running ${what} from the chroot needs root (chroot and bind mounts in a private mount namespace)`
  if (!await findExecutable('unshare')) return 'unshare (util-linux) is not installed'
  return undefined
}

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
  const major = opts.major ?? 4
  const folders = [dir, downloadDir, ...opts.folders ?? []]
  for (const d of [home, join(profile, 'qBittorrent', 'config'), ...folders]) mkdirSync(d, { recursive: true })
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
  const [file, args] = command(major, folders, [`--profile=${profile}`])
  const daemon = await startDaemon(file, args, {
    label: `qbittorrent-nox ${major}.x`,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), MEDIASTACK_QBT5_CHROOT: qbt5ChrootDir() }
  })
  const url = `http://127.0.0.1:${webPort}`
  const deadline = Date.now() + 15_000
  /** The daemon's own word that the WebUI port was taken, as the error the caller retries on another port. */
  const portTaken = () => /Unable to bind/i.test(daemon.outputTail()) ? new PortTakenError(`qbittorrent-nox could not bind port ${webPort}: ${daemon.outputTail().slice(-300)}`) : undefined
  for (;;) {
    const taken = portTaken()
    if (taken) { await daemon.stop(); throw taken }
    // 403 before login still means the WebUI is up.
    const ours = await fetch(`${url}/api/v2/app/webapiVersion`).then(isQbittorrentAnswer, () => false)
    if (ours) break
    if (!daemon.running || Date.now() > deadline) {
      await daemon.stop()
      // The exit can come between the output check above and this one, or be told before the last of the output is
      // read (seen on a clean-clone run): the port's refusal is looked for again once the output has closed.
      await daemon.untilOutputClosed()
      throw portTaken() ?? new Error(`qbittorrent-nox ${major}.x did not start: ${daemon.outputTail().slice(-500)}`)
    }
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  return { major, url, webPort, peerPort, downloadDir, daemon, stop: () => daemon.stop(5_000) }
}
