// Renders .env.example from the config schema, grouped, one comment line per variable.
// `npm run env-example` rewrites the file; test/env-example.test.ts fails when the two drift apart.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { TSchema } from '@sinclair/typebox'
import { ConfigSchema } from '../config.js'

export const ENV_GROUPS: Array<[string, string[]]> = [
  ['Tool server', ['PORT', 'HOST', 'PUBLIC_URL', 'ALLOWED_ORIGINS', 'ALLOWED_HOSTS', 'TRUST_PROXY', 'MCP_RATE_LIMIT', 'MCP_FAST_PATHS', 'LOG_LEVEL', 'STATE_DIR']],
  ['Authentication', ['INTERNAL_API_KEY', 'OAUTH_STORE', 'OAUTH_APPROVAL_PASSPHRASE', 'OAUTH_CLIENTS']],
  ['Media and downloads roots', ['MEDIA_ROOT', 'DOWNLOADS_ROOT', 'DISK_MIN_FREE_GIB', 'STUCK_MAX_STRIKES', 'SEARCH_LOOP_PER_HOUR', 'CLEANUP_LEAVING_SOON_DAYS', 'CLEANUP_KEEP_TAG', 'PATH_MAP', 'SETUP_CONFIG_ROOT', 'PUID', 'PGID']],
  ['Media server', ['MEDIA_SERVER_TYPE', 'MEDIA_SERVER_URL', 'MEDIA_SERVER_API_KEY', 'MEDIA_SERVER_TOKEN']],
  ['Series and movie managers', ['SERIES_MANAGER_URL', 'SERIES_MANAGER_API_KEY', 'SERIES_MANAGER_INSTANCES', 'MOVIE_MANAGER_URL', 'MOVIE_MANAGER_API_KEY', 'MOVIE_MANAGER_INSTANCES']],
  ['Indexer manager and challenge-bypass proxy', ['INDEXER_MANAGER_URL', 'INDEXER_MANAGER_API_KEY', 'CHALLENGE_PROXY_URL']],
  ['Downloaders', ['TORRENT_CLIENT_URL', 'TORRENT_CLIENT_USERNAME', 'TORRENT_CLIENT_PASSWORD', 'TORRENT_CLIENT_INSTANCES', 'TORRENT_CLIENT_TYPE', 'DOWNLOAD_MANAGER_URL', 'DOWNLOAD_MANAGER_API_KEY', 'ARIA2_RPC_URL', 'ARIA2_RPC_SECRET']],
  // --- usenet
  ['Usenet client (docs/usenet.md)', ['USENET_CLIENT_TYPE', 'USENET_CLIENT_URL', 'USENET_CLIENT_API_KEY', 'USENET_CLIENT_USERNAME', 'USENET_CLIENT_PASSWORD', 'USENET_CLIENT_INSTANCES']],
  // --- requests (Seerr)
  ['Request manager (Seerr)', ['REQUESTS_URL', 'REQUESTS_API_KEY', 'REQUESTS_USERS']],
  ['Local tools', ['FFMPEG_PATH', 'FFPROBE_PATH', 'MKVMERGE_PATH', 'YTDLP_PATH', 'ARIA2C_PATH']],
  ['Chat (web chat and bot)', ['CHAT_BOT_TOKEN', 'CHAT_BOT_API_ROOT', 'ALLOWED_CHAT_USERS', 'LLM_PROVIDER_A_API_KEY', 'LLM_PROVIDER_A_BASE_URL', 'LLM_PROVIDER_A_MODEL', 'LLM_PROVIDER_B_API_KEY', 'LLM_PROVIDER_B_BASE_URL', 'LLM_PROVIDER_B_MODEL', 'MCP_URL']],
  ['Notices (ntfy, Gotify, Discord, webhooks, Apprise)', ['NOTIFY_URLS', 'NOTIFY_PEOPLE', 'NOTIFY_EVENTS']],
  ['Deployment (Compose)', ['TUNNEL_TOKEN', 'HOST_MEDIA_DIR', 'HOST_DOWNLOADS_DIR', 'HOST_CONFIG_DIR']]
]

export function renderEnvExample (): string {
  const props = ConfigSchema.properties as Record<string, TSchema>
  const lines = ['# Mediastack MCP: every setting, with its default. Copy to .env and fill in the keys.', '# Secrets (keys, tokens, passwords) are never logged or shown by the server.', '']
  for (const [group, keys] of ENV_GROUPS) {
    lines.push(`# --- ${group}`)
    for (const key of keys) {
      const schema = props[key]
      if (!schema) throw new Error(`${key} is grouped but not in the config schema`)
      lines.push(`# ${schema.description}`)
      const def = schema.default
      lines.push(`${key}=${def === undefined ? '' : String(def)}`)
    }
    lines.push('')
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../.env.example', import.meta.url), renderEnvExample())
  console.log('wrote .env.example')
}
