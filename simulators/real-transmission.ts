// Runs the real transmission-daemon on loopback for tests: 3 is the machine's (Debian bookworm's 3.00), 4 the
// one in the chroot scripts/qbittorrent-chroot.sh builds (Debian sid's 4.x). Its own config folder, RPC and
// peer port on 127.0.0.1, DHT, LPD, PeX, µTP and port mapping off, so no packet leaves the machine.
// The settings.json keys are 3.00's (github.com/transmission/transmission, 3.00 libtransmission/quark.c and
// session.c tr_sessionGetDefaultSettings), which 4.x still reads; a plain rpc-password there is hashed by the
// daemon on start.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { findExecutable, startDaemon, type Daemon } from '../core/process/index.js'
import { freePort } from '../core/free-port.js'
import { chrootCommand, chrootUnavailable, qbt5ChrootDir } from './real-qbittorrent.js'

export interface TransmissionInstance {
  url: string
  rpcPort: number
  peerPort: number
  downloadDir: string
  daemon: Daemon
  stop: () => Promise<void>
}

export type TransmissionMajor = 3 | 4

export async function transmissionUnavailable (major: TransmissionMajor = 3): Promise<string | undefined> {
  if (major === 4) return await chrootUnavailable('.mediastack-transmission4', 'transmission-daemon 4')
  return await findExecutable('transmission-daemon') ? undefined : 'transmission-daemon is not installed (apt-get install transmission-daemon)'
}

export async function startTransmission (dir: string, o: { username: string, password: string, downloadDir?: string, major?: TransmissionMajor, incompleteDir?: string }): Promise<TransmissionInstance> {
  const rpcPort = await freePort()
  const peerPort = await freePort()
  const config = join(dir, 'config')
  const downloadDir = o.downloadDir ?? join(dir, 'dl')
  for (const d of [config, downloadDir, ...(o.incompleteDir !== undefined ? [o.incompleteDir] : [])]) mkdirSync(d, { recursive: true })
  writeFileSync(join(config, 'settings.json'), JSON.stringify({
    'bind-address-ipv4': '127.0.0.1',
    'bind-address-ipv6': '::1',
    'dht-enabled': false,
    'lpd-enabled': false,
    'pex-enabled': false,
    'utp-enabled': false,
    'port-forwarding-enabled': false,
    'peer-port': peerPort,
    'peer-port-random-on-start': false,
    'download-dir': downloadDir,
    'incomplete-dir-enabled': o.incompleteDir !== undefined,
    ...(o.incompleteDir !== undefined ? { 'incomplete-dir': o.incompleteDir } : {}),
    'download-queue-enabled': false,
    'seed-queue-enabled': false,
    'rpc-enabled': true,
    'rpc-bind-address': '127.0.0.1',
    'rpc-port': rpcPort,
    'rpc-authentication-required': true,
    'rpc-username': o.username,
    'rpc-password': o.password,
    'rpc-whitelist-enabled': true,
    'rpc-whitelist': '127.0.0.1',
    'rpc-host-whitelist-enabled': true,
    'message-level': 2
  }, null, 2))
  const args = ['--foreground', '--config-dir', config]
  const [file, argv] = o.major === 4 ? chrootCommand('transmission-daemon', [dir, downloadDir], args) : ['transmission-daemon', args]
  const daemon = await startDaemon(file, argv, { label: `transmission-daemon ${o.major ?? 3}.x`, env: { ...process.env, HOME: dir, MEDIASTACK_QBT5_CHROOT: qbt5ChrootDir() } })
  const url = `http://127.0.0.1:${rpcPort}/transmission/rpc`
  const deadline = Date.now() + 15_000
  // Up when the RPC server answers at all (409 asks for the session id).
  while (!await fetch(url, { method: 'POST' }).then(r => r.status === 409 || r.status === 401, () => false)) {
    if (!daemon.running || Date.now() > deadline) {
      await daemon.stop()
      throw new Error(`transmission-daemon did not start: ${daemon.outputTail().slice(-500)}`)
    }
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  return { url, rpcPort, peerPort, downloadDir, daemon, stop: () => daemon.stop(5_000) }
}
