// The demo's settings: its own defaults (loopback, quiet log, the simulated stack's backends), plus the few
// settings a demo user may want to try from the environment (a local web client's origin, another host
// name, a rate limit, an approval passphrase). buildConfig checks them like the server's own.
import { buildConfig, type Config } from '../config.js'

/** Environment variables the demo passes through as they are. */
export const DEMO_PASSTHROUGH = ['ALLOWED_ORIGINS', 'ALLOWED_HOSTS', 'MCP_RATE_LIMIT', 'OAUTH_APPROVAL_PASSPHRASE', 'LLM_PROVIDER_A_API_KEY', 'LLM_PROVIDER_B_API_KEY'] as const

export interface DemoParts {
  port: number
  mediaRoot: string
  downloadsRoot: string
  stateDir: string
  internalKey: string
  /** The simulated stack's backend settings. */
  stack: Record<string, string>
  /** The real torrent client, when one started. */
  torrent?: { url: string, password: string }
}

export function demoConfig (env: NodeJS.ProcessEnv, parts: DemoParts): Config {
  const passed = Object.fromEntries(DEMO_PASSTHROUGH.filter(k => env[k] !== undefined).map(k => [k, env[k]!]))
  return buildConfig({
    PORT: parts.port,
    HOST: env.HOST ?? '127.0.0.1',
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${parts.port}`,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    ...passed,
    MEDIA_ROOT: parts.mediaRoot,
    DOWNLOADS_ROOT: parts.downloadsRoot,
    STATE_DIR: parts.stateDir,
    INTERNAL_API_KEY: parts.internalKey,
    ...parts.stack,
    ...(parts.torrent ? { TORRENT_CLIENT_URL: parts.torrent.url, TORRENT_CLIENT_PASSWORD: parts.torrent.password } : { TORRENT_CLIENT_URL: 'http://127.0.0.1:9' })
  })
}
