// The simulated backends as `npm run demo` and `npm run simulators` print them: each one's label, URL and key,
// so a person can check any answer against the backend directly, or point a real program's neighbour at it.
import { parseArgs } from 'node:util'

/** `--media-server jellyfin|plex` of both scripts; a wrong value ends the process with its usage line. */
export function mediaServerArg (script: 'demo' | 'simulators'): 'jellyfin' | 'plex' {
  try {
    const { values } = parseArgs({ options: { 'media-server': { type: 'string', default: 'jellyfin' } } })
    if (values['media-server'] !== 'jellyfin' && values['media-server'] !== 'plex') throw new Error(`--media-server must be jellyfin or plex, not "${values['media-server']}"`)
    return values['media-server']
  } catch (err) {
    process.stderr.write(`${(err as Error).message.split('\n')[0]} (usage: npm run ${script} -- [--media-server jellyfin|plex])\n`)
    process.exit(2)
  }
}

export function backendLines (settings: Record<string, string>, o: { mediaServer: 'jellyfin' | 'plex', requests: boolean }): string[] {
  const rows: Array<[string, string | undefined, string | undefined]> = [
    o.mediaServer === 'plex'
      ? ['media server (Plex API, X-Plex-Token)', settings.MEDIA_SERVER_URL, settings.MEDIA_SERVER_TOKEN]
      : ['media server (Jellyfin API)', settings.MEDIA_SERVER_URL, settings.MEDIA_SERVER_API_KEY],
    ['series manager (Sonarr API)', settings.SERIES_MANAGER_URL, settings.SERIES_MANAGER_API_KEY],
    ['movie manager (Radarr API)', settings.MOVIE_MANAGER_URL, settings.MOVIE_MANAGER_API_KEY],
    ['indexer manager (Prowlarr API)', settings.INDEXER_MANAGER_URL, settings.INDEXER_MANAGER_API_KEY],
    ['direct-download manager (pyLoad API)', settings.DOWNLOAD_MANAGER_URL, settings.DOWNLOAD_MANAGER_API_KEY],
    ['Usenet client (SABnzbd API)', settings.USENET_CLIENT_URL, settings.USENET_CLIENT_API_KEY],
    ...(o.requests ? [['request manager (Seerr API)', settings.REQUESTS_URL, settings.REQUESTS_API_KEY] as [string, string | undefined, string | undefined]] : [])
  ]
  return rows.filter(([, url]) => url).map(([label, url, key]) => `    ${label.padEnd(38)} ${url}  key ${key}`)
}

/** The torrent client's WebUI sign-in, printed beside the backends (the demo's real qbittorrent-nox). */
export const torrentLine = (url: string, username: string, password: string) =>
  `    ${'torrent client (qBittorrent WebUI)'.padEnd(38)} ${url}  user ${username}  password ${password}`
