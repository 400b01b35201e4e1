// The three real torrent clients the tests run on loopback (Debian's qbittorrent-nox 4.x, transmission-daemon
// 3.00, deluged + deluge-web 2.0.3), behind one shape: start one, get the TORRENT_CLIENT_* variables that
// configure this server for it, a contract client (clients/torrent/types.ts) talking to it, and stop it. Tests
// that must hold for every client loop over torrentClientKinds() instead of repeating each program's setup.
import { join } from 'node:path'
import { createPathMap } from '../../core/path-map.js'
import type { TorrentClient } from '../../clients/torrent/types.js'
import { createTransmissionClient } from '../../clients/transmission/client.js'
import { createDelugeClient } from '../../clients/deluge/client.js'
import { startTransmission, transmissionUnavailable } from '../../simulators/real-transmission.js'
import { delugeUnavailable, startDeluge } from '../../simulators/real-deluge.js'
import { buildApp } from '../../app.js'
import { clientFor, QBT_PASSWORD, startQbittorrent, swarmUnavailable } from './qbt-swarm.js'
import { makeRoots, testConfig } from './build.js'

type BuildOptions = NonNullable<Parameters<typeof buildApp>[1]>

export type TorrentKind = 'qbittorrent' | 'transmission' | 'deluge'

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

/** Starts one real torrent client under `dir`, saving under `downloadsRoot` by default. */
export async function startTorrentClient (kind: TorrentKind, dir: string, downloadsRoot: string): Promise<RunningTorrentClient> {
  const settings = (url: string, username: string, password: string) => ({ url, username, password, downloadsRoot, pathMap: createPathMap(''), deadlineMs: 15_000 })
  const env = (url: string, username: string, password: string) => ({ TORRENT_CLIENT_TYPE: kind, TORRENT_CLIENT_URL: url, TORRENT_CLIENT_USERNAME: username, TORRENT_CLIENT_PASSWORD: password })
  const own = (client: TorrentClient, stop: () => Promise<void>) => async () => { await client.close(); await stop() }
  if (kind === 'transmission') {
    const tr = await startTransmission(join(dir, 'transmission'), { username: TRANSMISSION_USER, password: TRANSMISSION_PASSWORD, downloadDir: downloadsRoot })
    const client = createTransmissionClient(settings(tr.url, TRANSMISSION_USER, TRANSMISSION_PASSWORD))
    return { kind, service: 'Transmission', env: env(tr.url, TRANSMISSION_USER, TRANSMISSION_PASSWORD), peerPort: tr.peerPort, client, stop: own(client, tr.stop) }
  }
  if (kind === 'deluge') {
    const dl = await startDeluge(join(dir, 'deluge'), { password: DELUGE_PASSWORD, downloadDir: downloadsRoot })
    const client = createDelugeClient(settings(dl.url, '', DELUGE_PASSWORD))
    return { kind, service: 'Deluge', env: env(dl.url, '', DELUGE_PASSWORD), peerPort: dl.peerPort, client, stop: own(client, dl.stop) }
  }
  const qbt = await startQbittorrent(join(dir, 'qbittorrent'), { downloadDir: downloadsRoot })
  const client = clientFor(qbt, downloadsRoot)
  return { kind, service: 'qBittorrent', env: env(qbt.url, 'admin', QBT_PASSWORD), peerPort: qbt.peerPort, client, stop: own(client, qbt.stop) }
}

/** Each kind with its skip reason when its program is not installed here. */
export async function torrentClientKinds (): Promise<Array<{ kind: TorrentKind, skip: string | undefined }>> {
  return [
    { kind: 'qbittorrent', skip: await swarmUnavailable(4) },
    { kind: 'transmission', skip: await transmissionUnavailable() },
    { kind: 'deluge', skip: await delugeUnavailable() }
  ]
}

/**
 * A fresh roots folder, the real `kind` started in it, and this server configured with it as its only torrent
 * client (the managers and the direct-download manager point at a closed port); all released on teardown.
 */
export async function torrentClientWorld (t: { teardown: (fn: () => unknown) => void }, kind: TorrentKind, options: BuildOptions = {}) {
  const roots = makeRoots()
  t.teardown(() => roots.cleanup())
  const running = await startTorrentClient(kind, join(roots.base, 'client'), roots.downloads)
  t.teardown(() => running.stop())
  const closed = 'http://127.0.0.1:9'
  const config = testConfig(roots, { ...running.env, DOWNLOAD_MANAGER_URL: closed, SERIES_MANAGER_URL: closed, MOVIE_MANAGER_URL: closed })
  const app = await buildApp(config, { logger: false, ...options })
  await app.ready()
  t.teardown(() => app.close())
  return { roots, running, app }
}
