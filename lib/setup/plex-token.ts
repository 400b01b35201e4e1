// Setup's check of the Plex token (GET /api/setup shows it on the media-server row when MEDIA_SERVER_TYPE=plex).
import { request } from 'undici'
import type { Config } from '../../config.js'
import { displayUrl } from '../../core/display-url.js'

/**
 * The Plex token check: GET / with X-Plex-Token (LukeHagar/plex-api-spec @ ae9507e plex-api-spec.yaml : 201, 13492-13506);
 * a 401 is a wrong token (pkkid/python-plexapi @ 4.16.1 plexapi/server.py : 750-772). The token is never echoed.
 */
export async function checkPlexToken (config: Pick<Config, 'MEDIA_SERVER_URL' | 'MEDIA_SERVER_TOKEN'>): Promise<{ reachable: boolean, version?: string, error?: string }> {
  if (!config.MEDIA_SERVER_TOKEN) return { reachable: false, error: 'Plex is not checked: set MEDIA_SERVER_TOKEN to the server owner\'s X-Plex-Token.' }
  try {
    const res = await request(new URL('/', config.MEDIA_SERVER_URL), { method: 'GET', headers: { accept: 'application/json', 'x-plex-token': config.MEDIA_SERVER_TOKEN }, signal: AbortSignal.timeout(3_000), headersTimeout: 3_000, bodyTimeout: 3_000 })
    const text = await res.body.text()
    if (res.statusCode === 401) return { reachable: true, error: 'Plex refused MEDIA_SERVER_TOKEN (401): use the server owner\'s X-Plex-Token.' }
    if (res.statusCode !== 200) return { reachable: false, error: `Plex answered HTTP ${res.statusCode} on /.` }
    const version = (() => { try { return (JSON.parse(text) as { MediaContainer?: { version?: unknown } }).MediaContainer?.version } catch { return undefined } })()
    return { reachable: true, ...(typeof version === 'string' ? { version } : {}) }
  } catch (err) {
    const code = (err as { code?: string, name?: string }).code ?? (err as Error).name
    return { reachable: false, error: `Plex is unreachable at ${displayUrl(config.MEDIA_SERVER_URL)} (${code ?? 'error'}): check MEDIA_SERVER_URL.` }
  }
}
