// The three real torrent clients the tests run on loopback (Debian's qbittorrent-nox 4.x, transmission-daemon
// 3.00, deluged + deluge-web 2.0.3), behind one shape: start one, get the TORRENT_CLIENT_* variables that
// configure this server for it, a contract client (clients/torrent/types.ts) talking to it, and stop it. Tests
// that must hold for every client loop over torrentClientKinds() instead of repeating each program's setup;
// newerMajors() adds qBittorrent 5.x and Transmission 4.x (the chroot of scripts/qbittorrent-chroot.sh) for the
// few cases worth their start-up time.
import { join } from 'node:path'
import { createPathMap } from '../../core/path-map.js'
import type { TorrentClient } from '../../clients/torrent/types.js'
import { createTransmissionClient } from '../../clients/transmission/client.js'
import { createDelugeClient } from '../../clients/deluge/client.js'
import { startTransmission, transmissionUnavailable, type TransmissionMajor } from '../../simulators/real-transmission.js'
import { delugeUnavailable, startDeluge } from '../../simulators/real-deluge.js'
import { buildApp } from '../../app.js'
import { clientFor, QBT_PASSWORD, startQbittorrent, swarmUnavailable, type QbtMajor } from './qbt-swarm.js'
import { makeRoots, testConfig } from './build.js'
import { SIM_KEYS, STARTERS } from './sim-app.js'

type BuildOptions = NonNullable<Parameters<typeof buildApp>[1]>

export type TorrentKind = 'qbittorrent' | 'transmission' | 'deluge'

/** One program to test: its kind, and for qBittorrent and Transmission the major (default: Debian's 4.x and 3.00). */
export interface TorrentProgram {
  kind: TorrentKind
  major?: QbtMajor | TransmissionMajor
  /** For test names: "qbittorrent", "qbittorrent 5.x". */
  label: string
  skip: string | undefined
}

export interface RunningTorrentClient {
  kind: TorrentKind
  /** The product name the app reports ("qBittorrent", "Transmission", "Deluge"). */
  service: string
  /** TORRENT_CLIENT_TYPE, _URL, _USERNAME and _PASSWORD for this instance. */
  env: Record<string, string>
  peerPort: number
  /** A contract client of its own (closed by stop). */
  client: TorrentClient
  stop: () => Promise<void>
}

const TRANSMISSION_USER = 'mcp'
const TRANSMISSION_PASSWORD = 'transmission-test-password-1'
const DELUGE_PASSWORD = 'deluge-test-password-1'

/** Starts one real torrent client under `dir`, saving under `downloadsRoot` by default (`major`: see TorrentProgram). */
export async function startTorrentClient (kind: TorrentKind, dir: string, downloadsRoot: string, major?: number): Promise<RunningTorrentClient> {
  const settings = (url: string, username: string, password: string) => ({ url, username, password, downloadsRoot, pathMap: createPathMap(''), deadlineMs: 15_000 })
  const env = (url: string, username: string, password: string) => ({ TORRENT_CLIENT_TYPE: kind, TORRENT_CLIENT_URL: url, TORRENT_CLIENT_USERNAME: username, TORRENT_CLIENT_PASSWORD: password })
  const own = (client: TorrentClient, stop: () => Promise<void>) => async () => { await client.close(); await stop() }
  if (kind === 'transmission') {
    const tr = await startTransmission(join(dir, 'transmission'), { username: TRANSMISSION_USER, password: TRANSMISSION_PASSWORD, downloadDir: downloadsRoot, major: major as TransmissionMajor | undefined })
    const client = createTransmissionClient(settings(tr.url, TRANSMISSION_USER, TRANSMISSION_PASSWORD))
    return { kind, service: 'Transmission', env: env(tr.url, TRANSMISSION_USER, TRANSMISSION_PASSWORD), peerPort: tr.peerPort, client, stop: own(client, tr.stop) }
  }
  if (kind === 'deluge') {
    const dl = await startDeluge(join(dir, 'deluge'), { password: DELUGE_PASSWORD, downloadDir: downloadsRoot })
    const client = createDelugeClient(settings(dl.url, '', DELUGE_PASSWORD))
    return { kind, service: 'Deluge', env: env(dl.url, '', DELUGE_PASSWORD), peerPort: dl.peerPort, client, stop: own(client, dl.stop) }
  }
  const qbt = await startQbittorrent(join(dir, 'qbittorrent'), { downloadDir: downloadsRoot, major: major as QbtMajor | undefined })
  const client = clientFor(qbt, downloadsRoot)
  return { kind, service: 'qBittorrent', env: env(qbt.url, 'admin', QBT_PASSWORD), peerPort: qbt.peerPort, client, stop: own(client, qbt.stop) }
}

/** Each kind (Debian's majors) with its skip reason when its program is not installed here. */
export async function torrentClientKinds (): Promise<TorrentProgram[]> {
  return [
    { kind: 'qbittorrent', label: 'qbittorrent', skip: await swarmUnavailable(4) },
    { kind: 'transmission', label: 'transmission', skip: await transmissionUnavailable() },
    { kind: 'deluge', label: 'deluge', skip: await delugeUnavailable() }
  ]
}

/**
 * qBittorrent 5.x and Transmission 4.x, from the chroot: skipped with the reason when it is not built here or
 * cannot run (not root). In CI (CI=true) a missing chroot is no reason: .ci/run builds it, so the test runs and fails.
 */
export async function newerMajors (): Promise<TorrentProgram[]> {
  const inCi = (reason: string | undefined) => process.env.CI === 'true' ? undefined : reason
  return [
    { kind: 'qbittorrent', major: 5, label: 'qbittorrent 5.x', skip: await swarmUnavailable(5) },
    { kind: 'transmission', major: 4, label: 'transmission 4.x', skip: inCi(await transmissionUnavailable(4)) }
  ]
}

/**
 * A fresh roots folder, the real `kind` started in it, and this server configured with it as its only torrent
 * client, beside the series manager's simulator (its queue rows join the client's torrents by hash); the movie
 * and direct-download managers point at a closed port. All released on teardown.
 */
export async function torrentClientWorld (t: { teardown: (fn: () => unknown) => void }, program: Pick<TorrentProgram, 'kind' | 'major'>, options: BuildOptions = {}) {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const running = await startTorrentClient(program.kind, join(roots.base, 'client'), roots.downloads, program.major)
  t.teardown(() => running.stop())
  const sonarr = await STARTERS.sonarr({ apiKey: SIM_KEYS.sonarr }, { roots, sims: {} })
  t.teardown(() => sonarr.close())
  const closed = 'http://127.0.0.1:9'
  const config = testConfig(roots, { ...running.env, ...sonarr.config, DOWNLOAD_MANAGER_URL: closed, MOVIE_MANAGER_URL: closed })
  const app = await buildApp(config, { logger: false, ...options })
  await app.ready()
  t.teardown(() => app.close())
  return { roots, running, app, sonarr: sonarr.sim }
}
