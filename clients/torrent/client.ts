// The configured torrent client (app.backends.torrent), built by its type; every tool reads it through the
// contract in ./types.ts and never names the product.
import type { Config } from '../../config.js'
import type { ClientDeps } from '../types.js'
import type { TorrentClientType } from '../../core/instance-config.js'
import { createQbittorrentClient } from '../qbittorrent/client.js'
import { createTransmissionClient } from '../transmission/client.js'
import { createDelugeClient } from '../deluge/client.js'
import type { TorrentClient, TorrentClientSettings } from './types.js'

export type { TorrentClient, TorrentClientSettings, TorrentInfo, TorrentFileEntry, AddTorrentOptions, TorrentPhase } from './types.js'

declare module '../types.js' {
  interface Backends {
    torrent: TorrentClient
  }
}

const MAKERS: Record<TorrentClientType, (s: TorrentClientSettings) => TorrentClient> = {
  qbittorrent: createQbittorrentClient,
  transmission: createTransmissionClient,
  deluge: createDelugeClient
}

/** One torrent client of the given kind (the default one, or an extra instance). */
export function createTorrentClient (type: TorrentClientType, s: TorrentClientSettings): TorrentClient {
  return MAKERS[type](s)
}

export function torrentFactory (config: Config, deps: ClientDeps) {
  return {
    torrent: createTorrentClient(config.TORRENT_CLIENT_TYPE, {
      url: config.TORRENT_CLIENT_URL,
      username: config.TORRENT_CLIENT_USERNAME,
      password: config.TORRENT_CLIENT_PASSWORD,
      downloadsRoot: config.DOWNLOADS_ROOT,
      pathMap: deps.pathMap
    })
  }
}
