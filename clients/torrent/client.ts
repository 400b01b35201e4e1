// The configured torrent client (app.backends.torrent), built by its type; every tool reads it through the
// contract in ./types.ts and never names the product.
import type { Config } from '../../config.js'
import type { ClientDeps } from '../types.js'
import type { PathMap } from '../../core/path-map.js'
import { createQbittorrentClient } from '../qbittorrent/client.js'
import type { TorrentClient } from './types.js'

export type { TorrentClient, TorrentInfo, TorrentFileEntry, AddTorrentOptions, TorrentPhase } from './types.js'

declare module '../types.js' {
  interface Backends {
    torrent: TorrentClient
  }
}

export interface TorrentClientSettings {
  url: string
  username: string
  password: string
  downloadsRoot: string
  pathMap: PathMap
}

/** One torrent client of the configured kind (the default one, or an extra instance). */
export function createTorrentClient (s: TorrentClientSettings): TorrentClient {
  return createQbittorrentClient(s)
}

export function torrentFactory (config: Config, deps: ClientDeps) {
  return {
    torrent: createTorrentClient({
      url: config.TORRENT_CLIENT_URL,
      username: config.TORRENT_CLIENT_USERNAME,
      password: config.TORRENT_CLIENT_PASSWORD,
      downloadsRoot: config.DOWNLOADS_ROOT,
      pathMap: deps.pathMap
    })
  }
}
