// The settings tests give the app for its downloaders, named once: a real NZBGet as the only backend, several
// clients of one kind (the first the default, the others extra instances by name), and every downloader real at
// once, as a household that runs them all would configure them.
import { join } from 'node:path'
import { createSabnzbdSimulator } from '../../simulators/sabnzbd/server.js'
import type { TestRoots } from './build.js'
import { startNntpServer } from './nntp-server.js'
import { startNzbget, type NzbgetInstance } from './nzbget-daemon.js'
import { startTorrentClient, type RunningTorrentClient, type TorrentKind } from './torrent-clients.js'

/** A port nothing listens on: a backend set to it is configured and down. */
export const CLOSED_URL = 'http://127.0.0.1:9'

/** NZBGet as this server's only backend: the torrent client, the download manager and both managers on a closed port. */
export function nzbgetOnly (nzbget: Pick<NzbgetInstance, 'env'>) {
  return { ...nzbget.env, TORRENT_CLIENT_URL: CLOSED_URL, DOWNLOAD_MANAGER_URL: CLOSED_URL, SERIES_MANAGER_URL: CLOSED_URL, MOVIE_MANAGER_URL: CLOSED_URL }
}

type ClientPrefix = 'TORRENT_CLIENT' | 'USENET_CLIENT'

/** `<prefix>_<NAME>_*` for an extra instance from a client's `<prefix>_*` settings (TORRENT_CLIENT_URL → TORRENT_CLIENT_TR_URL). */
export function asInstance (prefix: ClientPrefix, name: string, env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k.replace(`${prefix}_`, `${prefix}_${name.toUpperCase()}_`), v]))
}

/** Several clients of one kind: `first` is the default, each of `extras` an extra instance under its name. */
export function clientInstances (prefix: ClientPrefix, first: Record<string, string>, extras: Record<string, Record<string, string>>): Record<string, string> {
  const named = Object.entries(extras).map(([name, env]) => asInstance(prefix, name, env))
  return Object.assign({ ...first, [`${prefix}_INSTANCES`]: Object.keys(extras).join(',') }, ...named)
}

export const SAB_KEY = 'abcdef0123456789abcdef0123456789'

export interface AllDownloaders {
  qbt: RunningTorrentClient
  tr: RunningTorrentClient
  dl: RunningTorrentClient
  /** The three torrent clients, in that order. Stopping one in the test is fine: teardown stops each once. */
  torrents: [RunningTorrentClient, RunningTorrentClient, RunningTorrentClient]
  nntp: Awaited<ReturnType<typeof startNntpServer>>
  nzbget: NzbgetInstance
  sab: Awaited<ReturnType<typeof createSabnzbdSimulator>>
  /** USENET_CLIENT_* that make the SABnzbd simulator a Usenet client. */
  sabEnv: Record<string, string>
}

/**
 * Every downloader, real where it can be: qbittorrent-nox, Transmission and Deluge saving under the roots'
 * downloads folder, NZBGet fetching from the test news server, and the SABnzbd simulator. Released at teardown.
 */
export async function startAllDownloaders (t: { teardown: (fn: () => unknown) => void }, roots: TestRoots): Promise<AllDownloaders> {
  const order: TorrentKind[] = ['qbittorrent', 'transmission', 'deluge']
  const torrents = (await Promise.all(order.map(k => startTorrentClient(k, join(roots.base, k), roots.downloads)))).map(stopOnce)
  t.teardown(() => Promise.all(torrents.map(c => c.stop())))
  const [qbt, tr, dl] = torrents as AllDownloaders['torrents']
  const nntp = await startNntpServer()
  t.teardown(() => nntp.close())
  const nzbget = await startNzbget(join(roots.base, 'nzbget'), nntp.port)
  t.teardown(() => nzbget.stop())
  const sab = await createSabnzbdSimulator({ apiKey: SAB_KEY })
  t.teardown(() => sab.close())
  const sabEnv = { USENET_CLIENT_TYPE: 'sabnzbd', USENET_CLIENT_URL: sab.url, USENET_CLIENT_API_KEY: SAB_KEY }
  return { qbt, tr, dl, torrents: [qbt, tr, dl], nntp, nzbget, sab, sabEnv }
}

/**
 * The settings for all of them: qBittorrent the default torrent client, Transmission ("tr") and Deluge ("dl")
 * extra ones; `usenet` the default Usenet client, the other an extra one (NZBGet "news2", SABnzbd "sab").
 */
export function allDownloadersSettings (d: AllDownloaders, usenet: 'sabnzbd' | 'nzbget'): Record<string, string> {
  const torrents = clientInstances('TORRENT_CLIENT', d.qbt.env, { tr: d.tr.env, dl: d.dl.env })
  const news = usenet === 'sabnzbd'
    ? clientInstances('USENET_CLIENT', d.sabEnv, { news2: d.nzbget.env })
    : clientInstances('USENET_CLIENT', d.nzbget.env, { sab: d.sabEnv })
  return { ...torrents, ...news }
}

function stopOnce (c: RunningTorrentClient): RunningTorrentClient {
  let stopping: Promise<void> | undefined
  return { ...c, stop: () => (stopping ??= c.stop()) }
}
