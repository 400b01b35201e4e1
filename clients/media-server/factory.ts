// MEDIA_SERVER_TYPE picks the media-server client behind app.backends.mediaServer: Jellyfin (default) or Plex.
import type { BackendFactory } from '../types.js'
import { jellyfinFactory } from '../jellyfin/client.js'
import { plexFactory } from '../plex/client.js'

export const mediaServerFactory: BackendFactory = (config, deps) =>
  config.MEDIA_SERVER_TYPE === 'plex' ? plexFactory(config, deps) : jellyfinFactory(config, deps)
