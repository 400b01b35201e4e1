// The stack setup wires, simulated: Sonarr and Radarr (shared + setup routes), Prowlarr (with indexer proxies
// and tags), Jellyfin (with sign-in and API keys), a FlareSolverr health endpoint, and a config root with a
// config.xml per *arr service holding freshly generated keys. The tool server config has no keys at all,
// as on a fresh install.
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { buildConfig, type Config } from '../../config.js'
import { makeRoots, testConfig, type TestRoots } from '../helpers/build.js'
import { createServarrSetupSimulator, type ServarrSetupSimulator } from '../../simulators/servarr/setup-routes.js'
import { createProwlarrSetupSimulator, type ProwlarrSetupSimulator } from '../../simulators/prowlarr/setup-proxy.js'
import { createJellyfinSetupSimulator, type JellyfinSetupSimulator } from '../../simulators/jellyfin/setup-auth.js'

export const newKey = () => randomBytes(16).toString('hex')

export function configXml (apiKey: string, port = 8989): string {
  return `<Config>\n  <LogLevel>info</LogLevel>\n  <UrlBase></UrlBase>\n  <BindAddress>*</BindAddress>\n  <Port>${port}</Port>\n  <SslPort>9898</SslPort>\n  <EnableSsl>False</EnableSsl>\n  <LaunchBrowser>False</LaunchBrowser>\n  <ApiKey>${apiKey}</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <AuthenticationRequired>DisabledForLocalAddresses</AuthenticationRequired>\n  <Branch>main</Branch>\n  <InstanceName>Sonarr</InstanceName>\n</Config>\n`
}

export interface SetupStack {
  roots: TestRoots
  configRoot: string
  config: Config
  keys: { sonarr: string, radarr: string, prowlarr: string, jellyfin: string }
  sonarr: ServarrSetupSimulator
  radarr: ServarrSetupSimulator
  prowlarr: ProwlarrSetupSimulator
  jellyfin: JellyfinSetupSimulator
  flaresolverrUrl: string
  /** Every contract violation any simulator saw. */
  violations: () => string[]
  close: () => Promise<void>
}

export async function startSetupStack (t: { teardown: (fn: () => unknown) => void }, overrides: Record<string, unknown> = {}): Promise<SetupStack> {
  const roots = makeRoots()
  const keys = { sonarr: newKey(), radarr: newKey(), prowlarr: newKey(), jellyfin: newKey() }
  const configRoot = join(roots.base, 'stack-config')
  for (const s of ['sonarr', 'radarr', 'prowlarr'] as const) {
    mkdirSync(join(configRoot, s), { recursive: true })
    writeFileSync(join(configRoot, s, 'config.xml'), configXml(keys[s]))
  }
  const disk = { media: roots.media, downloads: roots.downloads }
  const sonarr = await createServarrSetupSimulator('sonarr', { apiKey: keys.sonarr, disk })
  const radarr = await createServarrSetupSimulator('radarr', { apiKey: keys.radarr, disk })
  const prowlarr = await createProwlarrSetupSimulator({ apiKey: keys.prowlarr })
  const jellyfin = await createJellyfinSetupSimulator({ apiKey: keys.jellyfin, scanMs: 5 })
  const flare = Fastify({ logger: false })
  // As FlareSolverr v3.5.0 answers (src/flaresolverr_service.py, index_endpoint); /health carries no version.
  flare.get('/', async () => ({ msg: 'FlareSolverr is ready!', version: '3.5.0', userAgent: 'Mozilla/5.0' }))
  flare.get('/health', async () => ({ status: 'ok' }))
  const flaresolverrUrl = (await flare.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
  // A fresh install: the managers' seeded root folders and the media server's libraries are not there yet.
  sonarr.state.rootFolders.length = 0
  radarr.state.rootFolders.length = 0
  jellyfin.state.libraries.length = 0
  const config = buildConfig({
    ...testConfigInput(roots),
    PATH_MAP: `/data=${roots.media},/downloads=${roots.downloads}`,
    SETUP_CONFIG_ROOT: configRoot,
    SERIES_MANAGER_URL: sonarr.url,
    MOVIE_MANAGER_URL: radarr.url,
    INDEXER_MANAGER_URL: prowlarr.url,
    MEDIA_SERVER_URL: jellyfin.url,
    CHALLENGE_PROXY_URL: flaresolverrUrl,
    TORRENT_CLIENT_URL: 'http://qbittorrent:8085',
    TORRENT_CLIENT_PASSWORD: 'qbt-test-password',
    ...overrides
  })
  const close = async () => {
    await Promise.allSettled([sonarr.close(), radarr.close(), prowlarr.close(), jellyfin.close(), flare.close()])
    roots.cleanup()
  }
  t.teardown(close)
  return {
    roots,
    configRoot,
    config,
    keys,
    sonarr,
    radarr,
    prowlarr,
    jellyfin,
    flaresolverrUrl,
    violations: () => [...sonarr.violations, ...radarr.violations, ...prowlarr.violations, ...jellyfin.violations],
    close
  }
}

/** The plain values testConfig would use, so overrides can be merged before validation. */
function testConfigInput (roots: TestRoots): Record<string, unknown> {
  const c = testConfig(roots)
  return { PORT: c.PORT, HOST: c.HOST, PUBLIC_URL: c.PUBLIC_URL, LOG_LEVEL: c.LOG_LEVEL, MEDIA_ROOT: c.MEDIA_ROOT, DOWNLOADS_ROOT: c.DOWNLOADS_ROOT, STATE_DIR: c.STATE_DIR, INTERNAL_API_KEY: c.INTERNAL_API_KEY }
}

/** Environment for the CLI child process, from a stack config (only the variables setup reads). */
export function cliEnv (config: Config): NodeJS.ProcessEnv {
  const keys = ['MEDIA_ROOT', 'DOWNLOADS_ROOT', 'STATE_DIR', 'PATH_MAP', 'SERIES_MANAGER_URL', 'MOVIE_MANAGER_URL', 'INDEXER_MANAGER_URL', 'MEDIA_SERVER_URL', 'CHALLENGE_PROXY_URL', 'TORRENT_CLIENT_URL', 'TORRENT_CLIENT_USERNAME', 'TORRENT_CLIENT_PASSWORD'] as const
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info' }
  for (const k of keys) env[k] = String(config[k])
  return env
}
